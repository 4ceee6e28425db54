/** To a trial-class visitor a manager registers who already has an account: where to continue. */
import { clubDisplayName } from "../../club/identity";
import { href } from "react-router";
import { defineMail } from "./layout";

export const trialExistingAccountMail = defineMail({
  id: "essai-compte-existant",
  label: "Inscription après un essai (compte existant)",
  when: "À la personne venue à un cours d'essai qu'un responsable inscrit, quand elle a déjà un compte.",
  sample: { prenom: "Camille", email: "camille.exemple@exemple.fr", childPrenom: null as string | null },
  write: (d: { prenom: string; email: string; childPrenom: string | null }, club) => {
    const name = clubDisplayName(club.identity);
    return {
      subject: `Votre inscription au club ${name}`,
      lines: [
        `Bonjour ${d.prenom},`.replace(" ,", ","),
        "",
        `Merci de votre intérêt pour le Vovinam Viet Vo Dao et le club ${name}.`,
        `Vous avez déjà un compte sur le site avec l'adresse ${d.email}.`,
        "",
        trialContinueLine(d.childPrenom, club.baseUrl),
        "",
        name,
      ],
    };
  },
});

/** Where a trial visitor goes on to register (also added to the welcome e-mail of a new account). */
export function trialContinueLine(childPrenom: string | null, baseUrl: string): string {
  return `Pour ${childPrenom ? `inscrire ${childPrenom}` : "vous inscrire"} au club pour la saison, continuez ici : ${baseUrl}${href("/espace-membre/inscription")}`;
}

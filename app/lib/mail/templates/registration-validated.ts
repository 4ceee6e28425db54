/** To a pré-inscrit whose registration a manager validated (they become a member). */
import { clubDisplayName } from "../../club/identity";
import { href } from "react-router";
import { defineMail } from "./layout";

export const registrationValidatedMail = defineMail({
  id: "inscription-validee",
  label: "Inscription validée",
  when: "À la personne pré-inscrite, quand un responsable valide son inscription.",
  sample: { prenom: "Camille" },
  write: (d: { prenom: string }, club) => {
    const name = clubDisplayName(club.identity);
    return {
      subject: "Votre inscription au club est validée",
      lines: [
        `Bonjour ${d.prenom},`.replace(" ,", ","),
        "",
        `Bonne nouvelle : votre inscription au club ${name} est validée. Vous êtes désormais membre du club.`,
        "",
        "Votre espace membre est ouvert : votre situation pour la saison, vos grades, les techniques à réviser et la brochure du club.",
        `${club.baseUrl}${href("/espace-membre")}`,
        "",
        "À très bientôt sur le tapis !",
        "",
        name,
      ],
    };
  },
});

/**
 * To a person whose account a manager created (or a trial request turned into
 * an account): the single-use link to choose a password. `next` holds the
 * lines added after the sign-in address (where to go on).
 */
import { clubDisplayName } from "../../club/identity";
import { defineMail } from "./layout";

export const welcomeAccountMail = defineMail({
  id: "compte-cree",
  label: "Compte créé par un responsable",
  when: "À la personne dont un responsable crée le compte : le lien pour choisir son mot de passe.",
  sample: {
    prenom: "Camille",
    email: "camille.exemple@exemple.fr",
    link: "https://club.exemple.fr/reinitialiser-mot-de-passe?token=EXEMPLE",
    validDays: 7,
    next: [] as readonly string[],
  },
  write: (d: { prenom: string; email: string; link: string; validDays: number; next: readonly string[] }, club) => {
    const name = clubDisplayName(club.identity);
    return {
      subject: `Votre compte sur le site du club ${name}`,
      lines: [
        `Bonjour ${d.prenom},`.replace(" ,", ","),
        "",
        `Un compte a été créé pour vous sur le site du club ${name}, avec l'adresse ${d.email}.`,
        "",
        `Pour choisir votre mot de passe, ouvrez ce lien (valable ${d.validDays} jours, utilisable une seule fois) :`,
        d.link,
        "",
        `Vous pourrez ensuite vous connecter à l'espace membre : ${club.baseUrl}/connexion`,
        ...d.next,
        `Si le lien a expiré, demandez-en un nouveau sur ${club.baseUrl}/mot-de-passe-oublie.`,
        "",
        "Si vous ne connaissez pas ce club, ignorez ce message.",
        "",
        name,
      ],
    };
  },
});

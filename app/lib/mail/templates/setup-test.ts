/** To the first administrator, at the end of the first-run setup: proof that the site sends e-mails. */
import { href } from "react-router";
import { defineMail } from "./layout";

export const setupTestMail = defineMail({
  id: "essai-installation",
  label: "Essai d'envoi à l'installation",
  when: "Au premier administrateur, à la fin de la mise en route du site.",
  sample: { prenom: "Dominique", email: "dominique.exemple@exemple.fr" },
  write: (d: { prenom: string; email: string }, club) => ({
    subject: "Essai d'envoi : le site du club sait écrire",
    lines: [
      `Bonjour ${d.prenom},`,
      "",
      "Ce message confirme que le site du club envoie bien ses e-mails.",
      `Vous êtes administrateur : connectez-vous sur ${club.baseUrl}${href("/connexion")} avec l'adresse ${d.email}.`,
    ],
  }),
});

/** To an account that asked « Mot de passe oublié »: the reset link (valid 30 minutes). */
import { defineMail } from "./layout";

export const passwordResetMail = defineMail({
  id: "mot-de-passe-oublie",
  label: "Mot de passe oublié",
  when: "À la personne qui demande à réinitialiser son mot de passe.",
  sample: { prenom: "Camille", link: "https://club.exemple.fr/reinitialiser-mot-de-passe?token=EXEMPLE" },
  write: (d: { prenom: string; link: string }) => ({
    subject: "Réinitialisation de votre mot de passe",
    lines: [
      `Bonjour ${d.prenom},`.replace(" ,", ","),
      "",
      "Vous avez demandé à réinitialiser le mot de passe de votre compte sur le site du club.",
      "Pour choisir un nouveau mot de passe, ouvrez ce lien (valable 30 minutes, une seule fois) :",
      d.link,
      "",
      "Si vous n'êtes pas à l'origine de cette demande, ignorez ce message : votre mot de passe reste inchangé.",
    ],
  }),
});

/** To the CURRENT address of an account: a change of address was asked. */
import { defineMail } from "./layout";

export const emailChangeNoticeMail = defineMail({
  id: "changement-adresse",
  label: "Changement d'adresse demandé",
  when: "À l'adresse actuelle d'un compte, quand une nouvelle adresse est demandée.",
  sample: { prenom: "Camille", newEmail: "camille.nouvelle@exemple.fr" },
  write: (d: { prenom: string; newEmail: string }) => ({
    subject: "Demande de changement de votre adresse e-mail",
    lines: [
      d.prenom ? `Bonjour ${d.prenom},` : "Bonjour,",
      "",
      `Une demande a été faite pour remplacer l'adresse e-mail de votre compte par ${d.newEmail}.`,
      "Rien ne change tant que la nouvelle adresse n'est pas confirmée par le lien qui lui a été envoyé.",
      "Si vous n'êtes pas à l'origine de cette demande, changez votre mot de passe et contactez le club.",
    ],
  }),
});

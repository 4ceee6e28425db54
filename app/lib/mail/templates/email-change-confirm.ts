/** To the NEW address of an account: the link that confirms it. */
import { defineMail } from "./layout";

export const emailChangeConfirmMail = defineMail({
  id: "adresse-a-confirmer",
  label: "Nouvelle adresse e-mail à confirmer",
  when: "À la nouvelle adresse qu'un membre donne dans son profil : le lien qui la confirme.",
  sample: { prenom: "Camille", link: "https://club.exemple.fr/confirmer-email?jeton=EXEMPLE", validHours: 24 },
  write: (d: { prenom: string; link: string; validHours: number }) => ({
    subject: "Confirmez votre nouvelle adresse e-mail",
    lines: [
      d.prenom ? `Bonjour ${d.prenom},` : "Bonjour,",
      "",
      "Vous avez demandé à utiliser cette adresse pour votre compte sur le site du club.",
      `Pour la confirmer, ouvrez ce lien (valable ${d.validHours} heures) :`,
      d.link,
      "",
      "Tant qu'elle n'est pas confirmée, votre compte garde son adresse actuelle.",
      "Si vous n'êtes pas à l'origine de cette demande, ignorez ce message.",
    ],
  }),
});

/** To the club's address: a message sent through the site's contact form (the visitor's text as typed). */
import { formatLongDateTime } from "../../core/time";
import { defineMail, verbatim } from "./layout";

export const contactMessageMail = defineMail({
  id: "message-de-contact",
  label: "Message du formulaire de contact",
  when: "À l'adresse du club, pour chaque message envoyé par le formulaire de contact.",
  sample: {
    name: "Camille Exemple",
    email: "camille.exemple@exemple.fr",
    subject: "Horaires des cours enfants",
    message: "Bonjour,\nQuels sont les horaires des cours pour les enfants de 8 ans ?\nMerci.",
    receivedAt: new Date("2026-09-14T16:30:00Z"),
  },
  write: (d: { name: string; email: string; subject: string; message: string; receivedAt: Date }) => ({
    subject: `[Site] ${d.subject} – ${d.name}`,
    lines: [
      "Nouveau message envoyé depuis le formulaire de contact du site.",
      "",
      `Nom : ${d.name}`,
      `E-mail : ${d.email}`,
      `Objet : ${d.subject}`,
      `Reçu le : ${formatLongDateTime(d.receivedAt)}`,
      "",
      verbatim(d.message),
      "",
      "—",
      "Pour répondre, utilisez simplement la fonction « Répondre » de votre messagerie.",
      "Le message est aussi enregistré dans l'espace membre (tableau de bord).",
    ],
  }),
});

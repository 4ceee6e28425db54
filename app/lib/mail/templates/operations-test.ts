/** To the admin who asks for it on the operations page: a test e-mail. */
import { defineMail } from "./layout";

export const operationsTestMail = defineMail({
  id: "essai-exploitation",
  label: "Essai d'envoi (page Exploitation)",
  when: "À l'administrateur qui demande un e-mail d'essai sur la page Exploitation.",
  sample: { prenom: "Dominique" },
  write: (d: { prenom: string }) => ({
    subject: "Essai d'envoi depuis la page Exploitation",
    lines: [`Bonjour ${d.prenom},`, "", "Ce message d'essai confirme que le site du club envoie bien ses e-mails."],
  }),
});

/** To a family: a document sent for the season was refused (the manager's reason as typed). */
import { de } from "../../typography/elision";
import { href } from "react-router";
import { defineMail, verbatim } from "./layout";

export const documentRefusedMail = defineMail({
  id: "document-refuse",
  label: "Document refusé",
  when: "À la famille, quand un responsable refuse une pièce envoyée pour la saison.",
  sample: {
    parentPrenom: "Camille",
    prenom: "Léo",
    nom: "Exemple",
    label: "Certificat médical",
    reason: "Le certificat n'est pas signé par le médecin.",
  },
  write: (d: { parentPrenom: string; prenom: string; nom: string; label: string; reason: string }, club) => ({
    subject: `${d.label} ${de(d.prenom)} : à renvoyer`,
    lines: [
      `Bonjour ${d.parentPrenom},`.replace(" ,", ","),
      "",
      `Le club n'a pas pu accepter le document envoyé pour ${d.prenom} ${d.nom} (${d.label.toLowerCase()}) :`,
      verbatim(d.reason),
      "",
      `Pour en déposer un autre : ${club.baseUrl}${href("/espace-membre/inscription/pieces")}`,
      "",
      "Le fichier refusé a été supprimé.",
    ],
  }),
});

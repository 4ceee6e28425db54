/** To a family: an aid declared for a registration (Pass'Sport…) was refused (the reason as typed). */
import { href } from "react-router";
import { defineMail, verbatim } from "./layout";

export interface AidRefusedData {
  parentPrenom: string;
  prenom: string;
  nom: string;
  aidCode: string;
  reason: string;
  /** Amounts as printed: the aid withdrawn, the new total, what is left to pay (null: nothing paid yet or all paid). */
  aid: string;
  total: string;
  rest: string | null;
}

export const aidRefusedMail = defineMail({
  id: "aide-refusee",
  label: "Aide refusée",
  when: "À la famille, quand un responsable refuse une aide déclarée à l'inscription.",
  sample: {
    parentPrenom: "Camille",
    prenom: "Léo",
    nom: "Exemple",
    aidCode: "Pass'Sport",
    reason: "Le code donné n'est pas valable cette saison.",
    aid: "50,00 €",
    total: "240,00 €",
    rest: "120,00 €",
  },
  write: (d: AidRefusedData, club) => ({
    subject: `Aide ${d.aidCode} pour ${d.prenom} : non acceptée`,
    lines: [
      `Bonjour ${d.parentPrenom},`.replace(" ,", ","),
      "",
      `Le club n'a pas pu accepter l'aide ${d.aidCode} déclarée pour ${d.prenom} ${d.nom} :`,
      verbatim(d.reason),
      "",
      `La réduction de ${d.aid} est retirée : l'inscription s'élève désormais à ${d.total}${d.rest ? `, dont ${d.rest} restent à payer` : ""}.`,
      `Pour payer : ${club.baseUrl}${href("/espace-membre/inscription/paiement")}`,
    ],
  }),
});

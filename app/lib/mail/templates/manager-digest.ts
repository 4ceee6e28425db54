/** To each manager who chose « quotidien »: the previous day's requests and payment alerts, one line each. */
import { href } from "react-router";
import { formatDateTime } from "../../core/time";
import { defineMail } from "./layout";

export interface ManagerDigestData {
  prenom: string;
  /** One line per request or alert (without the leading « - »). */
  lines: readonly string[];
  /** Whether a payment alert is listed (then the payments page is linked). */
  payments: boolean;
}

export const managerDigestMail = defineMail({
  id: "responsables-resume",
  label: "Résumé quotidien (responsables)",
  when: "Chaque matin, aux responsables qui ont choisi « quotidien », quand la veille a apporté des demandes.",
  sample: {
    prenom: "Dominique",
    lines: [
      "Nouvelle pré-inscription : Camille Exemple (camille.exemple@exemple.fr), le 14/09/2026 à 18 h 30",
      "Demande de cours d'essai : Léo Exemple (06 00 00 00 00), le 14/09/2026 à 20 h 05",
    ],
    payments: false,
  },
  write: (d: ManagerDigestData, club) => ({
    subject: `Résumé de la veille : ${d.lines.length} demande${d.lines.length > 1 ? "s" : ""} à traiter`,
    lines: [
      `Bonjour ${d.prenom},`.replace(" ,", ","),
      "",
      "Hier sur le site du club :",
      ...d.lines.map((l) => `- ${l}`),
      "",
      `La liste des utilisateurs : ${club.baseUrl}${href("/espace-membre/utilisateurs")}`,
      ...(d.payments ? [`Les paiements de la saison : ${club.baseUrl}${href("/espace-membre/saison/paiements")}`] : []),
    ],
  }),
});

/** A payment alert as a line of the digest. */
export function paymentAlertLine(message: string, at: Date): string {
  return `Paiement HelloAsso : ${message} (${formatDateTime(at)})`;
}

/** To each season manager who chose « immédiat »: HelloAsso reports a refused, cancelled or refunded payment. */
import { href } from "react-router";
import { formatDateTime } from "../../core/time";
import { defineMail } from "./layout";
import { notificationChoiceLine } from "./manager-notice";

export interface PaymentAlertData {
  prenom: string;
  /** The instalments' new states, « refusée », « remboursée »… (the subject). */
  states: readonly string[];
  /** The alert as the payments page records it. */
  message: string;
  at: Date;
}

export const managerPaymentAlertMail = defineMail({
  id: "responsables-paiement",
  label: "Alerte de paiement HelloAsso (responsables)",
  when: "Aux responsables de la saison qui ont choisi « immédiat », quand HelloAsso signale un paiement refusé, annulé ou remboursé.",
  sample: {
    prenom: "Dominique",
    states: ["refusée"],
    message: "Échéance 2 de 120,00 € refusée (commande HelloAsso 12345).",
    at: new Date("2026-10-14T08:00:00Z"),
  },
  write: (d: PaymentAlertData, club) => ({
    subject: `Paiement HelloAsso : ${d.states.join(", ")}`,
    lines: [
      `Bonjour ${d.prenom},`.replace(" ,", ","),
      "",
      `${d.message} (${formatDateTime(d.at)})`,
      "",
      `Les paiements de la saison : ${club.baseUrl}${href("/espace-membre/saison/paiements")}`,
      "",
      notificationChoiceLine(club.baseUrl),
    ],
  }),
});

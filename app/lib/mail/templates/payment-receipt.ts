/** To a family: a payment of its registration was received (HelloAsso instalment, cheque…). */
import { href } from "react-router";
import { defineMail } from "./layout";

/** A payment received: a HelloAsso instalment (number null when the order has one), or one the club recorded. */
export type ReceivedPayment =
  | { kind: "instalment"; number: number | null; amount: string; date: string }
  | { kind: "recorded"; amount: string; method: string; date: string };

/** « l'échéance 2 de 120,00 € » or « votre paiement de 120,00 € » (one instalment only). */
export function instalmentLabel(number: number | null, amount: string): string {
  return number === null ? `votre paiement de ${amount}` : `l'échéance ${number} de ${amount}`;
}

function receivedSentence(p: ReceivedPayment): string {
  if (p.kind === "recorded") return `Le club a reçu votre paiement de ${p.amount} (${p.method}) le ${p.date}.`;
  const label = instalmentLabel(p.number, p.amount);
  return `${label.charAt(0).toUpperCase()}${label.slice(1)} a été encaissé${p.number === null ? "" : "e"} le ${p.date}.`;
}

export interface PaymentReceiptData {
  prenom: string;
  season: string;
  /** What was received (dates and amounts as printed). */
  received: ReceivedPayment;
  paid: boolean;
  /** « 120,00 € », « 240,00 € »: collected so far and the registration's total. */
  collected: string;
  total: string;
  /** The schedule's lines (date, amount, method, state). */
  schedule: readonly string[];
}

export const paymentReceiptMail = defineMail({
  id: "paiement-recu",
  label: "Paiement reçu",
  when: "À la famille, pour chaque paiement de son inscription encaissé.",
  sample: {
    prenom: "Camille",
    season: "2026-2027",
    received: { kind: "instalment", number: 1, amount: "120,00 €", date: "14/09/2026" },
    paid: false,
    collected: "120,00 €",
    total: "240,00 €",
    schedule: ["14/09/2026 : 120,00 € (HelloAsso), encaissée", "14/10/2026 : 120,00 € (HelloAsso), à venir"],
  },
  write: (d: PaymentReceiptData, club) => ({
    subject: `Inscription ${d.season} : paiement reçu`,
    lines: [
      `Bonjour ${d.prenom},`.replace(" ,", ","),
      "",
      receivedSentence(d.received),
      d.paid ? "Votre inscription est payée : merci !" : `Encaissé à ce jour : ${d.collected} sur ${d.total}.`,
      "",
      "Échéancier de l'inscription :",
      ...d.schedule.map((l) => `- ${l}`),
      "",
      `L'attestation de paiement et le détail : ${club.baseUrl}${href("/espace-membre/inscription/paiement")}`,
    ],
  }),
});

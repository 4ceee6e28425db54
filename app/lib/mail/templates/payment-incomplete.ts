/** To a family: HelloAsso reports a refused, cancelled or refunded instalment of its registration. */
import { href } from "react-router";
import { defineMail } from "./layout";
import { instalmentLabel } from "./payment-receipt";

export interface PaymentIncompleteData {
  prenom: string;
  season: string;
  /** The instalments that failed (number null when the order has one), their state as « refusé », « annulé »… */
  failed: ReadonlyArray<{ number: number | null; amount: string; state: string }>;
  /** What is left to pay, « 120,00 € », or null when the other payments cover it. */
  rest: string | null;
  schedule: readonly string[];
}

export const paymentIncompleteMail = defineMail({
  id: "paiement-incomplet",
  label: "Paiement incomplet",
  when: "À la famille, quand HelloAsso signale une échéance refusée, annulée ou remboursée.",
  sample: {
    prenom: "Camille",
    season: "2026-2027",
    failed: [{ number: 2, amount: "120,00 €", state: "refusé" }],
    rest: "120,00 €",
    schedule: ["14/09/2026 : 120,00 € (HelloAsso), encaissée", "14/10/2026 : 120,00 € (HelloAsso), refusée"],
  },
  write: (d: PaymentIncompleteData, club) => ({
    subject: `Inscription ${d.season} : paiement incomplet`,
    lines: [
      `Bonjour ${d.prenom},`.replace(" ,", ","),
      "",
      `HelloAsso nous signale que ${d.failed
        .map((i) => `${instalmentLabel(i.number, i.amount)} a été ${i.state}${i.number === null ? "" : "e"}`)
        .join(" et que ")}.`,
      d.rest
        ? `Il reste ${d.rest} à régler pour que l'inscription soit payée.`
        : "Les autres paiements couvrent l'inscription : vous n'avez rien à faire.",
      "",
      "Échéancier de l'inscription :",
      ...d.schedule.map((l) => `- ${l}`),
      "",
      ...(d.rest
        ? [
            `Pour régler le reste (chèque, espèces, virement… selon les moyens du club) : ${club.baseUrl}${href("/espace-membre/inscription/paiement")}`,
            "",
          ]
        : []),
      "Le trésorier du club est prévenu. Répondez à ce message pour toute question.",
    ],
  }),
});

/**
 * A registration's money as it is, browser-safe: what was
 * collected, what is still scheduled, what failed, and the state the family
 * and the managers read.
 *
 * Rules:
 *  - A HelloAsso instalment is collected only in the state `Authorized`
 *    (Enums.PaymentState of HelloAsso's published file). `Refused`, `Error`
 *    and `Abandoned` read « refusé », `Canceled` and `Deleted` « annulé »,
 *    `Refunded` and `Refunding` « remboursé », `Contested` « contesté »;
 *    anything else (Registered, Pending, Waiting…, or not read yet) is
 *    « à venir ».
 *  - A cheque, cash, transfer or ANCV payment is collected once recorded.
 *  - The registration is « payée » only when what was collected covers its
 *    total; otherwise « paiement incomplet » when an instalment failed and
 *    what is still scheduled does not cover the rest, « paiement en cours »
 *    while instalments are to come, else « en attente de paiement ».
 */

export type InstalmentState = "a-venir" | "encaisse" | "refuse" | "annule" | "rembourse" | "conteste";

export const INSTALMENT_STATE_LABELS: Record<InstalmentState, string> = {
  "a-venir": "à venir",
  encaisse: "encaissé",
  refuse: "refusé",
  annule: "annulé",
  rembourse: "remboursé",
  conteste: "contesté",
};

/** The failed states: the family has to pay this amount another way. */
const FAILED: ReadonlySet<InstalmentState> = new Set(["refuse", "annule", "rembourse", "conteste"]);

/** HelloAsso's state of a payment (Enums.PaymentState) as the club reads it. */
export function instalmentState(helloAssoState: string): InstalmentState {
  switch (helloAssoState) {
    case "Authorized":
      return "encaisse";
    case "Refused":
    case "Error":
    case "Abandoned":
      return "refuse";
    case "Canceled":
    case "Deleted":
      return "annule";
    case "Refunded":
    case "Refunding":
      return "rembourse";
    case "Contested":
      return "conteste";
    default:
      return "a-venir";
  }
}

export function isFailed(state: InstalmentState): boolean {
  return FAILED.has(state);
}

/** A payment row as this module needs it. */
export interface PaymentLike {
  method: string;
  state: string;
  amountCents: number;
  instalments: { number: number; amount: number; state: string; date: string }[];
  receivedOn: string | null;
  appliedAt: Date | string | null;
  createdAt: Date | string;
}

export interface ScheduleLine {
  /** Instalment number for HelloAsso (1, 2, 3), null for a manual payment. */
  number: number | null;
  method: string;
  amountCents: number;
  /** ISO date or date-time: the instalment's date, or the day a manual payment was received. */
  date: string;
  state: InstalmentState;
}

export type PaymentSituation = "payee" | "incomplet" | "en-cours" | "a-payer";

export const PAYMENT_SITUATION_LABELS: Record<PaymentSituation, string> = {
  payee: "payée",
  incomplet: "paiement incomplet",
  "en-cours": "paiement en cours",
  "a-payer": "en attente de paiement",
};

export interface MoneySummary {
  situation: PaymentSituation;
  totalCents: number;
  collectedCents: number;
  /** HelloAsso instalments still to come. */
  scheduledCents: number;
  /** Instalments refused, cancelled, refunded or contested. */
  failedCents: number;
  /** What the family still has to pay beyond the scheduled instalments (never below 0). */
  restCents: number;
  schedule: ScheduleLine[];
}

const iso = (d: Date | string | null): string => (d instanceof Date ? d.toISOString() : (d ?? ""));

/** The lines a payment counts for: its instalments (HelloAsso) or itself (recorded by a manager). */
export function scheduleOf(p: PaymentLike): ScheduleLine[] {
  if (p.state !== "appliquee" && p.state !== "remboursee") return [];
  if (p.method === "helloasso" && p.instalments.length) {
    return [...p.instalments]
      .sort((a, b) => a.number - b.number)
      .map((i) => ({
        number: i.number,
        method: p.method,
        amountCents: i.amount,
        date: i.date,
        state: instalmentState(i.state),
      }));
  }
  if (p.state !== "appliquee") return [];
  return [
    {
      number: null,
      method: p.method,
      amountCents: p.amountCents,
      date: p.receivedOn ?? iso(p.appliedAt ?? p.createdAt),
      state: "encaisse",
    },
  ];
}

/** The registration's money: collected, scheduled, failed, rest, and its state. */
export function moneySummary(totalCents: number, payments: PaymentLike[]): MoneySummary {
  const schedule = payments.flatMap(scheduleOf);
  const sum = (f: (l: ScheduleLine) => boolean) => schedule.filter(f).reduce((s, l) => s + l.amountCents, 0);
  const collectedCents = sum((l) => l.state === "encaisse");
  const scheduledCents = sum((l) => l.state === "a-venir");
  const failedCents = sum((l) => isFailed(l.state));
  const restCents = Math.max(0, totalCents - collectedCents - scheduledCents);
  const situation: PaymentSituation =
    collectedCents >= totalCents
      ? "payee"
      : failedCents > 0 && restCents > 0
        ? "incomplet"
        : scheduledCents > 0
          ? "en-cours"
          : "a-payer";
  return { situation, totalCents, collectedCents, scheduledCents, failedCents, restCents, schedule };
}

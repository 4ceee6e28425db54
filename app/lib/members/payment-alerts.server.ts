/**
 * HelloAsso refunds and payment state changes (issue 14, decision 0029; issue 56).
 *
 * Rules:
 *  - Only what the API says counts: `noteStateChanges` is called by
 *    reconcileOrder with the order READ from HelloAsso, inside its transaction,
 *    with the payment row locked; the instalment states are compared with those
 *    stored at the previous read (or the terms asked at checkout), so any
 *    number of notifications raise one alert per change. An instalment the
 *    API lists for the first time already refused alerts too (HelloAsso may
 *    list only the payments already attempted).
 *  - A change towards a state that needs a manager (refunded, being refunded,
 *    refused, contested, cancelled, error, abandoned) is an alert: a
 *    `payment_alerts` row shown in the managers' to-do and on the payments page
 *    until a manager marks it handled, an audit entry, and the managers'
 *    notification (manager-notifications.server.ts: at once, in the daily
 *    digest, or never, as each manager chose).
 *  - An order whose every instalment taken is refunded turns its payment
 *    « remboursee ». What the registration becomes (paid only when every
 *    instalment is collected) is registration-settlement.server.ts's rule.
 */
import { and, asc, desc, eq, isNull } from "drizzle-orm";
import { paymentAlerts, payments } from "#db/schema";
import { db } from "../core/db.server";
import { DomainError } from "../core/errors";
import { log } from "../core/log.server";
import { formatEuros } from "../core/money";
import { notifyManagersOfPayment } from "./manager-notifications.server";
import { audit } from "../core/audit.server";
import { type Actor } from "./users-rules.server";

type Instalment = { number: number; amount: number; state: string; date: string };
type PaymentRow = typeof payments.$inferSelect;

/** HelloAsso payment states (Enums.PaymentState) a manager must know about, in French (masculine). */
const ALERT_STATES: Record<string, string> = {
  Refunded: "remboursé",
  Refunding: "en cours de remboursement",
  Refused: "refusé",
  Contested: "contesté par le payeur",
  Canceled: "annulé",
  Error: "en erreur",
  Abandoned: "abandonné",
};

/** The state agreeing with « l'échéance » (feminine) or « le paiement ». */
const stateOf = (state: string, feminine: boolean) =>
  feminine ? ALERT_STATES[state]!.replace(/é(?=\s|$)/, "ée") : ALERT_STATES[state]!;

/** States in which the money was taken (then possibly given back). */
const TAKEN = new Set(["Authorized", "Refunded", "Refunding", "Contested"]);

/**
 * Compares the order's instalments with those stored on `payment`, records the
 * alerts, and marks the payment refunded when every instalment taken was.
 * Returns the alerts' messages.
 */
export async function noteStateChanges(
  payment: PaymentRow,
  after: Instalment[],
  orderId: number,
  now: Date,
): Promise<string[]> {
  const before = new Map(payment.instalments.map((i) => [i.number, i.state]));
  const changed = after.filter((i) => before.get(i.number) !== i.state && ALERT_STATES[i.state]);
  if (changed.length === 0) return [];
  const taken = after.filter((i) => TAKEN.has(i.state));
  const fullyRefunded = taken.length > 0 && taken.every((i) => i.state === "Refunded");
  const messages: string[] = [];
  const who = payment.payerName || payment.payerEmail || "payeur inconnu";
  const several = after.length > 1;
  for (const i of changed) {
    const part = several
      ? `L'échéance ${i.number} (${formatEuros(i.amount)})`
      : `Le paiement de ${formatEuros(i.amount)}`;
    messages.push(`${part} de la commande HelloAsso ${orderId} (${who}) est ${stateOf(i.state, several)}.`);
  }
  if (payment.registrationId !== null && payment.state === "appliquee") {
    messages.push(
      `L'inscription n° ${payment.registrationId} est en « paiement incomplet » ; la famille en est prévenue par e-mail.`,
    );
  }
  if (fullyRefunded && payment.state !== "remboursee") {
    await db.update(payments).set({ state: "remboursee" }).where(eq(payments.id, payment.id));
  }
  const message = messages.join(" ");
  await db.insert(paymentAlerts).values({ paymentId: payment.id, message, createdAt: now });
  await audit(null, "payment.alert", message);
  await notifyManagersOfPayment([...new Set(changed.map((i) => stateOf(i.state, several)))], message, now);
  log.warn("helloasso: payment state change", { paymentId: payment.id, orderId, states: changed.map((i) => i.state) });
  return messages;
}

/** Alerts not handled yet, oldest first. */
export async function openPaymentAlerts() {
  return db
    .select({
      id: paymentAlerts.id,
      message: paymentAlerts.message,
      createdAt: paymentAlerts.createdAt,
      paymentId: paymentAlerts.paymentId,
    })
    .from(paymentAlerts)
    .where(isNull(paymentAlerts.handledAt))
    .orderBy(asc(paymentAlerts.createdAt), desc(paymentAlerts.id));
}

/** A manager marks an alert handled (once). */
export async function handlePaymentAlert(actor: Actor, alertId: number, now: Date = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(paymentAlerts)
      .set({ handledAt: now, handledBy: actor.id })
      .where(and(eq(paymentAlerts.id, alertId), isNull(paymentAlerts.handledAt)))
      .returning();
    if (!row) throw new DomainError("Cette alerte est déjà traitée.", { status: 409 });
    await audit(actor, "payment.alert-handled", `Alerte traitée : ${row.message}`);
  });
}

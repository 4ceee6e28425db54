/**
 * HelloAsso refunds and payment state changes (issue 14, decision 0029).
 *
 * Rules:
 *  - Only what the API says counts: `noteStateChanges` is called by
 *    reconcileOrder with the order READ from HelloAsso, inside its transaction,
 *    with the payment row locked; the instalment states are compared with those
 *    stored at the previous read, so any number of notifications raise one
 *    alert per change.
 *  - A change towards a state that needs a manager (refunded, being refunded,
 *    refused, contested, cancelled, error, abandoned) is an alert: a
 *    `payment_alerts` row shown in the managers' to-do and on the payments page
 *    until a manager marks it handled, an audit entry, and an e-mail (outbox) to
 *    each manager of the season who did not choose « jamais ».
 *  - An order whose every instalment taken is refunded turns its payment
 *    « remboursee »: it no longer counts for its registration; an applied one
 *    that no longer covers the registration sends it back to awaiting payment
 *    and removes the HelloAsso cotisation recorded for its profiles.
 */
import { and, asc, desc, eq, isNull, sql } from "drizzle-orm";
import { paymentAlerts, payments, registrationLines, registrations, seasonStatuses, users } from "#db/schema";
import { findSection } from "../accounts/permissions";
import { getSetting } from "../club/settings.server";
import { db } from "../core/db.server";
import { env } from "../core/env.server";
import { DomainError } from "../core/errors";
import { log } from "../core/log.server";
import { formatEuros } from "../core/money";
import { queueMail } from "../mail/mail.server";
import { syncUserFlags } from "./seasons.server";
import { audit, type Actor } from "./users-rules.server";

type Instalment = { number: number; amount: number; state: string; date: string };
type PaymentRow = typeof payments.$inferSelect;

const PAYMENTS_PAGE = "/espace-membre/saison/paiements";

/** HelloAsso payment states (Enums.PaymentState) a manager must know about, in French. */
const ALERT_STATES: Record<string, string> = {
  Refunded: "remboursée",
  Refunding: "en cours de remboursement",
  Refused: "refusée",
  Contested: "contestée par le payeur",
  Canceled: "annulée",
  Error: "en erreur",
  Abandoned: "abandonnée",
};

/** States in which the money was taken (then possibly given back). */
const TAKEN = new Set(["Authorized", "Refunded", "Refunding", "Contested"]);

async function seasonManagers() {
  const roles = findSection("saison").roles;
  const rows = await db
    .select({ id: users.id, email: users.email, prenom: users.prenom })
    .from(users)
    .where(
      and(
        eq(users.active, true),
        sql`${users.roles} && ARRAY[${sql.join(
          roles.map((r) => sql`${r}`),
          sql`, `,
        )}]::text[]`,
      ),
    );
  const choices = await getSetting("managerNotifications");
  return rows.filter((r) => choices[r.id] !== "jamais");
}

/**
 * Compares the order's instalments with those stored on `payment`, records the
 * alerts, and updates the payment (and its registration when fully refunded).
 * Returns the alerts' messages.
 */
export async function noteStateChanges(
  payment: PaymentRow,
  after: Instalment[],
  orderId: number,
  now: Date,
): Promise<string[]> {
  const before = new Map(payment.instalments.map((i) => [i.number, i.state]));
  if (before.size === 0) return [];
  const changed = after.filter(
    (i) => before.has(i.number) && before.get(i.number) !== i.state && ALERT_STATES[i.state],
  );
  if (changed.length === 0) return [];
  const taken = after.filter((i) => TAKEN.has(i.state));
  const fullyRefunded = taken.length > 0 && taken.every((i) => i.state === "Refunded");
  const messages: string[] = [];
  const who = payment.payerName || payment.payerEmail || "payeur inconnu";
  for (const i of changed) {
    const part =
      after.length > 1
        ? `L'échéance ${i.number} (${formatEuros(i.amount)})`
        : `Le paiement de ${formatEuros(i.amount)}`;
    messages.push(`${part} de la commande HelloAsso ${orderId} (${who}) est ${ALERT_STATES[i.state]}.`);
  }
  let reopened: { id: number; ownerId: string } | null = null;
  if (fullyRefunded && payment.state !== "remboursee") {
    await db.update(payments).set({ state: "remboursee" }).where(eq(payments.id, payment.id));
    if (payment.state === "appliquee" && payment.registrationId !== null) {
      const [reg] = await db
        .select()
        .from(registrations)
        .where(eq(registrations.id, payment.registrationId))
        .for("update");
      const [paid] = await db
        .select({ sum: sql<number>`coalesce(sum(${payments.amountCents}), 0)::int` })
        .from(payments)
        .where(and(eq(payments.registrationId, payment.registrationId), eq(payments.state, "appliquee")));
      if (reg && reg.status === "payee" && (paid?.sum ?? 0) < reg.totalCents) {
        await db
          .update(registrations)
          .set({ status: "en-attente", paidAt: null, updatedAt: now, version: sql`${registrations.version} + 1` })
          .where(eq(registrations.id, reg.id));
        const lines = await db
          .select({ profileId: registrationLines.profileId })
          .from(registrationLines)
          .where(eq(registrationLines.registrationId, reg.id));
        for (const l of lines) {
          await db
            .update(seasonStatuses)
            .set({
              cotisationPaidOn: null,
              cotisationAmountCents: null,
              cotisationMeans: null,
              updatedAt: now,
              version: sql`${seasonStatuses.version} + 1`,
            })
            .where(
              and(
                eq(seasonStatuses.profileId, l.profileId),
                eq(seasonStatuses.season, reg.season),
                eq(seasonStatuses.cotisationMeans, "helloasso"),
              ),
            );
        }
        reopened = { id: reg.id, ownerId: reg.ownerId };
        messages.push(`L'inscription n° ${reg.id} repasse en attente de paiement.`);
      }
    }
  }
  const message = messages.join(" ");
  await db.insert(paymentAlerts).values({ paymentId: payment.id, message, createdAt: now });
  await audit(null, "payment.alert", message, { userId: reopened?.ownerId ?? null });
  for (const m of await seasonManagers()) {
    await queueMail({
      to: m.email,
      subject: `Paiement HelloAsso : ${changed.map((i) => ALERT_STATES[i.state]).join(", ")}`,
      text: [
        `Bonjour ${m.prenom},`.replace(" ,", ","),
        "",
        message,
        "",
        `Les paiements de la saison : ${env().BASE_URL}${PAYMENTS_PAGE}`,
      ].join("\n"),
    });
  }
  if (reopened) await syncUserFlags([reopened.ownerId], now);
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

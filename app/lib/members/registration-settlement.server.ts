/**
 * A registration's state follows the money actually collected.
 *
 * Rules:
 *  - `settleRegistration` reads every payment of the registration
 *    (payment-schedule.ts): it turns « payee » only when what was collected
 *    covers the total (HelloAsso instalments `Authorized`, cheques, cash…);
 *    a paid registration that no longer is (refund, refused instalment
 *    counted before) goes back to awaiting payment and loses the cotisation
 *    its payments had written on its profiles' season status.
 *  - `mailFamilyOnChange` compares a HelloAsso payment's instalments before
 *    and after a read of the order: each instalment newly collected sends the
 *    family a receipt, each one newly refused, cancelled, refunded or
 *    contested sends the family what happened and how to pay the rest (the
 *    payment page: the club's other means of payment). The caller holds the
 *    payment row locked, so any number of notifications send each e-mail
 *    once.
 *  - E-mails go through the outbox, in French, to the registration's account.
 */
import { and, asc, eq, inArray, isNull, ne, sql } from "drizzle-orm";
import { payments, registrationLines, registrations, seasonStatuses, users } from "#db/schema";
import { db } from "../core/db.server";
import { formatEuros } from "../core/money";
import { formatDate, parisDate } from "../core/time";
import { sendMail } from "../mail/send.server";
import { paymentIncompleteMail } from "../mail/templates/payment-incomplete";
import { paymentReceiptMail, type ReceivedPayment } from "../mail/templates/payment-receipt";
import { PAYMENT_METHOD_LABELS } from "./campaign";
import {
  INSTALMENT_STATE_LABELS,
  instalmentState,
  isFailed,
  moneySummary,
  type MoneySummary,
} from "./payment-schedule";
import { syncUserFlags } from "./seasons.server";
import { audit } from "../core/audit.server";

type Instalment = { number: number; amount: number; state: string; date: string };

/**
 * Marks `registrationId` paid (once) and gives each of its profiles the
 * cotisation for the season (only where none is recorded).
 */
async function markRegistrationPaid(registrationId: number, method: string, now: Date): Promise<boolean> {
  const [reg] = await db
    .update(registrations)
    .set({ status: "payee", paidAt: now, updatedAt: now, version: sql`${registrations.version} + 1` })
    .where(and(eq(registrations.id, registrationId), ne(registrations.status, "payee")))
    .returning();
  if (!reg) return false;
  const lines = await db.select().from(registrationLines).where(eq(registrationLines.registrationId, registrationId));
  const today = parisDate(now);
  for (const line of lines) {
    await db
      .insert(seasonStatuses)
      .values({
        profileId: line.profileId,
        season: reg.season,
        cotisationPaidOn: today,
        cotisationAmountCents: line.amountCents,
        cotisationMeans: method,
      })
      .onConflictDoUpdate({
        target: [seasonStatuses.profileId, seasonStatuses.season],
        set: {
          cotisationPaidOn: today,
          cotisationAmountCents: line.amountCents,
          cotisationMeans: method,
          updatedAt: now,
          version: sql`${seasonStatuses.version} + 1`,
        },
        setWhere: isNull(seasonStatuses.cotisationPaidOn),
      });
  }
  await audit(
    null,
    "registration.paid",
    `Inscription ${reg.season} n° ${reg.id} payée (${formatEuros(reg.totalCents)}, ${PAYMENT_METHOD_LABELS[method] ?? method}).`,
    { userId: reg.ownerId },
  );
  await syncUserFlags([reg.ownerId], now);
  return true;
}

/** The money of each registration given (id, total), read from their payments at once. */
export async function registrationsMoney(
  regs: { id: number; totalCents: number }[],
): Promise<Map<number, MoneySummary>> {
  const ids = regs.map((r) => r.id);
  const rows = ids.length
    ? await db.select().from(payments).where(inArray(payments.registrationId, ids)).orderBy(asc(payments.id))
    : [];
  return new Map(
    regs.map((r) => [
      r.id,
      moneySummary(
        r.totalCents,
        rows.filter((p) => p.registrationId === r.id),
      ),
    ]),
  );
}

/** The money of the family's sent registration for `season` (the member home), or null. */
export async function familyMoney(ownerId: string, season: string): Promise<MoneySummary | null> {
  const [reg] = await db
    .select({ id: registrations.id, totalCents: registrations.totalCents, status: registrations.status })
    .from(registrations)
    .where(and(eq(registrations.ownerId, ownerId), eq(registrations.season, season)));
  if (!reg || (reg.status !== "en-attente" && reg.status !== "payee")) return null;
  return registrationMoney(reg.id, reg.totalCents);
}

/** The registration's money, read from its payments. */
export async function registrationMoney(registrationId: number, totalCents: number): Promise<MoneySummary> {
  const rows = await db
    .select()
    .from(payments)
    .where(eq(payments.registrationId, registrationId))
    .orderBy(asc(payments.id));
  return moneySummary(totalCents, rows);
}

/**
 * Makes the registration's status agree with the money collected: paid when
 * covered (once), back to awaiting payment when it no longer is.
 */
export async function settleRegistration(registrationId: number, now: Date): Promise<MoneySummary | null> {
  const [reg] = await db.select().from(registrations).where(eq(registrations.id, registrationId)).for("update");
  if (!reg) return null;
  const rows = await db
    .select()
    .from(payments)
    .where(eq(payments.registrationId, registrationId))
    .orderBy(asc(payments.id));
  const money = moneySummary(reg.totalCents, rows);
  if (reg.status === "en-attente" && money.situation === "payee") {
    const last = money.schedule.filter((l) => l.state === "encaisse").at(-1);
    await markRegistrationPaid(reg.id, last?.method ?? "helloasso", now);
  } else if (reg.status === "payee" && money.situation !== "payee") {
    await db
      .update(registrations)
      .set({ status: "en-attente", paidAt: null, updatedAt: now, version: sql`${registrations.version} + 1` })
      .where(eq(registrations.id, reg.id));
    const methods = [...new Set(rows.map((p) => p.method))];
    const lines = await db
      .select({ profileId: registrationLines.profileId })
      .from(registrationLines)
      .where(eq(registrationLines.registrationId, reg.id));
    if (lines.length && methods.length) {
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
            inArray(
              seasonStatuses.profileId,
              lines.map((l) => l.profileId),
            ),
            eq(seasonStatuses.season, reg.season),
            inArray(seasonStatuses.cotisationMeans, methods),
          ),
        );
    }
    await audit(
      null,
      "registration.reopened",
      `Inscription ${reg.season} n° ${reg.id} : ${formatEuros(money.collectedCents)} encaissés sur ${formatEuros(reg.totalCents)}, elle repasse en attente de paiement.`,
      { userId: reg.ownerId },
    );
    await syncUserFlags([reg.ownerId], now);
  }
  return money;
}

/** The schedule's lines for the e-mails: date, amount, method, state. */
function scheduleLines(money: MoneySummary): string[] {
  return money.schedule.map(
    (l) =>
      `${formatDate(l.date)} : ${formatEuros(l.amountCents)} (${PAYMENT_METHOD_LABELS[l.method] ?? l.method}), ${INSTALMENT_STATE_LABELS[l.state]}`,
  );
}

/**
 * E-mails the family about the instalments that changed between `before` and
 * `after` (receipts, failures). Call after `settleRegistration`, with the
 * payment row locked.
 */
export async function mailFamilyOnChange(
  registrationId: number,
  before: Instalment[],
  after: Instalment[],
  now: Date,
): Promise<{ receipts: number; failures: number }> {
  const previous = new Map(before.map((i) => [i.number, instalmentState(i.state)]));
  const collected = after.filter(
    (i) => instalmentState(i.state) === "encaisse" && previous.get(i.number) !== "encaisse",
  );
  const failed = after.filter((i) => {
    const s = instalmentState(i.state);
    return isFailed(s) && previous.get(i.number) !== s;
  });
  if (!collected.length && !failed.length) return { receipts: 0, failures: 0 };
  const [row] = await db
    .select({ reg: registrations, email: users.email, prenom: users.prenom })
    .from(registrations)
    .innerJoin(users, eq(users.id, registrations.ownerId))
    .where(eq(registrations.id, registrationId));
  if (!row) return { receipts: 0, failures: 0 };
  const money = await registrationMoney(registrationId, row.reg.totalCents);
  const season = row.reg.season;
  const several = after.length > 1;
  for (const i of collected) {
    await paymentReceipt(
      row.email,
      row.prenom,
      season,
      {
        kind: "instalment",
        number: several ? i.number : null,
        amount: formatEuros(i.amount),
        date: formatDate(i.date || now),
      },
      money,
    );
  }
  if (failed.length) {
    const rest = money.restCents;
    await sendMail(
      paymentIncompleteMail,
      {
        prenom: row.prenom,
        season,
        failed: failed.map((i) => ({
          number: several ? i.number : null,
          amount: formatEuros(i.amount),
          state: INSTALMENT_STATE_LABELS[instalmentState(i.state)],
        })),
        rest: rest > 0 ? formatEuros(rest) : null,
        schedule: scheduleLines(money),
      },
      { to: row.email },
    );
  }
  return { receipts: collected.length, failures: failed.length };
}

/** The receipt of a payment applied to a family's registration (HelloAsso instalment, cheque…). */
export async function paymentReceipt(
  to: string,
  prenom: string,
  season: string,
  received: ReceivedPayment,
  money: MoneySummary,
): Promise<void> {
  await sendMail(
    paymentReceiptMail,
    {
      prenom,
      season,
      received,
      paid: money.situation === "payee",
      collected: formatEuros(money.collectedCents),
      total: formatEuros(money.totalCents),
      schedule: scheduleLines(money),
    },
    { to },
  );
}

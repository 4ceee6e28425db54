/**
 * The season's payments handled by the managers (decision 0024), beside the
 * HelloAsso side of registration-payments.server.ts.
 *
 * Rules:
 *  - Managers record cheques, cash, transfers and holiday vouchers (ANCV);
 *    the registration is paid (once) when what was collected covers its
 *    total (`settleRegistration`: HelloAsso instalments count once
 *    collected); the family gets a receipt. No date in the future, a
 *    positive amount.
 *  - The inbox: paid HelloAsso orders nobody could apply (« a-rapprocher »).
 *    A manager links one to a registration awaiting payment of the same
 *    amount (one click, under row locks; a second HelloAsso payment on one
 *    registration is refused by the schema), or decides a refund, done in
 *    HelloAsso's back office (« a-rembourser »).
 *  - Every decision is in the audit log; a stale page gets a French 409.
 */
import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import { payments, registrations, users } from "#db/schema";
import { db, isUniqueViolation, inlineCount } from "../core/db.server";
import { DomainError } from "../core/errors";
import { formatEuros } from "../core/money";
import { formatDate, parisDate } from "../core/time";
import { PAYMENT_METHOD_LABELS } from "./campaign";
import {
  mailFamilyOnChange,
  paymentReceipt,
  registrationsMoney,
  settleRegistration,
} from "./registration-settlement.server";
import { audit } from "../core/audit.server";
import { type Actor } from "./users-rules.server";

const MANUAL_METHODS = ["cheque", "especes", "virement", "ancv"] as const;
type ManualMethod = (typeof MANUAL_METHODS)[number];

/** A cheque, cash, transfer or ANCV payment received by a manager. */
export async function recordManualPayment(
  actor: Actor,
  input: { registrationId: number; method: ManualMethod; amountCents: number; receivedOn: string; reference: string },
  now: Date = new Date(),
): Promise<{ paid: boolean }> {
  if (!MANUAL_METHODS.includes(input.method)) throw new DomainError("Moyen de paiement inconnu.", { field: "method" });
  if (!Number.isInteger(input.amountCents) || input.amountCents <= 0)
    throw new DomainError("Indiquez un montant positif.", { field: "amount" });
  if (input.receivedOn > parisDate(now))
    throw new DomainError("La date ne peut pas être dans le futur.", { field: "receivedOn" });
  return db.transaction(async (tx) => {
    const [reg] = await tx.select().from(registrations).where(eq(registrations.id, input.registrationId)).for("update");
    if (!reg) throw new DomainError("Cette inscription n'existe pas.", { status: 404 });
    if (reg.status === "brouillon" || reg.status === "annulee")
      throw new DomainError("Cette inscription n'est pas encore envoyée par la famille.");
    await tx.insert(payments).values({
      registrationId: reg.id,
      season: reg.season,
      method: input.method,
      amountCents: input.amountCents,
      state: "appliquee",
      reference: input.reference,
      receivedOn: input.receivedOn,
      appliedAt: now,
      recordedBy: actor.id,
    });
    await audit(
      actor,
      "payment.record",
      `Inscription n° ${reg.id} : ${PAYMENT_METHOD_LABELS[input.method]} de ${formatEuros(input.amountCents)} reçu le ${input.receivedOn}.`,
      { userId: reg.ownerId },
    );
    const money = await settleRegistration(reg.id, now);
    const [owner] = await tx.select().from(users).where(eq(users.id, reg.ownerId));
    if (owner && money) {
      await paymentReceipt(
        owner.email,
        owner.prenom,
        reg.season,
        {
          kind: "recorded",
          amount: formatEuros(input.amountCents),
          method: PAYMENT_METHOD_LABELS[input.method] ?? input.method,
          date: formatDate(input.receivedOn),
        },
        money,
      );
    }
    return { paid: money?.situation === "payee" };
  });
}

/** The managers' inbox: paid HelloAsso orders not applied to any registration. */
export async function unmatchedPayments() {
  return db
    .select()
    .from(payments)
    .where(inArray(payments.state, ["a-rapprocher", "a-rembourser"]))
    .orderBy(asc(payments.state), desc(payments.createdAt));
}

/** Registrations of `season` awaiting payment (the choices of the inbox's link), each with its money. */
export async function awaitingRegistrations(season: string) {
  const rows = await db
    .select({
      id: registrations.id,
      totalCents: registrations.totalCents,
      prenom: users.prenom,
      nom: users.nom,
      email: users.email,
    })
    .from(registrations)
    .innerJoin(users, eq(users.id, registrations.ownerId))
    .where(and(eq(registrations.season, season), eq(registrations.status, "en-attente")))
    .orderBy(sql`lower(${users.nom})`, sql`lower(${users.prenom})`);
  const money = await registrationsMoney(rows);
  return rows.map((r) => ({ ...r, money: money.get(r.id)! }));
}

/** Registrations of `season` already paid, latest first (the managers' check), each with its money. */
export async function paidRegistrations(season: string) {
  const rows = await db
    .select({
      id: registrations.id,
      totalCents: registrations.totalCents,
      paidAt: registrations.paidAt,
      prenom: users.prenom,
      nom: users.nom,
      email: users.email,
    })
    .from(registrations)
    .innerJoin(users, eq(users.id, registrations.ownerId))
    .where(and(eq(registrations.season, season), eq(registrations.status, "payee")))
    .orderBy(desc(registrations.paidAt))
    .limit(inlineCount(200));
  const money = await registrationsMoney(rows);
  return rows.map((r) => ({ ...r, money: money.get(r.id)! }));
}

/** Links an inbox payment to a registration awaiting payment, in one click. */
export async function linkPayment(
  actor: Actor,
  paymentId: number,
  registrationId: number,
  now: Date = new Date(),
): Promise<void> {
  await db.transaction(async (tx) => {
    const [p] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for("update");
    if (!p || p.state !== "a-rapprocher")
      throw new DomainError("Ce paiement n'est plus à rapprocher.", { status: 409 });
    const [reg] = await tx.select().from(registrations).where(eq(registrations.id, registrationId)).for("update");
    if (!reg) throw new DomainError("Cette inscription n'existe pas.", { field: "registrationId" });
    if (reg.status === "payee") throw new DomainError("Cette inscription est déjà payée.", { field: "registrationId" });
    if (reg.status !== "en-attente")
      throw new DomainError("Cette inscription n'est pas encore envoyée par la famille.", { field: "registrationId" });
    if (p.amountCents !== reg.totalCents) {
      throw new DomainError(
        `Le montant payé (${formatEuros(p.amountCents)}) n'est pas celui de l'inscription (${formatEuros(reg.totalCents)}).`,
        { field: "registrationId" },
      );
    }
    try {
      await tx
        .update(payments)
        .set({ registrationId: reg.id, season: reg.season, state: "appliquee", appliedAt: now, recordedBy: actor.id })
        .where(eq(payments.id, p.id));
    } catch (err) {
      if (isUniqueViolation(err))
        throw new DomainError("Cette inscription a déjà un paiement HelloAsso.", {
          field: "registrationId",
          status: 409,
        });
      throw err;
    }
    await audit(
      actor,
      "payment.link",
      `Paiement HelloAsso ${p.orderId ?? p.id} (${formatEuros(p.amountCents)}) rattaché à l'inscription n° ${reg.id}.`,
      { userId: reg.ownerId },
    );
    await settleRegistration(reg.id, now);
    await mailFamilyOnChange(reg.id, [], p.instalments, now);
  });
}

/** The managers decide to refund an inbox payment (done in HelloAsso's back office). */
export async function decideRefund(actor: Actor, paymentId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [p] = await tx
      .update(payments)
      .set({ state: "a-rembourser", recordedBy: actor.id })
      .where(and(eq(payments.id, paymentId), eq(payments.state, "a-rapprocher")))
      .returning();
    if (!p) throw new DomainError("Ce paiement n'est plus à rapprocher.", { status: 409 });
    await audit(
      actor,
      "payment.refund",
      `Paiement HelloAsso ${p.orderId ?? p.id} (${formatEuros(p.amountCents)}) à rembourser.`,
    );
  });
}

/**
 * Payments of the season's registrations (decision 0024).
 *
 * Rules:
 *  - Nothing received is trusted. The return page, the notification endpoint
 *    and the nightly check only take an id from what they receive, then READ
 *    the order from HelloAsso's API; the cotisation is marked paid only when
 *    that order says its first payment is `Authorized`, for the amount the
 *    club asked, on the club's organisation.
 *  - Exactly once: an order is recorded once (unique order id), at most one
 *    HelloAsso payment is applied to a registration (partial unique index),
 *    the registration turns "payee" with a conditional update, and each
 *    profile's season status gets its cotisation only when it has none. Any
 *    number of notifications, in any order, changes nothing more.
 *  - A paid order that cannot be applied (the registration was already paid
 *    by another tab, or an order made outside the site) is kept as
 *    "a-rapprocher": the managers' inbox links it in one click or decides a
 *    refund.
 *  - An unknown order, a body that contradicts the API or an amount that does
 *    not match is refused (`PaymentRefused`), logged, and marks nothing.
 *  - HelloAsso down: `DomainError` 502 with a French message; the
 *    registration stays "en-attente" and can be paid later.
 *  - A refund or another state change of an order already recorded updates
 *    its payment and alerts the managers (payment-alerts.server.ts).
 *  - What the managers do by hand (cheques, the inbox's link and refund) is
 *    in manual-payments.server.ts, on the same `markRegistrationPaid`.
 */
import { and, asc, eq, isNull, ne, sql } from "drizzle-orm";
import { payments, profiles, registrationLines, registrations, seasonStatuses } from "#db/schema";
import { db } from "../core/db.server";
import { DomainError } from "../core/errors";
import { log } from "../core/log.server";
import { formatEuros } from "../core/money";
import { parisDate } from "../core/time";
import { PAYMENT_METHOD_LABELS } from "./campaign";
import { noteStateChanges } from "./payment-alerts.server";
import { syncUserFlags } from "./seasons.server";
import { audit } from "./users-rules.server";
import {
  HelloAssoNotFound,
  HelloAssoUnavailable,
  helloAssoClient,
  isPaidState,
  type HelloAssoClient,
  type OrderDetail,
} from "./helloasso.server";

export const UNAVAILABLE_MESSAGE =
  "HelloAsso ne répond pas pour le moment. Votre inscription est enregistrée, en attente de paiement : vous pourrez payer plus tard depuis cette page.";

/** A notification or return that is refused: nothing is marked. */
export class PaymentRefused extends Error {
  constructor(
    readonly reason: "unknown-order" | "forged" | "amount-mismatch" | "wrong-organization" | "not-configured",
    message: string,
  ) {
    super(message);
    this.name = "PaymentRefused";
  }
}

type ReconcileOutcome =
  /** The order paid this registration now. */
  | "applied"
  /** Already applied before: nothing done (duplicate notification). */
  | "already-applied"
  /** Paid, but the registration was already paid: kept in the inbox. */
  | "duplicate"
  /** Paid, for no known checkout: kept in the inbox. */
  | "unmatched"
  /** Not paid (yet): nothing marked. */
  | "not-paid"
  /** Already recorded, and HelloAsso reports a refund or another state the managers are alerted of. */
  | "state-changed";

function requireClient(client: HelloAssoClient | null | undefined): HelloAssoClient {
  const c = client === undefined ? helloAssoClient() : client;
  if (!c) throw new PaymentRefused("not-configured", "HelloAsso n'est pas configuré.");
  return c;
}

function instalmentsOf(order: OrderDetail) {
  return (order.payments ?? []).map((p, i) => ({
    number: p.installmentNumber ?? i + 1,
    amount: p.amount,
    state: p.state,
    date: p.date,
  }));
}

function firstPaymentPaid(order: OrderDetail): boolean {
  const list = [...(order.payments ?? [])].sort((a, b) => (a.installmentNumber ?? 0) - (b.installmentNumber ?? 0));
  return isPaidState(list[0]?.state);
}

/**
 * Marks `registrationId` paid (once) and gives each of its profiles the
 * cotisation for the season (only where none is recorded).
 */
export async function markRegistrationPaid(registrationId: number, method: string, now: Date): Promise<boolean> {
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

/** The sum of the payments applied to a registration (cents). */
export async function appliedTotal(registrationId: number): Promise<number> {
  const [row] = await db
    .select({ sum: sql<number>`coalesce(sum(${payments.amountCents}), 0)::int` })
    .from(payments)
    .where(and(eq(payments.registrationId, registrationId), eq(payments.state, "appliquee")));
  return row?.sum ?? 0;
}

/**
 * Applies an order READ FROM THE API (never one received). Idempotent.
 * `claimed`: what the caller received (notification body), checked against the API's answer.
 */
export async function reconcileOrder(
  order: OrderDetail,
  organization: string,
  now: Date = new Date(),
  claimed?: { total?: number; registrationId?: number },
): Promise<ReconcileOutcome> {
  if (order.organizationSlug && order.organizationSlug.toLowerCase() !== organization.toLowerCase()) {
    throw new PaymentRefused("wrong-organization", `Commande ${order.id} d'une autre association.`);
  }
  if (claimed?.total !== undefined && claimed.total !== order.amount.total) {
    throw new PaymentRefused(
      "forged",
      `Commande ${order.id} : le montant reçu (${claimed.total}) n'est pas celui de HelloAsso (${order.amount.total}).`,
    );
  }
  const paid = firstPaymentPaid(order);
  return db.transaction(async (tx) => {
    const [attempt] =
      order.checkoutIntentId != null
        ? await tx.select().from(payments).where(eq(payments.checkoutIntentId, order.checkoutIntentId)).for("update")
        : [];
    if (claimed?.registrationId !== undefined && attempt && attempt.registrationId !== claimed.registrationId) {
      throw new PaymentRefused(
        "forged",
        `Commande ${order.id} : l'inscription reçue ne correspond pas au paiement commencé.`,
      );
    }
    if (!attempt) {
      // Not started on the site (or forgotten): the inbox, once, when paid.
      const [existing] = await tx.select().from(payments).where(eq(payments.orderId, order.id)).for("update");
      if (existing) {
        const changes = await noteStateChanges(existing, instalmentsOf(order), order.id, now);
        await tx
          .update(payments)
          .set({ instalments: instalmentsOf(order) })
          .where(eq(payments.id, existing.id));
        if (changes.length) return "state-changed";
        return existing.state === "appliquee" ? "already-applied" : "unmatched";
      }
      if (!paid) return "not-paid";
      await tx.insert(payments).values({
        registrationId: null,
        season: "",
        method: "helloasso",
        amountCents: order.amount.total,
        state: "a-rapprocher",
        orderId: order.id,
        instalments: instalmentsOf(order),
        payerName: [order.payer?.firstName, order.payer?.lastName].filter(Boolean).join(" "),
        payerEmail: order.payer?.email ?? "",
        note: "Paiement HelloAsso sans inscription connue sur le site.",
      });
      log.warn("helloasso: unmatched order kept for the managers", { orderId: order.id });
      return "unmatched";
    }
    if (order.amount.total !== attempt.amountCents) {
      throw new PaymentRefused(
        "amount-mismatch",
        `Commande ${order.id} : ${order.amount.total} centimes au lieu de ${attempt.amountCents}.`,
      );
    }
    if (attempt.orderId !== null && attempt.orderId !== order.id) {
      throw new PaymentRefused(
        "forged",
        `Commande ${order.id} : ce paiement est déjà lié à la commande ${attempt.orderId}.`,
      );
    }
    const common = {
      orderId: order.id,
      instalments: instalmentsOf(order),
      payerName: [order.payer?.firstName, order.payer?.lastName].filter(Boolean).join(" "),
      payerEmail: order.payer?.email ?? "",
    };
    if (["appliquee", "a-rapprocher", "a-rembourser", "remboursee"].includes(attempt.state)) {
      // Already decided: only the instalments' states move (a refund, a refused instalment: decision 0029).
      const changes = await noteStateChanges(attempt, common.instalments, order.id, now);
      await tx.update(payments).set({ instalments: common.instalments }).where(eq(payments.id, attempt.id));
      if (changes.length) return "state-changed";
      return attempt.state === "appliquee" || attempt.state === "remboursee" ? "already-applied" : "duplicate";
    }
    if (!paid) {
      await tx.update(payments).set(common).where(eq(payments.id, attempt.id));
      return "not-paid";
    }
    // Paid: lock the registration, then apply unless another payment already did.
    const [reg] = await tx
      .select()
      .from(registrations)
      .where(eq(registrations.id, attempt.registrationId!))
      .for("update");
    if (!reg || reg.status === "payee") {
      await tx
        .update(payments)
        .set({
          ...common,
          state: "a-rapprocher",
          note: "Inscription déjà payée : doublon à rembourser ou à rattacher.",
        })
        .where(eq(payments.id, attempt.id));
      log.warn("helloasso: second payment of a paid registration kept for the managers", {
        orderId: order.id,
        registrationId: attempt.registrationId,
      });
      return "duplicate";
    }
    await tx
      .update(payments)
      .set({ ...common, state: "appliquee", appliedAt: now })
      .where(eq(payments.id, attempt.id));
    await markRegistrationPaid(reg.id, "helloasso", now);
    return "applied";
  });
}

/** Reads the order from the API, then reconciles it. Refused if HelloAsso does not know it. */
export async function reconcileOrderId(
  orderId: number,
  now: Date = new Date(),
  claimed?: { total?: number; registrationId?: number },
  client?: HelloAssoClient | null,
): Promise<ReconcileOutcome> {
  const c = requireClient(client);
  let order: OrderDetail;
  try {
    order = await c.getOrder(orderId);
  } catch (err) {
    if (err instanceof HelloAssoNotFound)
      throw new PaymentRefused("unknown-order", `Commande ${orderId} inconnue de HelloAsso.`);
    throw err;
  }
  return reconcileOrder(order, c.organization, now, claimed);
}

function positiveInt(v: unknown): number | undefined {
  const n = typeof v === "string" && /^\d+$/.test(v) ? Number(v) : v;
  return typeof n === "number" && Number.isSafeInteger(n) && n > 0 ? n : undefined;
}

/**
 * A notification POSTed to the site ({ eventType, data, metadata }). Only the
 * order id is taken from it; the rest is compared with the API's answer.
 */
export async function handleNotification(
  body: unknown,
  now: Date = new Date(),
  client?: HelloAssoClient | null,
): Promise<ReconcileOutcome | "ignored"> {
  if (!body || typeof body !== "object") throw new PaymentRefused("forged", "Notification illisible.");
  const { eventType, data, metadata } = body as {
    eventType?: unknown;
    data?: Record<string, unknown>;
    metadata?: Record<string, unknown> | null;
  };
  if (eventType !== "Order" && eventType !== "Payment") return "ignored";
  if (!data || typeof data !== "object") throw new PaymentRefused("forged", "Notification sans données.");
  const orderId =
    eventType === "Order" ? positiveInt(data.id) : positiveInt((data.order as Record<string, unknown> | undefined)?.id);
  if (!orderId) throw new PaymentRefused("forged", "Notification sans numéro de commande.");
  const amount = eventType === "Order" ? (data.amount as Record<string, unknown> | undefined)?.total : undefined;
  const claimed = {
    total: typeof amount === "number" ? amount : undefined,
    registrationId: positiveInt(metadata?.registrationId),
  };
  return reconcileOrderId(orderId, now, claimed, client);
}

/** The return page: the intent id comes from the URL, its state from the API. */
export async function reconcileReturn(
  ownerId: string,
  checkoutIntentId: number,
  now: Date = new Date(),
  client?: HelloAssoClient | null,
) {
  const [attempt] = await db
    .select({ id: payments.id, registrationId: payments.registrationId })
    .from(payments)
    .innerJoin(registrations, eq(registrations.id, payments.registrationId))
    .where(and(eq(payments.checkoutIntentId, checkoutIntentId), eq(registrations.ownerId, ownerId)));
  if (!attempt) throw new DomainError("Ce paiement n'existe pas ou ne concerne pas votre famille.", { status: 404 });
  const c = requireClient(client);
  try {
    const intent = await c.getCheckoutIntent(checkoutIntentId);
    if (!intent.order) return "not-paid" as const;
    return await reconcileOrderId(intent.order.id, now, undefined, c);
  } catch (err) {
    if (err instanceof HelloAssoUnavailable) return "unavailable" as const;
    throw err;
  }
}

/** The family's registration of `season` with its lines and payments. */
export async function familyRegistration(ownerId: string, season: string) {
  const [reg] = await db
    .select()
    .from(registrations)
    .where(and(eq(registrations.ownerId, ownerId), eq(registrations.season, season)));
  if (!reg) return null;
  const lines = await db
    .select({ line: registrationLines, prenom: profiles.prenom, nom: profiles.nom })
    .from(registrationLines)
    .innerJoin(profiles, eq(profiles.id, registrationLines.profileId))
    .where(eq(registrationLines.registrationId, reg.id))
    .orderBy(asc(registrationLines.id));
  const paid = await db.select().from(payments).where(eq(payments.registrationId, reg.id)).orderBy(asc(payments.id));
  return { registration: reg, lines, payments: paid };
}

/**
 * Payments of the season's registrations.
 *
 * Rules:
 *  - Nothing received is trusted. The return page, the notification endpoint
 *    and the nightly check only take an id from what they receive, then READ
 *    the order (and, for a Payment notification, the payment) from
 *    HelloAsso's API; an order is applied to its registration when its first
 *    payment is `Authorized`, for the amount the club asked, on the club's
 *    organisation.
 *  - Money as it is: the registration turns « payee » only when every
 *    instalment is collected (registration-settlement.server.ts); each
 *    instalment collected sends the family a receipt; a refused, cancelled,
 *    refunded or contested one alerts the managers (payment-alerts.server.ts)
 *    and tells the family how to pay the rest.
 *  - HelloAsso's documentation leaves two readings open, both handled: the
 *    order's `payments` may list every term from the start (later ones
 *    `Registered`…) or only those already attempted, so the terms the club
 *    asked are stored at checkout and merged with what the API lists (an
 *    instalment first seen refused alerts like one that changed); and a
 *    Payment notification's order, read again, may not show the payment's
 *    new state yet, so the payment itself is read (GET /payments/{id}) and
 *    wins for its instalment.
 *  - Exactly once: an order is recorded once (unique order id), at most one
 *    HelloAsso payment is applied to a registration (partial unique index),
 *    the payment row is locked while its instalments are compared, and each
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
 *  - What the managers do by hand (cheques, the inbox's link and refund) is
 *    in manual-payments.server.ts, settled the same way.
 */
import { and, asc, eq } from "drizzle-orm";
import { payments, profiles, registrationLines, registrations } from "#db/schema";
import { db } from "../core/db.server";
import { DomainError } from "../core/errors";
import { log } from "../core/log.server";
import { noteStateChanges } from "./payment-alerts.server";
import { mailFamilyOnChange, settleRegistration } from "./registration-settlement.server";
import {
  HelloAssoNotFound,
  HelloAssoUnavailable,
  helloAssoClient,
  isPaidState,
  type HelloAssoClient,
  type OrderDetail,
  type PaymentDetail,
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
  /** Already applied before: nothing new (duplicate notification). */
  | "already-applied"
  /** Already applied, and a later instalment was collected now. */
  | "collected"
  /** Paid, but the registration was already paid: kept in the inbox. */
  | "duplicate"
  /** Paid, for no known checkout: kept in the inbox. */
  | "unmatched"
  /** Not paid (yet): nothing marked. */
  | "not-paid"
  /** Already recorded, and HelloAsso reports a refusal, a refund or another state the managers are alerted of. */
  | "state-changed";

type Instalment = { number: number; amount: number; state: string; date: string };

function requireClient(client: HelloAssoClient | null | undefined): HelloAssoClient {
  const c = client === undefined ? helloAssoClient() : client;
  if (!c) throw new PaymentRefused("not-configured", "HelloAsso n'est pas configuré.");
  return c;
}

/**
 * The order's instalments: what the API lists, merged with what was stored
 * (the terms asked at checkout, the previous read) for the instalments it
 * does not list (HelloAsso may list only the payments already attempted).
 * `payment`: the payment read on its own (Payment notification), which wins
 * for its instalment.
 */
function instalmentsOf(order: OrderDetail, stored: Instalment[] = [], payment?: PaymentDetail): Instalment[] {
  const byNumber = new Map<number, Instalment>(stored.map((i) => [i.number, i]));
  (order.payments ?? []).forEach((p, i) => {
    const number = p.installmentNumber ?? i + 1;
    byNumber.set(number, { number, amount: p.amount, state: p.state, date: p.date });
  });
  if (payment) {
    const listed = (order.payments ?? []).findIndex((p) => p.id === payment.id);
    const number = payment.installmentNumber ?? (listed >= 0 ? listed + 1 : null);
    if (number !== null) {
      byNumber.set(number, { number, amount: payment.amount, state: payment.state, date: payment.date });
    }
  }
  return [...byNumber.values()].sort((a, b) => a.number - b.number);
}

function firstPaymentPaid(instalments: Instalment[]): boolean {
  return isPaidState(instalments[0]?.state);
}

/**
 * Applies an order READ FROM THE API (never one received). Idempotent.
 * `claimed`: what the caller received (notification body), checked against the API's answer.
 * `payment`: the payment of a Payment notification, read from the API.
 */
export async function reconcileOrder(
  order: OrderDetail,
  organization: string,
  now: Date = new Date(),
  claimed?: { total?: number; registrationId?: number },
  payment?: PaymentDetail,
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
    const payer = {
      payerName: [order.payer?.firstName, order.payer?.lastName].filter(Boolean).join(" "),
      payerEmail: order.payer?.email ?? "",
    };
    if (!attempt) {
      // Not started on the site (or forgotten): the inbox, once, when paid.
      const [existing] = await tx.select().from(payments).where(eq(payments.orderId, order.id)).for("update");
      const instalments = instalmentsOf(order, existing?.instalments, payment);
      if (existing) {
        const changes = await noteStateChanges(existing, instalments, order.id, now);
        await tx.update(payments).set({ instalments }).where(eq(payments.id, existing.id));
        if (existing.state === "appliquee" && existing.registrationId !== null) {
          await settleRegistration(existing.registrationId, now);
          await mailFamilyOnChange(existing.registrationId, existing.instalments, instalments, now);
        }
        if (changes.length) return "state-changed";
        return existing.state === "appliquee" ? "already-applied" : "unmatched";
      }
      if (!firstPaymentPaid(instalments)) return "not-paid";
      await tx.insert(payments).values({
        registrationId: null,
        season: "",
        method: "helloasso",
        amountCents: order.amount.total,
        state: "a-rapprocher",
        orderId: order.id,
        instalments,
        ...payer,
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
    const instalments = instalmentsOf(order, attempt.instalments, payment);
    const common = { orderId: order.id, instalments, ...payer };
    if (["appliquee", "a-rapprocher", "a-rembourser", "remboursee"].includes(attempt.state)) {
      // Already decided: the instalments' states move (collected, refused, refunded).
      const changes = await noteStateChanges(attempt, instalments, order.id, now);
      await tx.update(payments).set({ instalments }).where(eq(payments.id, attempt.id));
      let mailed = { receipts: 0, failures: 0 };
      if (attempt.registrationId !== null && attempt.state !== "a-rapprocher" && attempt.state !== "a-rembourser") {
        await settleRegistration(attempt.registrationId, now);
        mailed = await mailFamilyOnChange(attempt.registrationId, attempt.instalments, instalments, now);
      }
      if (changes.length) return "state-changed";
      if (mailed.receipts) return "collected";
      return attempt.state === "appliquee" || attempt.state === "remboursee" ? "already-applied" : "duplicate";
    }
    if (!firstPaymentPaid(instalments)) {
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
    await settleRegistration(reg.id, now);
    // Alerts for an instalment already failed at the first read (an order read late).
    await noteStateChanges({ ...attempt, ...common, state: "appliquee" }, instalments, order.id, now);
    await mailFamilyOnChange(reg.id, attempt.instalments, instalments, now);
    return "applied";
  });
}

/**
 * Reads the order from the API (and the notified payment, when there is
 * one), then reconciles it. Refused if HelloAsso does not know them.
 */
export async function reconcileOrderId(
  orderId: number,
  now: Date = new Date(),
  claimed?: { total?: number; registrationId?: number },
  client?: HelloAssoClient | null,
  paymentId?: number,
): Promise<ReconcileOutcome> {
  const c = requireClient(client);
  let order: OrderDetail;
  let payment: PaymentDetail | undefined;
  try {
    order = await c.getOrder(orderId);
  } catch (err) {
    if (err instanceof HelloAssoNotFound)
      throw new PaymentRefused("unknown-order", `Commande ${orderId} inconnue de HelloAsso.`);
    throw err;
  }
  if (paymentId !== undefined) {
    try {
      payment = await c.getPayment(paymentId);
    } catch (err) {
      if (err instanceof HelloAssoNotFound)
        throw new PaymentRefused("unknown-order", `Paiement ${paymentId} inconnu de HelloAsso.`);
      throw err;
    }
    if (payment.order?.id !== undefined && payment.order.id !== orderId) {
      throw new PaymentRefused("forged", `Paiement ${paymentId} : il n'appartient pas à la commande ${orderId}.`);
    }
  }
  return reconcileOrder(order, c.organization, now, claimed, payment);
}

function positiveInt(v: unknown): number | undefined {
  const n = typeof v === "string" && /^\d+$/.test(v) ? Number(v) : v;
  return typeof n === "number" && Number.isSafeInteger(n) && n > 0 ? n : undefined;
}

/**
 * A notification POSTed to the site ({ eventType, data, metadata }). Only the
 * ids are taken from it (the order's; for a Payment event, the payment's
 * too); the rest is compared with the API's answer.
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
  const paymentId = eventType === "Payment" ? positiveInt(data.id) : undefined;
  return reconcileOrderId(orderId, now, claimed, client, paymentId);
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

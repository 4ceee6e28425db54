/**
 * Contact messages for the admins: list (newest first) with the delivery
 * status of the e-mail sent to the club (outbox row), read one, mark it
 * answered (who and when), resend the e-mail when its delivery failed.
 */
import { desc, eq, sql } from "drizzle-orm";
import { contactMessages, outbox, users } from "#db/schema";
import { db, inlineCount } from "../core/db.server";
import { DomainError } from "../core/errors";
import { resendMail } from "../mail/mail.server";

export type DeliveryStatus = "sent" | "pending" | "failed" | "unknown";

export const DELIVERY_LABELS: Record<DeliveryStatus, string> = {
  sent: "envoyé",
  pending: "en attente",
  failed: "échec",
  unknown: "inconnu",
};

export interface ContactMessageView {
  id: number;
  name: string;
  email: string;
  subject: string;
  message: string;
  createdAt: string;
  delivery: DeliveryStatus;
  deliveryLabel: string;
  lastError: string | null;
  attempts: number;
  answeredAt: string | null;
  answeredByName: string | null;
}

function deliveryOf(status: string | null): DeliveryStatus {
  return status === "sent" || status === "pending" || status === "failed" ? status : "unknown";
}

const selection = {
  id: contactMessages.id,
  name: contactMessages.name,
  email: contactMessages.email,
  subject: contactMessages.subject,
  message: contactMessages.message,
  createdAt: contactMessages.createdAt,
  answeredAt: contactMessages.answeredAt,
  status: outbox.status,
  lastError: outbox.lastError,
  attempts: outbox.attempts,
  answeredPrenom: users.prenom,
  answeredNom: users.nom,
  answeredEmail: users.email,
};

type Row = {
  id: number;
  name: string;
  email: string;
  subject: string;
  message: string;
  createdAt: Date;
  answeredAt: Date | null;
  status: string | null;
  lastError: string | null;
  attempts: number | null;
  answeredPrenom: string | null;
  answeredNom: string | null;
  answeredEmail: string | null;
};

function toView(r: Row): ContactMessageView {
  const delivery = deliveryOf(r.status);
  const who = `${r.answeredPrenom ?? ""} ${r.answeredNom ?? ""}`.trim() || r.answeredEmail || null;
  return {
    id: r.id,
    name: r.name,
    email: r.email,
    subject: r.subject,
    message: r.message,
    createdAt: r.createdAt.toISOString(),
    delivery,
    deliveryLabel: DELIVERY_LABELS[delivery],
    lastError: r.lastError,
    attempts: r.attempts ?? 0,
    answeredAt: r.answeredAt?.toISOString() ?? null,
    answeredByName: r.answeredAt ? who : null,
  };
}

function baseQuery() {
  return db
    .select(selection)
    .from(contactMessages)
    .leftJoin(outbox, eq(outbox.id, contactMessages.outboxId))
    .leftJoin(users, eq(users.id, contactMessages.answeredBy));
}

export async function listContactMessages(options: { limit?: number; offset?: number } = {}) {
  const rows = await baseQuery()
    .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
    .limit(inlineCount(options.limit ?? 50))
    .offset(inlineCount(options.offset ?? 0));
  return rows.map(toView);
}

export async function getContactMessage(id: number): Promise<ContactMessageView | null> {
  const [row] = await baseQuery().where(eq(contactMessages.id, id));
  return row ? toView(row) : null;
}

export async function contactMessageCounts() {
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      unanswered: sql<number>`count(*) filter (where ${contactMessages.answeredAt} is null)::int`,
      failed: sql<number>`count(*) filter (where ${outbox.status} = 'failed')::int`,
      pending: sql<number>`count(*) filter (where ${outbox.status} = 'pending')::int`,
    })
    .from(contactMessages)
    .leftJoin(outbox, eq(outbox.id, contactMessages.outboxId));
  return row ?? { total: 0, unanswered: 0, failed: 0, pending: 0 };
}

/** Marks a message answered (or not) and records who did it. */
export async function setAnswered(id: number, answered: boolean, userId: string): Promise<boolean> {
  const updated = await db
    .update(contactMessages)
    .set(answered ? { answeredAt: new Date(), answeredBy: userId } : { answeredAt: null, answeredBy: null })
    .where(
      answered
        ? sql`${contactMessages.id} = ${id} and ${contactMessages.answeredAt} is null`
        : eq(contactMessages.id, id),
    )
    .returning({ id: contactMessages.id });
  return updated.length > 0;
}

export type ResendResult = { ok: true };

/** Puts the e-mail of a message whose delivery failed back in the queue; a refusal is a `DomainError`. */
export async function resendContactMessage(id: number): Promise<ResendResult> {
  const [row] = await db
    .select({ outboxId: contactMessages.outboxId, status: outbox.status })
    .from(contactMessages)
    .leftJoin(outbox, eq(outbox.id, contactMessages.outboxId))
    .where(eq(contactMessages.id, id));
  if (!row) throw new DomainError("Ce message n’existe plus.", { status: 404 });
  if (!row.outboxId || !row.status)
    throw new DomainError("L’e-mail de ce message n’est plus dans la file d’envoi.", { status: 409 });
  if (row.status === "sent") throw new DomainError("Cet e-mail a déjà été envoyé.", { status: 409 });
  await resendMail(row.outboxId);
  return { ok: true };
}

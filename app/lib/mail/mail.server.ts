/**
 * Outgoing e-mail. Every message is first stored in the `outbox` table, then
 * sent through nodemailer to SMTP_URL. Without SMTP the message stays stored
 * (status "pending") and its text is logged, so nothing is lost; a background
 * job retries pending messages with a growing delay, and gives up (status
 * "failed", visible to admins, who can resend) after MAX_ATTEMPTS.
 */
import { and, asc, eq, lte } from "drizzle-orm";
import nodemailer, { type Transporter } from "nodemailer";
import { outbox } from "#db/schema";
import { db, type Queryable } from "../core/db.server";
import { env } from "../core/env.server";
import { registerJob } from "../core/jobs.server";
import { log } from "../core/log.server";

export const MAX_ATTEMPTS = 8;

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
}

let transport: Transporter | null = null;
let transportUrl: string | undefined;

function getTransport(): Transporter | null {
  const url = env().SMTP_URL;
  if (!url) return null;
  if (!transport || transportUrl !== url) {
    transport = nodemailer.createTransport(url);
    transportUrl = url;
  }
  return transport;
}

/** Minutes to wait before attempt n+1 (1, 2, 4, 8 … capped at 2 h). */
export function retryDelayMinutes(attempts: number): number {
  return Math.min(2 ** Math.max(0, attempts - 1), 120);
}

/**
 * Stores a message and, when not inside a transaction, tries to send it at
 * once (without waiting). Inside a transaction pass `tx` and call
 * `deliverPendingMail()` after the commit.
 */
export async function queueMail(message: MailMessage, q: Queryable = db): Promise<number> {
  const [row] = await q
    .insert(outbox)
    .values({ to: message.to, subject: message.subject, text: message.text, html: message.html, replyTo: message.replyTo })
    .returning({ id: outbox.id });
  if (!env().SMTP_URL) {
    log.info("mail stored (no SMTP configured)", { id: row.id, to: message.to, subject: message.subject, text: message.text });
  }
  if (q === db) void deliverPendingMail();
  return row.id;
}

let running: Promise<void> = Promise.resolve();

/** Sends every due pending message. Calls are serialised (never sends twice). */
export function deliverPendingMail(): Promise<void> {
  running = running.then(deliverOnce, deliverOnce);
  return running;
}

async function deliverOnce(): Promise<void> {
  const t = getTransport();
  if (!t) return;
  const due = await db
    .select()
    .from(outbox)
    .where(and(eq(outbox.status, "pending"), lte(outbox.nextAttemptAt, new Date())))
    .orderBy(asc(outbox.id))
    .limit(50);
  for (const m of due) {
    try {
      await t.sendMail({
        from: env().MAIL_FROM,
        to: m.to,
        replyTo: m.replyTo ?? undefined,
        subject: m.subject,
        text: m.text,
        html: m.html ?? undefined,
      });
      await db
        .update(outbox)
        .set({ status: "sent", sentAt: new Date(), attempts: m.attempts + 1, lastError: null })
        .where(eq(outbox.id, m.id));
      log.info("mail sent", { id: m.id, to: m.to });
    } catch (err) {
      const attempts = m.attempts + 1;
      const failed = attempts >= MAX_ATTEMPTS;
      await db
        .update(outbox)
        .set({
          attempts,
          status: failed ? "failed" : "pending",
          lastError: err instanceof Error ? err.message : String(err),
          nextAttemptAt: new Date(Date.now() + retryDelayMinutes(attempts) * 60_000),
        })
        .where(eq(outbox.id, m.id));
      log.warn("mail delivery failed", { id: m.id, attempts, failed, err: err instanceof Error ? err.message : String(err) });
    }
  }
}

/** Puts a failed (or pending) message back in the queue for an immediate attempt. */
export async function resendMail(id: number): Promise<void> {
  await db
    .update(outbox)
    .set({ status: "pending", attempts: 0, nextAttemptAt: new Date() })
    .where(eq(outbox.id, id));
  void deliverPendingMail();
}

/** Tests: drop the cached transport (SMTP_URL changed). */
export function resetMailTransport() {
  transport?.close();
  transport = null;
  transportUrl = undefined;
}

registerJob({ name: "outbox", intervalMs: 30_000, run: deliverPendingMail });

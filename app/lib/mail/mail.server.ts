/**
 * Outgoing e-mail. Every message is first stored in the `outbox` table, then
 * sent through nodemailer to the mail server in effect (SMTP_URL, else the one
 * set in the browser: mail-config.server.ts, read at every run, so a change
 * needs no restart). Without SMTP the message stays stored
 * (status "pending"), so nothing is lost; a background
 * job retries pending messages with a growing delay, and gives up (status
 * "failed", visible to admins, who can resend) after MAX_ATTEMPTS, or at once
 * on a permanent refusal (SMTP 5xx).
 *
 * Reliability rules:
 * - Connection, greeting and socket time-outs: an SMTP server that stops
 *   answering fails the attempt (retried later) instead of hanging.
 * - A small pool of workers (MAIL_CONCURRENCY, one SMTP connection per
 *   message) sends several messages at once: one stuck message never holds
 *   the others. Delivery runs may overlap; a row is sent by one run only,
 *   even among several processes and machines on one database: a run claims
 *   it in one statement first (`claimMessage`, a lease of SENDING_LEASE_MS).
 * - Every outbox row has a stable Message-ID (its id and creation time): a
 *   message sent again after a crash between the SMTP "250" and the update
 *   of its row carries the same Message-ID, so receivers can de-duplicate.
 * - Every message is DKIM-signed for the sender's domain when the site has a
 *   key (DKIM_PRIVATE_KEY_FILE, dkim.server.ts); without one it goes unsigned.
 * - At shutdown the sends in progress are abandoned (their rows stay pending).
 * - The log never holds a message's text nor its recipient: texts carry
 *   secrets (reset and welcome links). Sent messages are deleted after
 *   OUTBOX_RETENTION_DAYS (0 keeps them) by an hourly job.
 */
import { and, asc, eq, lt, lte } from "drizzle-orm";
import nodemailer, { type Transporter } from "nodemailer";
import { outbox } from "#db/schema";
import { afterCommit, db, inlineCount } from "../core/db.server";
import { env } from "../core/env.server";
import { registerJob } from "../core/jobs.server";
import { log } from "../core/log.server";
import { invariant } from "../core/invariant";
import { dkimSigning } from "./dkim.server";
import { effectiveMailConfig } from "./mail-config.server";

export const MAX_ATTEMPTS = 8;

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
}

/** Messages sent at once (each on its own SMTP connection). */
const MAIL_CONCURRENCY = 3;

const defaultTimeouts = { connectionMs: 10_000, greetingMs: 10_000, socketMs: 30_000 };
let timeouts = { ...defaultTimeouts };

let transport: Transporter | null = null;
let transportUrl: string | undefined;

async function getTransport(): Promise<{ t: Transporter; from: string } | null> {
  const { url, from } = await effectiveMailConfig();
  if (!url) return null;
  if (!transport || transportUrl !== url) {
    transport?.close();
    transport = nodemailer.createTransport(withTransportOptions(url));
    transportUrl = url;
  }
  return { t: transport, from };
}

/**
 * SMTP_URL with the time-outs as query parameters (nodemailer
 * ignores the other options of an object that has a `url`). Parameters
 * already in SMTP_URL win: `?socketTimeout=60000` overrides ours.
 */
function withTransportOptions(url: string): string {
  const parsed = new URL(url);
  const defaults: Record<string, string> = {
    connectionTimeout: String(timeouts.connectionMs),
    greetingTimeout: String(timeouts.greetingMs),
    socketTimeout: String(timeouts.socketMs),
  };
  for (const [key, value] of Object.entries(defaults)) {
    if (!parsed.searchParams.has(key)) parsed.searchParams.set(key, value);
  }
  return parsed.toString();
}

/** The Message-ID of an outbox row: the same at every attempt. */
export function outboxMessageId(row: { id: number; createdAt: Date }): string {
  let host = "localhost";
  try {
    host = new URL(env().BASE_URL).hostname || host;
  } catch {
    /* keep localhost */
  }
  return `<outbox-${row.id}.${row.createdAt.getTime().toString(36)}@${host}>`;
}

/** Minutes to wait before attempt n+1 (1, 2, 4, 8 … capped at 2 h). */
export function retryDelayMinutes(attempts: number): number {
  return Math.min(2 ** Math.max(0, attempts - 1), 120);
}

/**
 * Stores a message in the outbox (inside the current transaction, if any) and
 * tries to send it at once, or as soon as that transaction commits (never
 * after a rollback).
 */
export async function queueMail(message: MailMessage): Promise<number> {
  const [row] = await db
    .insert(outbox)
    .values({
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
      replyTo: message.replyTo,
      // Due now on the site's clock, the one deliverOnce() compares with (not the
      // database default: its clock has microseconds, a message queued within the
      // same millisecond would wait for the next run).
      nextAttemptAt: new Date(),
    })
    .returning({ id: outbox.id });
  invariant(row, "courriel inséré dans la file d’envoi");
  if (!(await effectiveMailConfig()).url) {
    // Never the text (links with tokens) nor the address: read the outbox table.
    log.info("mail stored (no SMTP configured)", { id: row.id, subject: message.subject });
  }
  // Sent at once, or as soon as the transaction that queued it commits.
  afterCommit(() => void deliverPendingMail());
  return row.id;
}

/** Rows being sent by this process: a row is never sent twice at once. */
const sending = new Set<number>();
const runs = new Set<Promise<void>>();
/** Rejected by stopMail(): sends in progress give up at once. */
let stopSignal = newStopSignal();

function newStopSignal() {
  let stop!: (err: Error) => void;
  const promise = new Promise<never>((_resolve, reject) => (stop = reject));
  promise.catch(() => undefined);
  return { promise, stop, stopped: false };
}

/**
 * Sends every due pending message. Runs may overlap (a message stuck on a
 * silent server must not delay the next ones) but a row is sent by one run
 * only. Resolves when this run and the runs already in progress are over.
 */
export function deliverPendingMail(): Promise<void> {
  const earlier = [...runs];
  const run: Promise<void> = deliverOnce()
    .catch((err) => log.error("mail delivery run failed", { err }))
    .finally(() => runs.delete(run));
  runs.add(run);
  return Promise.allSettled([run, ...earlier]).then(() => undefined);
}

async function deliverOnce(): Promise<void> {
  if (stopSignal.stopped) return;
  const current = await getTransport();
  if (!current) return;
  const { t, from } = current;
  const due = await db
    .select()
    .from(outbox)
    .where(and(eq(outbox.status, "pending"), lte(outbox.nextAttemptAt, new Date())))
    .orderBy(asc(outbox.id))
    .limit(inlineCount(50));
  const mine = due.filter((m) => !sending.has(m.id));
  for (const m of mine) sending.add(m.id);
  // A few workers share the list: a message stuck until its time-out holds one worker only.
  const queue = [...mine];
  const worker = async () => {
    for (let m = queue.shift(); m; m = queue.shift()) {
      try {
        await deliverOne(t, from, m);
      } finally {
        sending.delete(m.id);
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.min(MAIL_CONCURRENCY, queue.length) }, worker));
  } finally {
    for (const m of queue) sending.delete(m.id);
  }
}

/** How long a claimed message is left to its sender before another run may take it (a sender that died). */
const SENDING_LEASE_MS = 5 * 60_000;

/**
 * Claims a due message in one statement (its next attempt moved past the lease): among the runs,
 * processes and machines of one database, one only sends it. False when another run has it.
 */
export async function claimMessage(m: { id: number; attempts: number }, now: Date = new Date()): Promise<boolean> {
  const claimed = await db
    .update(outbox)
    .set({ nextAttemptAt: new Date(now.getTime() + SENDING_LEASE_MS) })
    .where(
      and(
        eq(outbox.id, m.id),
        eq(outbox.status, "pending"),
        eq(outbox.attempts, m.attempts),
        lte(outbox.nextAttemptAt, now),
      ),
    )
    .returning({ id: outbox.id });
  return claimed.length > 0;
}

async function deliverOne(t: Transporter, from: string, m: typeof outbox.$inferSelect): Promise<void> {
  // Another run (here, in another process or on another machine) may have sent it since our read.
  if (!(await claimMessage(m))) return;
  try {
    const sent = t.sendMail({
      messageId: outboxMessageId(m),
      from,
      to: m.to,
      replyTo: m.replyTo ?? undefined,
      subject: m.subject,
      text: m.text,
      html: m.html ?? undefined,
      dkim: dkimSigning(from),
    });
    sent.catch(() => undefined);
    await Promise.race([sent, stopSignal.promise]);
    await db
      .update(outbox)
      .set({ status: "sent", sentAt: new Date(), attempts: m.attempts + 1, lastError: null })
      .where(eq(outbox.id, m.id));
    log.info("mail sent", { id: m.id });
  } catch (err) {
    const attempts = m.attempts + 1;
    // A permanent refusal (SMTP 5xx: unknown mailbox, rejected message) will not pass by waiting:
    // failed at once, shown to the admins with its error (they retry once it is fixed).
    const code = (err as { responseCode?: unknown }).responseCode;
    const permanent = typeof code === "number" && code >= 500 && code < 600;
    const failed = attempts >= MAX_ATTEMPTS || permanent;
    await db
      .update(outbox)
      .set({
        attempts,
        status: failed ? "failed" : "pending",
        lastError: err instanceof Error ? err.message : String(err),
        nextAttemptAt: new Date(Date.now() + retryDelayMinutes(attempts) * 60_000),
      })
      .where(eq(outbox.id, m.id));
    log.warn("mail delivery failed", { id: m.id, attempts, failed, err });
  }
}

/** Puts a failed (or pending) message back in the queue for an immediate attempt. */
export async function resendMail(id: number): Promise<void> {
  await db.update(outbox).set({ status: "pending", attempts: 0, nextAttemptAt: new Date() }).where(eq(outbox.id, id));
  void deliverPendingMail();
}

/** Tests: drop the cached transport (SMTP_URL changed), optionally with other time-outs. */
export function resetMailTransport(testTimeouts?: Partial<typeof defaultTimeouts>) {
  transport?.close();
  transport = null;
  transportUrl = undefined;
  timeouts = { ...defaultTimeouts, ...testTimeouts };
  stopSignal = newStopSignal();
}

/**
 * Shutdown: sends in progress give up (their rows stay pending, sent again at
 * the next start with the same Message-ID), the runs end, the transport is closed.
 */
export async function stopMail(): Promise<void> {
  stopSignal.stopped = true;
  stopSignal.stop(new Error("Envoi interrompu par l'arrêt du serveur."));
  await Promise.allSettled([...runs]);
  transport?.close();
  transport = null;
  transportUrl = undefined;
  await Promise.allSettled([...runs]);
}

/** Deletes the messages sent more than OUTBOX_RETENTION_DAYS ago; returns how many. */
export async function purgeSentMail(now: Date = new Date()): Promise<number> {
  const days = env().OUTBOX_RETENTION_DAYS;
  if (days <= 0) return 0;
  const before = new Date(now.getTime() - days * 24 * 60 * 60 * 1000);
  const deleted = await db
    .delete(outbox)
    .where(and(eq(outbox.status, "sent"), lt(outbox.sentAt, before)))
    .returning({ id: outbox.id });
  if (deleted.length) log.info("sent mail purged", { count: deleted.length, retentionDays: days });
  return deleted.length;
}

registerJob({ name: "outbox", intervalMs: 30_000, run: deliverPendingMail, stop: stopMail });
registerJob({ name: "outbox-purge", intervalMs: 60 * 60_000, run: async () => void (await purgeSentMail()) });

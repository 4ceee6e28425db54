/**
 * One-time form submissions: a double submit (double click,
 * resent POST, retry after a time-out), in this process or another, does its
 * work once; the replay gets the first answer.
 *
 * Rules:
 * - The page's loader gives a fresh token (`newSubmissionToken()`), the form
 *   carries it in the hidden field SUBMISSION_FIELD (`<OnceField>`).
 * - The key of a submission is a SHA-256 of its scope ("contact",
 *   "article.create"…), the token and everything the form sent (files by name,
 *   size and type): two visitors never share a key, even when a cached public
 *   page gave them the same token.
 * - `submitOnce(scope, formData, work)`: the key is claimed in the table
 *   `form_submissions` (a committed row: every process sees it), then `work`
 *   runs and its result (JSON: a redirect address, ids) is stored with the key.
 *   A repeat gets `{ status: "replay", value }` with the first result; while
 *   the first still runs, the repeat waits for it (up to `waitMs`), then gets
 *   `{ status: "pending" }` (the page says « déjà envoyé »). When `work`
 *   throws (a refusal, a bug) the key is released: correcting and resending works.
 * - Without a token (an old page, a script) nothing is claimed, unless the
 *   caller asks for `contentKey` (the contact form: the same message twice
 *   from one sender is one message).
 * - A claim left by a process that died mid-work is taken over after
 *   STALE_MS; keys are forgotten after TTL_MS.
 */
import { createHash, randomBytes } from "node:crypto";
import { and, eq, isNull, lt } from "drizzle-orm";
import { formSubmissions } from "#db/schema";
import { redirect } from "react-router";
import { db } from "../core/db.server";
import { DomainError } from "../core/errors";

import { SUBMISSION_FIELD } from "./once";

export { SUBMISSION_FIELD };
export const ALREADY_SENT =
  "Ce formulaire a déjà été envoyé et son enregistrement est en cours : patientez quelques secondes puis rechargez la page avant de le renvoyer.";
const TTL_MS = 24 * 3600_000;
const STALE_MS = 10 * 60_000;

/** A fresh one-time token for a form (base64url, 128 bits). */
export function newSubmissionToken(): string {
  return randomBytes(16).toString("base64url");
}

function keyOf(scope: string, token: string, formData: FormData): string {
  const h = createHash("sha256").update(scope).update("\u0000").update(token);
  for (const [name, value] of formData.entries()) {
    if (name === SUBMISSION_FIELD) continue;
    h.update("\u0000").update(name).update("=");
    if (typeof value === "string") h.update(value);
    else h.update(`\u0001${value.name}:${value.size}:${value.type}`);
  }
  return h.digest("base64url");
}

export type Once<T> = { status: "first"; value: T } | { status: "replay"; value: T } | { status: "pending" };

export interface OnceOptions {
  /** Claim a key even without a token (the content alone identifies the submission). */
  contentKey?: boolean;
  /** How long a repeat waits for the first submission to finish (ms). */
  waitMs?: number;
  /** The clock (tests). */
  now?: () => Date;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function submitOnce<T>(
  scope: string,
  formData: FormData,
  work: () => Promise<T>,
  options: OnceOptions = {},
): Promise<Once<T>> {
  const raw = formData.get(SUBMISSION_FIELD);
  const token = typeof raw === "string" ? raw.slice(0, 100) : "";
  if (!token && !options.contentKey) return { status: "first", value: await work() };
  const now = options.now ?? (() => new Date());
  const key = keyOf(scope, token, formData);

  const claimed = await claim(key, scope, now());
  if (!claimed) {
    const deadline = Date.now() + (options.waitMs ?? 5000);
    for (;;) {
      const [row] = await db.select().from(formSubmissions).where(eq(formSubmissions.key, key));
      if (!row) return submitOnce(scope, formData, work, options); // the first one failed: this one runs
      if (row.finishedAt) return { status: "replay", value: row.result as T };
      if (row.createdAt.getTime() < now().getTime() - STALE_MS) {
        // Its process died mid-work: take the claim over.
        const taken = await db
          .update(formSubmissions)
          .set({ createdAt: now() })
          .where(
            and(
              eq(formSubmissions.key, key),
              eq(formSubmissions.createdAt, row.createdAt),
              isNull(formSubmissions.finishedAt),
            ),
          )
          .returning({ key: formSubmissions.key });
        if (taken.length) break;
        continue;
      }
      if (Date.now() >= deadline) return { status: "pending" };
      await sleep(50);
    }
  }

  let value: T;
  try {
    value = await work();
  } catch (err) {
    await db.delete(formSubmissions).where(eq(formSubmissions.key, key));
    throw err;
  }
  await db
    .update(formSubmissions)
    .set({ result: value ?? null, finishedAt: now() })
    .where(eq(formSubmissions.key, key));
  return { status: "first", value };
}

/** Claims a key (and forgets expired ones): false when someone holds it already. */
async function claim(key: string, scope: string, at: Date): Promise<boolean> {
  await db.delete(formSubmissions).where(lt(formSubmissions.createdAt, new Date(at.getTime() - TTL_MS)));
  const rows = await db
    .insert(formSubmissions)
    .values({ key, scope, createdAt: at })
    .onConflictDoNothing()
    .returning({ key: formSubmissions.key });
  return rows.length > 0;
}

/**
 * For an action whose success is a redirect (Post/Redirect/Get): `work`
 * returns the address; a replay is sent where the first submission went; a
 * repeat while the first still runs is refused with the « déjà envoyé »
 * `DomainError` (409), which `tryDomain` / `handleIntent` show on the form.
 */
export async function redirectOnce(
  scope: string,
  formData: FormData,
  work: () => Promise<string>,
  options: OnceOptions = {},
) {
  const once = await submitOnce(scope, formData, work, options);
  if (once.status === "pending") throw new DomainError(ALREADY_SENT, { status: 409 });
  return redirect(once.value);
}

/** Tests: forget every submission. */
export async function resetSubmissions() {
  await db.delete(formSubmissions);
}

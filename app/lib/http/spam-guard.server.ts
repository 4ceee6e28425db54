/**
 * Anti-spam of the public forms (contact, trial class): one
 * honeypot, one per-IP limit, one answer, used by every public form.
 *
 * Rules:
 *  - Honeypot (`honeypotFilled`): checked first. A filled trap gets the same
 *    answer as a success and nothing is stored or sent; the drop is logged.
 *  - Rate limit (`publicFormLimit`): RATE_LIMIT_CONTACT_PER_HOUR submissions
 *    per hour and per client IP, each form its own count (`<scope>:<ip>`),
 *    checked after validation (an invalid form costs nothing). The refusal is
 *    a French form error saying when to retry, with everything typed kept.
 *  - The route answers a refusal with `rateLimitedAnswer` (429 and
 *    Retry-After) and exports `withActionHeaders` as its `headers`, so the
 *    Retry-After reaches the browser.
 */
import { data } from "react-router";
import type { Submission } from "@conform-to/react";
import { env } from "../core/env.server";
import { log } from "../core/log.server";
import { reply, type SubmissionResult } from "./forms";
import { checkRateLimit, retryAfterText } from "./rate-limit.server";
import { HONEYPOT_FIELD } from "./spam-guard";

export interface RateLimited {
  status: "rate-limited";
  result: SubmissionResult<string[]>;
  retryAfterSeconds: number;
}

/** True when a robot filled the trap: answer as a success, store nothing. */
export function honeypotFilled(formData: FormData, scope: string, ip: string): boolean {
  const trap = formData.get(HONEYPOT_FIELD);
  if (typeof trap !== "string" || trap.trim() === "") return false;
  log.info(`${scope}: honeypot filled, submission dropped`, { ip });
  return true;
}

/**
 * Counts this submission against the per-IP limit of the form `scope`; null
 * when it may go on, else the refusal (`what`: « messages », « demandes »).
 */
export async function publicFormLimit(
  scope: string,
  ip: string,
  submission: Submission<unknown, string[], unknown>,
  what: string,
): Promise<RateLimited | null> {
  const limit = await checkRateLimit(`${scope}:${ip}`, env().RATE_LIMIT_CONTACT_PER_HOUR, 3600_000);
  if (limit.ok) return null;
  log.warn(`${scope}: rate limit reached`, { ip });
  return {
    status: "rate-limited",
    retryAfterSeconds: limit.retryAfterSeconds,
    result: reply(submission, {
      formErrors: [
        `Vous avez envoyé plusieurs ${what} en peu de temps. Par mesure de protection contre les envois abusifs, merci de réessayer ${retryAfterText(limit.retryAfterSeconds)}.`,
      ],
    }),
  };
}

/** The route's answer to a refused submission: the form's errors, 429, Retry-After. */
export function rateLimitedAnswer(refused: RateLimited) {
  return data(
    { result: refused.result },
    { status: 429, headers: { "Retry-After": String(refused.retryAfterSeconds) } },
  );
}

/** A public form route's `headers`: the action's headers (Retry-After on a 429) reach the browser. */
export function withActionHeaders({
  parentHeaders,
  actionHeaders,
}: {
  parentHeaders: Headers;
  actionHeaders: Headers;
}) {
  const merged = new Headers(parentHeaders);
  actionHeaders.forEach((value, key) => merged.set(key, value));
  return merged;
}

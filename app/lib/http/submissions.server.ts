/**
 * Idempotent form submissions: a double submit (double click, resent POST,
 * retry after a time-out) is stored once.
 *
 * Rules:
 * - The key of a submission is a hash of its scope ("contact"…), the
 *   optional token of the form (field SUBMISSION_FIELD) and the fields that
 *   make it what it is (e-mail, message…): two visitors never share a key,
 *   even when a cached page gave them the same token.
 * - `runOnce(scope, parts, fn)`: the first submission runs `fn`; a repeat
 *   within 24 h, or while the first is still running, does not and gets
 *   `{ duplicate: true }`. When `fn` fails, the key is released (a retry runs).
 * - Kept in the memory of the process (bounded, 10,000 keys): it covers the
 *   embedded database's single process; not shared between instances.
 */
import { createHash } from "node:crypto";

export const SUBMISSION_FIELD = "_envoi";
const TTL_MS = 24 * 3600_000;
const MAX_KEYS = 10_000;

const seen = new Map<string, number | "running">();

function keyOf(scope: string, parts: Array<string | null | undefined>): string {
  const h = createHash("sha256").update(scope);
  for (const p of parts) h.update("\u0000").update(p ?? "");
  return h.digest("base64url");
}

export async function runOnce<T>(
  scope: string,
  parts: Array<string | null | undefined>,
  fn: () => Promise<T>,
  now: () => number = Date.now,
): Promise<{ duplicate: false; value: T } | { duplicate: true }> {
  const key = keyOf(scope, parts);
  const state = seen.get(key);
  if (state === "running" || (typeof state === "number" && now() - state < TTL_MS)) return { duplicate: true };
  seen.set(key, "running");
  try {
    const value = await fn();
    seen.delete(key);
    seen.set(key, now());
    if (seen.size > MAX_KEYS) seen.delete(seen.keys().next().value as string);
    return { duplicate: false, value };
  } catch (err) {
    seen.delete(key);
    throw err;
  }
}

/** Tests: forget every submission. */
export function resetSubmissions() {
  seen.clear();
}

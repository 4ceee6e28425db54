/**
 * Sign-in limits for a real club: the dojo signs in
 * from one shared address, so only FAILURES count, and they slow down rather
 * than lock out.
 *
 * Rules:
 * - a failed password (or unknown e-mail) is counted per account (the e-mail
 *   typed, over a day) and per address (over an hour), in the shared store
 *   (http/rate-limit.server.ts), so every server process counts together;
 * - below the free allowance (RATE_LIMIT_SIGNIN_FAILURES per account,
 *   RATE_LIMIT_SIGNIN_FAILURES_PER_ADDRESS per address, much higher) nothing
 *   waits; from there each failure doubles the wait before the next try:
 *   1 s, 2 s, 4 s… up to 15 minutes, measured from the last failure; the
 *   refusal says in French when to retry;
 * - a browser that signed in successfully to an account gets a signed
 *   "known device" cookie (OWASP's device cookies) for 30 days: for that
 *   account it is never slowed by the account's or the address's failures,
 *   only by its own (counted under the device);
 * - successful sign-ins are never counted; Google sign-in is not limited here.
 */
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { env } from "../core/env.server";
import { recentEvents, recordEvent } from "../http/rate-limit.server";

const DEVICE_COOKIE = "appareil_connu";
const DEVICE_MAX_AGE_S = 30 * 24 * 3600;
/** Accounts remembered by one browser (a family sharing a computer). */
const DEVICE_MAX_ENTRIES = 5;
/** Failures are remembered a day per account (and device), an hour per address. */
const ACCOUNT_WINDOW_MS = 24 * 3600_000;
const ADDRESS_WINDOW_MS = 3600_000;
const MAX_WAIT_MS = 15 * 60_000;

/** Wait (ms) before the next try after `failures` failures, `free` of them without waiting. */
export function waitAfterFailures(failures: number, free: number): number {
  if (failures < free) return 0;
  return Math.min(1000 * 2 ** (failures - free), MAX_WAIT_MS);
}

function sign(email: string, nonce: string, issued: string): string {
  return createHmac("sha256", env().BETTER_AUTH_SECRET)
    .update(`appareil|${email}|${nonce}|${issued}`)
    .digest("base64url");
}

function cookieValue(cookieHeader: string | null | undefined): string {
  for (const part of (cookieHeader ?? "").split(";")) {
    const [name, ...rest] = part.trim().split("=");
    if (name === DEVICE_COOKIE) return decodeURIComponent(rest.join("="));
  }
  return "";
}

function entries(cookieHeader: string | null | undefined): string[] {
  return cookieValue(cookieHeader).split("~").filter(Boolean).slice(0, DEVICE_MAX_ENTRIES);
}

/** The device's id when this browser holds a valid, recent device cookie for `email`. */
export function knownDevice(cookieHeader: string | null | undefined, email: string, now = Date.now()): string | null {
  for (const entry of entries(cookieHeader)) {
    const [nonce, issued, signature] = entry.split(".");
    if (!nonce || !issued || !signature) continue;
    const age = now / 1000 - Number(issued);
    if (!(age >= 0 && age < DEVICE_MAX_AGE_S)) continue;
    const expected = Buffer.from(sign(email, nonce, issued));
    const given = Buffer.from(signature);
    if (expected.length === given.length && timingSafeEqual(expected, given)) return nonce;
  }
  return null;
}

/** Set-Cookie value after a successful sign-in: this browser is known for `email` (kept with up to 4 others). */
export function deviceCookie(cookieHeader: string | null | undefined, email: string, now = Date.now()): string {
  const nonce = knownDevice(cookieHeader, email, now) ?? randomBytes(12).toString("base64url");
  const issued = String(Math.floor(now / 1000));
  const mine = `${nonce}.${issued}.${sign(email, nonce, issued)}`;
  const others = entries(cookieHeader).filter((e) => !e.startsWith(`${nonce}.`));
  const value = [mine, ...others].slice(0, DEVICE_MAX_ENTRIES).join("~");
  const secure = env().BASE_URL.startsWith("https:") ? "; Secure" : "";
  return `${DEVICE_COOKIE}=${value}; Path=/; Max-Age=${DEVICE_MAX_AGE_S}; HttpOnly; SameSite=Lax${secure}`;
}

interface Attempt {
  email: string;
  ip: string;
  cookieHeader: string | null | undefined;
}

function counters(attempt: Attempt, now: number): { key: string; free: number; windowMs: number }[] {
  const e = env();
  const device = knownDevice(attempt.cookieHeader, attempt.email, now);
  if (device)
    return [{ key: `signin-fail:device:${device}`, free: e.RATE_LIMIT_SIGNIN_FAILURES, windowMs: ACCOUNT_WINDOW_MS }];
  return [
    { key: `signin-fail:account:${attempt.email}`, free: e.RATE_LIMIT_SIGNIN_FAILURES, windowMs: ACCOUNT_WINDOW_MS },
    {
      key: `signin-fail:address:${attempt.ip}`,
      free: e.RATE_LIMIT_SIGNIN_FAILURES_PER_ADDRESS,
      windowMs: ADDRESS_WINDOW_MS,
    },
  ];
}

/** Seconds to wait before this attempt may be checked (0: go ahead). */
export async function signInWait(attempt: Attempt, now = Date.now()): Promise<number> {
  let wait = 0;
  for (const { key, free, windowMs } of counters(attempt, now)) {
    const { count, last } = await recentEvents(key, windowMs, now);
    if (last === null) continue;
    wait = Math.max(wait, last + waitAfterFailures(count, free) - now);
  }
  return wait > 0 ? Math.ceil(wait / 1000) : 0;
}

/** Counts a failed sign-in against the account and the address (or only the known device). */
export async function recordSignInFailure(attempt: Attempt, now = Date.now()): Promise<void> {
  for (const { key, windowMs } of counters(attempt, now)) await recordEvent(key, windowMs, now);
}

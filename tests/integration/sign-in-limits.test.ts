/**
 * Sign-in limits for a real club, through the real
 * sign-in route (request harness) on a fake clock: only failures count, per
 * account and per address (a much higher ceiling), with a growing wait said
 * in French; a browser that signed in before is never slowed by others.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { app } from "../helpers/app";
import { cookieFromSetCookie, createUser, type CreatedUser } from "../helpers/auth";
import { withLocalGoogle } from "../helpers/local-google";
import { seedDatabase } from "~/lib/core/seed.server";
import { firstErrors, type SubmissionResult } from "~/lib/http/forms";
import { resetRateLimits } from "~/lib/http/rate-limit.server";
import { recordSignInFailure, waitAfterFailures } from "~/lib/accounts/sign-in-throttle.server";

withLocalGoogle();

const DOJO = "203.0.113.7";
const t0 = Date.UTC(2026, 10, 24, 18, 30, 0);
type Answer = { result?: SubmissionResult<string[]>; code?: string | null };

let members: CreatedUser[] = [];
let victim: CreatedUser;

beforeAll(async () => {
  await seedDatabase();
  victim = await createUser({ email: "victime.limites@exemple.fr" });
  members = [];
  for (let i = 0; i < 30; i++) members.push(await createUser({ email: `dojo-${i}@exemple.fr` }));
});

beforeEach(async () => {
  await resetRateLimits();
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(t0);
});
afterEach(() => vi.useRealTimers());
afterAll(() => vi.useRealTimers());

function signIn(email: string, password: string, options: { ip?: string; cookie?: string } = {}) {
  return app.post<Answer>(
    "/connexion",
    { email, password, redirectTo: "/espace-membre" },
    { ip: options.ip ?? DOJO, as: options.cookie ?? null },
  );
}

const tick = (ms: number) => vi.setSystemTime(Date.now() + ms);

describe("sign-in limits", () => {
  it("lets 30 members sign in from the dojo's one address within a minute while a password guesser is slowed", async () => {
    let checked = 0;
    let slowed = 0;
    for (const member of members) {
      const guess = await signIn(victim.email, `essai-${checked + slowed}`);
      if (guess.status === 401) checked++;
      else {
        expect(guess.status).toBe(429);
        slowed++;
      }
      const res = await signIn(member.email, member.password);
      expect(res.redirect, member.email).toBe("/espace-membre");
      tick(2000);
    }
    expect(Date.now() - t0).toBe(60_000);
    // 5 free failures, then waits of 1, 2, 4, 8, 16 s from the last failure: 10 guesses checked in the minute.
    expect(checked).toBe(10);
    expect(slowed).toBe(20);
  });

  it("says in French how many seconds to wait, the wait doubling after each failure", async () => {
    for (let i = 0; i < 5; i++) expect((await signIn(victim.email, `faux-${i}`)).status).toBe(401);
    const first = await signIn(victim.email, "faux-5");
    expect(first.status).toBe(429);
    expect(first.data.code).toBe("auth/too-many-requests");
    expect(firstErrors(first.data.result)[""]).toBe("Trop de tentatives. Réessayez dans 1 seconde.");
    expect(first.headers.get("retry-after")).toBe("1");
    tick(1000);
    expect((await signIn(victim.email, "faux-6")).status).toBe(401);
    const second = await signIn(victim.email, "faux-7");
    expect(firstErrors(second.data.result)[""]).toBe("Trop de tentatives. Réessayez dans 2 secondes.");
    // Even the right password waits, from a browser this account never signed in from.
    tick(1500);
    const right = await signIn(victim.email, victim.password);
    expect(firstErrors(right.data.result)[""]).toBe("Trop de tentatives. Réessayez dans 1 seconde.");
    tick(500);
    expect((await signIn(victim.email, victim.password)).redirect).toBe("/espace-membre");
    expect(waitAfterFailures(30, 5)).toBe(15 * 60_000);
  });

  it("never slows a correct password from a browser that signed in before, whatever others did", async () => {
    const first = await signIn(victim.email, victim.password, { ip: "198.51.100.20" });
    expect(first.redirect).toBe("/espace-membre");
    const device = cookieFromSetCookie(first.headers)
      .split("; ")
      .filter((c) => c.startsWith("appareil_connu="))
      .join("; ");
    expect(device).toMatch(/^appareil_connu=./);
    tick(60_000);
    // A guesser hammers the account and the dojo's address goes past its ceiling.
    for (let i = 0; i < 12; i++) await signIn(victim.email, `pirate-${i}`, { ip: "192.0.2.66" });
    for (let i = 0; i < 110; i++)
      await recordSignInFailure({ email: `inconnu-${i}@exemple.fr`, ip: DOJO, cookieHeader: null });
    expect((await signIn(victim.email, victim.password, { ip: "192.0.2.66" })).status).toBe(429);
    expect((await signIn(members[0]!.email, members[0]!.password)).status).toBe(429);
    // The known browser, from the crowded address: straight in.
    const again = await signIn(victim.email, victim.password, { cookie: device });
    expect(again.redirect).toBe("/espace-membre");
    // Its own wrong passwords count for it alone.
    for (let i = 0; i < 5; i++) expect((await signIn(victim.email, `oubli-${i}`, { cookie: device })).status).toBe(401);
    expect((await signIn(victim.email, victim.password, { cookie: device })).status).toBe(429);
  });

  it("without JavaScript, a sign-in sets both the session and the device cookie", async () => {
    const res = await app.fetch("/connexion", {
      method: "POST",
      body: new URLSearchParams({
        email: members[3]!.email,
        password: members[3]!.password,
        redirectTo: "/espace-membre",
      }),
      ip: DOJO,
    });
    expect(res.status).toBe(302);
    const names = res.headers.getSetCookie().map((c) => c.split("=")[0]);
    expect(names).toContain("appareil_connu");
    expect(names.some((n) => n?.includes("session_token"))).toBe(true);
  });

  it("does not let a device cookie for one account vouch for another", async () => {
    const first = await signIn(victim.email, victim.password, { ip: "198.51.100.21" });
    const device = cookieFromSetCookie(first.headers);
    for (let i = 0; i < 6; i++) await signIn(members[1]!.email, `x-${i}`, { ip: "192.0.2.67" });
    expect((await signIn(members[1]!.email, members[1]!.password, { cookie: device })).status).toBe(429);
  });

  it("leaves Google sign-in alone when the address is slowed", async () => {
    for (let i = 0; i < 110; i++)
      await recordSignInFailure({ email: `inconnu-${i}@exemple.fr`, ip: DOJO, cookieHeader: null });
    expect((await signIn(members[2]!.email, members[2]!.password)).status).toBe(429);
    const google = await app.post("/connexion", { intent: "google", redirectTo: "/espace-membre" }, { ip: DOJO });
    expect(google.redirect).toMatch(/^http:\/\/localhost:\d+\/authorize\?/);
  });
});

/**
 * Sign-up under faults: simultaneous sign-ups with one e-mail give one
 * account and French "already in use" answers (never a 500), and a sign-up
 * that fails midway leaves no account behind (user, credential and own
 * profile are written in one transaction).
 */
import { eq, sql } from "drizzle-orm";
import { assert, describe, expect, it } from "vitest";
import { accounts, profiles, users } from "#db/schema";
import { db } from "../core/db.server";
import { AUTH_ERRORS } from "./auth-errors";
import { signUpWithPassword } from "./auth-operations.server";
import { AuthFailure } from "./auth-errors";

/** The outcome of a sign-up: ok, or the AuthFailure it threw. */
async function attempt(input: Parameters<typeof signUpWithPassword>[0]) {
  try {
    await signUpWithPassword(input);
    return { ok: true as const };
  } catch (err) {
    if (!(err instanceof AuthFailure)) throw err;
    return { ok: false as const, status: err.status, message: err.error.message };
  }
}

const PASSWORD = "cheval agrafe pile correcte";

describe("sign-up under faults", () => {
  it("ten simultaneous sign-ups with one e-mail: one account, nine French 'already in use'", async () => {
    const email = "course@exemple.fr";
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        attempt({ prenom: "Course", nom: `N${i}`, email, password: PASSWORD, ip: `10.9.0.${i + 1}` }),
      ),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    const losers = results.filter((r) => !r.ok);
    expect(losers).toHaveLength(9);
    for (const r of losers) {
      if (r.ok) continue;
      expect(r.status).toBe(409);
      expect(r.message).toBe(AUTH_ERRORS["auth/email-already-in-use"]);
    }
    const rows = await db.select().from(users).where(eq(users.email, email));
    expect(rows).toHaveLength(1);
    const [user] = rows;
    assert(user);
    expect(await db.select().from(accounts).where(eq(accounts.userId, user.id))).toHaveLength(1);
    expect(await db.select().from(profiles).where(eq(profiles.ownerId, user.id))).toHaveLength(1);
  });

  it("a sign-up that fails midway leaves no account without password or profile", async () => {
    // The database refuses the own profile of this visitor: the failure comes after the user row.
    await db.execute(sql`create or replace function refuse_profile() returns trigger language plpgsql as $$
      begin
        if new.prenom = 'Coupé' then raise exception 'coupure simulée'; end if;
        return new;
      end $$`);
    await db.execute(
      sql`create trigger refuse_profile before insert on profiles for each row execute function refuse_profile()`,
    );
    try {
      const r = await attempt({
        prenom: "Coupé",
        nom: "Net",
        email: "coupe@exemple.fr",
        password: PASSWORD,
        ip: "10.9.1.1",
      });
      expect(r.ok).toBe(false);
      expect(await db.select().from(users).where(eq(users.email, "coupe@exemple.fr"))).toHaveLength(0);
    } finally {
      await db.execute(sql`drop trigger refuse_profile on profiles`);
      await db.execute(sql`drop function refuse_profile()`);
    }
    // The same visitor can sign up afterwards.
    const again = await attempt({
      prenom: "Coupé",
      nom: "Net",
      email: "coupe@exemple.fr",
      password: PASSWORD,
      ip: "10.9.1.2",
    });
    expect(again.ok).toBe(true);
  });
});

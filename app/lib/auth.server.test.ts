import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { profiles, users } from "#db/schema";
import { createUser } from "../../tests/helpers/auth";
import { db } from "./db.server";
import { getSessionUser } from "./session.server";
import { resetRateLimits } from "./rate-limit.server";
import { signUpWithPassword } from "./auth.server";

beforeEach(() => resetRateLimits());

describe("smoke", () => {
  it("creates a user with a session", async () => {
    const { user, cookie } = await createUser({ roles: ["admin"] });
    expect(user.isAdmin).toBe(true);
    expect(cookie).toContain("better-auth.session_token=");
    const again = await getSessionUser(new Request("http://localhost:3000/x", { headers: { cookie } }));
    expect(again?.id).toBe(user.id);
    const [p] = await db.select().from(profiles).where(eq(profiles.ownerId, user.id));
    expect(p.isSelf).toBe(true);
  });
  it("signs up", async () => {
    const r = await signUpWithPassword({ prenom: "Léa", nom: "Durand", email: "Lea@Exemple.fr", password: "une phrase assez longue", ip: "1.2.3.4" });
    expect(r.ok).toBe(true);
    const [u] = await db.select().from(users).where(eq(users.email, "lea@exemple.fr"));
    expect(u.roles).toEqual(["pré-inscrit"]);
  });
});

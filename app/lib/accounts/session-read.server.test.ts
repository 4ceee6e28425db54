/**
 * The session read of every signed-in request: the signed cookie checked as
 * Better Auth signs it, the session and its user read in one query, then kept in the process
 * until the next write. Behaviour a member or a manager would notice: the same answer as Better
 * Auth's own session read; a role change, a sign-out or a deactivation counts at the very next
 * request; a forged cookie is nobody; "last seen" is still recorded. Fake clock only.
 */
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { sessions, users } from "#db/schema";
import { createUser } from "../../../tests/helpers/auth";
import { getAuth } from "./auth.server";
import { cookieValue, getSessionUser, verifiedToken } from "./session.server";
import { db } from "../core/db.server";

afterEach(() => {
  vi.useRealTimers();
});

const at = (cookie: string) => new Request("http://localhost:3000/espace-membre", { headers: { cookie } });

describe("the session read", () => {
  it("finds the same user and session as Better Auth's own session read", async () => {
    const { cookie } = await createUser({ roles: ["membre", "article_manager"], prenom: "Linh", nom: "Tran" });
    const ours = await getSessionUser(at(cookie));
    const theirs = await getAuth().api.getSession({
      headers: new Headers({ cookie }),
      query: { disableCookieCache: true, disableRefresh: true },
    });
    expect(theirs).not.toBeNull();
    expect(ours).toMatchObject({
      id: theirs?.user.id,
      email: theirs?.user.email,
      prenom: "Linh",
      nom: "Tran",
      roles: ["membre", "article_manager"],
      isAdmin: false,
      sessionId: theirs?.session.id,
      selectedProfileId: null,
    });
  });

  it("keeps the session between requests while nothing is written, and reads it again after any write", async () => {
    const { cookie } = await createUser({ roles: ["membre"] });
    const first = await getSessionUser(at(cookie));
    expect(await getSessionUser(at(cookie))).toBe(first); // kept: no query
    expect(Object.isFrozen(first)).toBe(true); // shared by the requests: nobody may change it
    await db.update(users).set({ nom: "Autre" }).where(eq(users.id, "personne"));
    const again = await getSessionUser(at(cookie));
    expect(again).not.toBe(first);
    expect(again).toEqual(first);
  });

  it("gives a role at the member's very next request", async () => {
    const { cookie, user } = await createUser({ roles: ["membre"] });
    expect((await getSessionUser(at(cookie)))?.isAdmin).toBe(false);
    await db
      .update(users)
      .set({ roles: ["membre", "admin"] })
      .where(eq(users.id, user.id));
    const after = await getSessionUser(at(cookie));
    expect(after?.roles).toEqual(["membre", "admin"]);
    expect(after?.isAdmin).toBe(true);
  });

  it("ends a session at the very next request after a sign-out or a deactivation, even just read", async () => {
    const a = await createUser({ roles: ["membre"] });
    expect(await getSessionUser(at(a.cookie))).not.toBeNull();
    await getAuth().api.signOut({ headers: new Headers({ cookie: a.cookie }) });
    expect(await getSessionUser(at(a.cookie))).toBeNull();

    const b = await createUser({ roles: ["membre"] });
    expect(await getSessionUser(at(b.cookie))).not.toBeNull();
    await db.update(users).set({ active: false }).where(eq(users.id, b.user.id));
    expect(await getSessionUser(at(b.cookie))).toBeNull();
  });

  it("records 'last seen' every ten minutes of activity, and ends the session at its absolute expiry, without any other write", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-11-27T10:00:00Z"));
    const { cookie, user } = await createUser({ roles: ["membre"] });
    const lastSeen = async () =>
      (await db.select({ at: sessions.updatedAt }).from(sessions).where(eq(sessions.id, user.sessionId)))[0]?.at;
    vi.setSystemTime(new Date("2026-11-27T10:09:00Z"));
    await getSessionUser(at(cookie));
    expect(await lastSeen()).toEqual(new Date("2026-11-27T10:00:00Z"));
    vi.setSystemTime(new Date("2026-11-27T10:11:00Z"));
    expect(await getSessionUser(at(cookie))).not.toBeNull();
    expect(await lastSeen()).toEqual(new Date("2026-11-27T10:11:00Z"));

    // A visit every six days keeps it alive (never idle for a week), until 30 days after the
    // sign-in: it then ends, though it was kept a moment before.
    for (const day of ["2026-12-03", "2026-12-09", "2026-12-15", "2026-12-21"]) {
      vi.setSystemTime(new Date(`${day}T10:00:00Z`));
      expect(await getSessionUser(at(cookie))).not.toBeNull();
    }
    vi.setSystemTime(new Date("2026-12-27T09:59:00Z"));
    expect(await getSessionUser(at(cookie))).not.toBeNull();
    vi.setSystemTime(new Date("2026-12-27T10:00:01Z"));
    expect(await getSessionUser(at(cookie))).toBeNull();
    expect(await lastSeen()).toBeUndefined(); // the row is deleted, as Better Auth does
  });

  it("is nobody for a cookie signed with another secret, or carrying another session's signature", async () => {
    const a = await createUser({ roles: ["membre"] });
    const b = await createUser({ roles: ["membre"] });
    const tokenOf = (cookie: string) => /session_token=([^;]+)/.exec(cookie)?.[1] ?? "";
    const [tokenA] = decodeURIComponent(tokenOf(a.cookie)).split(".");
    const [, signatureB] = decodeURIComponent(tokenOf(b.cookie)).split(".");
    const swapped = a.cookie.replace(tokenOf(a.cookie), encodeURIComponent(`${tokenA}.${signatureB}`));
    expect(await getSessionUser(at(swapped))).toBeNull();
    const { createHmac } = await import("node:crypto");
    const forged = `${tokenA}.${createHmac("sha256", "un autre secret de trente-deux caractères")
      .update(tokenA ?? "")
      .digest("base64")}`;
    expect(await getSessionUser(at(a.cookie.replace(tokenOf(a.cookie), encodeURIComponent(forged))))).toBeNull();
    expect(await getSessionUser(at(`better-auth.session_token=${tokenA}`))).toBeNull(); // unsigned
    expect(await getSessionUser(at(a.cookie))).not.toBeNull();
  });
});

describe("reading the session cookie as better-call does", () => {
  it("takes the first cookie of the name, drops quotes and decodes the value", () => {
    const header = 'autre=1; better-auth.session_token="abc.d%2Be%3D"; better-auth.session_token=second';
    expect(cookieValue(header, "better-auth.session_token")).toBe("abc.d+e=");
    expect(cookieValue("a=1;b=2", "b")).toBe("2");
    expect(cookieValue("a=1", "better-auth.session_token")).toBeNull();
    expect(cookieValue("x=%E0%A4%A", "x")).toBe("%E0%A4%A"); // kept when it does not decode
    // Under https Better Auth names it __Secure-…: the plain name is then another cookie.
    expect(cookieValue("__Secure-better-auth.session_token=v", "better-auth.session_token")).toBeNull();
    expect(cookieValue("__Secure-better-auth.session_token=v", "__Secure-better-auth.session_token")).toBe("v");
  });

  it("accepts only the base64 HMAC-SHA-256 of the token with the secret", async () => {
    const { createHmac } = await import("node:crypto");
    const secret = "secret-de-test-de-trente-deux-caracteres";
    const signature = createHmac("sha256", secret).update("jeton").digest("base64");
    expect(verifiedToken(`jeton.${signature}`, secret)).toBe("jeton");
    expect(verifiedToken(`jeton.${signature}`, `${secret}!`)).toBeNull();
    expect(verifiedToken(`jeton2.${signature}`, secret)).toBeNull();
    expect(verifiedToken(`jeton.${signature.slice(0, -1)}`, secret)).toBeNull();
    expect(verifiedToken(`.${signature}`, secret)).toBeNull();
    expect(verifiedToken("jeton", secret)).toBeNull();
  });
});

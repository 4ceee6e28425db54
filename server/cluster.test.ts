/**
 * Several server processes on one PostgreSQL (issue 12, decision 0023): two
 * servers of the production build share one database; an edit made through
 * one is seen at once through the other (its page and settings caches were
 * dropped through LISTEN/NOTIFY), a sign-out through one ends the session
 * through the other at once (its kept session dropped), and the daily reminders job, started by both
 * at the same moment, runs once. Rate limits count across processes (the
 * contact form's, in the database). PostgreSQL only (PGlite is one process).
 * The build is made first when missing or older than the sources.
 * Async spawn only (spawnSync would block the servers' pipes); BASE_URL is set
 * per process (Vitest sets BASE_URL="/").
 */
import type { ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ensureProductionBuild,
  runJobsTogether,
  formFields,
  run,
  scratchDatabase,
  startServer as startBuild,
  stopServers,
} from "../tests/helpers/server-processes";

const admin = process.env.TEST_DATABASE_URL;
const onPostgres = process.env.TEST_DB_DRIVER === "postgres" && !!admin;

function startServer(url: string, dataDir: string) {
  return startBuild({
    DATABASE_URL: url,
    DATA_DIR: dataDir,
    WORKERS: "1",
    LOG_LEVEL: "error",
    PAGE_CACHE_SECONDS: "30",
    RATE_LIMIT_CONTACT_PER_HOUR: "1",
  });
}

describe.runIf(onPostgres)("several server processes on one PostgreSQL", () => {
  let dbUrl = "";
  let dropDatabase: (() => Promise<void>) | null = null;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "club-cluster-"));
  const servers: ChildProcess[] = [];
  /** The two servers of the first test and its administrator's cookie (signed in through A). */
  let pair: { a: { base: string }; b: { base: string }; cookie: string } | null = null;

  beforeAll(async () => {
    // A missing or stale build (older than the sources) is rebuilt: the servers must run this code.
    await ensureProductionBuild();
    const db = await scratchDatabase(admin!, "cluster");
    dbUrl = db.url;
    dropDatabase = db.drop;
  }, 300_000);

  afterAll(async () => {
    await stopServers(servers);
    await dropDatabase?.();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("shows an edit made through one process at once through the other (no stale cached page), and counts a rate limit across both", async () => {
    const [a, b] = await Promise.all([startServer(dbUrl, dataDir), startServer(dbUrl, dataDir)]);
    servers.push(a.child, b.child);
    const password = "processus multiples 2026 !";
    await run(
      "npx",
      [
        "tsx",
        "scripts/user.ts",
        "add",
        "--email",
        "admin@exemple.fr",
        "--password",
        password,
        "--prenom",
        "Ada",
        "--nom",
        "Admin",
        "--role",
        "admin",
      ],
      {
        ...process.env,
        DATABASE_URL: dbUrl,
        DATA_DIR: dataDir,
        BASE_URL: a.base,
        LOG_LEVEL: "error",
      },
    );

    // B serves the home page from its cache, with the name standing in until the club enters its own (issue 56).
    const standIn = /<h1[^>]*>Vovinam Viet Vo Dao<\/h1>/;
    await (await fetch(`${b.base}/`)).text();
    const before = await fetch(`${b.base}/`);
    expect(before.headers.get("x-page-cache")).toBe("hit");
    expect(await before.text()).toMatch(standIn);

    // The administrator renames the club through A.
    const signIn = await fetch(`${a.base}/connexion`, {
      method: "POST",
      redirect: "manual",
      headers: { origin: a.base, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ email: "admin@exemple.fr", password }),
    });
    const cookie = signIn.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    expect(cookie).toContain("session_token");
    pair = { a, b, cookie };
    const page = `${a.base}/espace-membre/contenu/reglages/identite`;
    const form = formFields(await (await fetch(page, { headers: { cookie } })).text());
    expect(form.get("clubName")).toBe("");
    for (const [name, value] of Object.entries({
      clubName: "Club Témoin Deux Processus",
      shortName: "Témoin",
      associationName: "Association Club Témoin",
      sportsComplex: "Gymnase Témoin",
      street: "1 rue des Processus",
      postalCode: "75011",
      city: "Paris",
      email: "bureau@temoin.exemple",
    }))
      form.set(name, value);
    form.set("intent", "save");
    const saved = await fetch(page, {
      method: "POST",
      redirect: "manual",
      headers: { cookie, origin: a.base, "content-type": "application/x-www-form-urlencoded" },
      body: form,
    });
    expect(saved.status).toBeLessThan(400);

    // At once through B: no stale page, no stale settings.
    const after = await fetch(`${b.base}/`);
    expect(after.headers.get("x-page-cache")).not.toBe("hit");
    const html = await after.text();
    expect(html).toContain("Club Témoin Deux Processus");
    expect(html).not.toMatch(standIn);

    // Limits are counted in the database: one contact message an hour from this address, sent
    // through A, and the next one, through B, is refused.
    const contact = async (base: string, message: string) => {
      const fields = formFields(await (await fetch(`${base}/contact`)).text());
      fields.set("name", "Camille Martin");
      fields.set("email", "camille@exemple.fr");
      fields.set("subject", "Renseignements");
      fields.set("message", message);
      const res = await fetch(`${base}/contact`, {
        method: "POST",
        redirect: "manual",
        headers: { origin: base, "content-type": "application/x-www-form-urlencoded" },
        body: fields,
      });
      return { status: res.status, html: await res.text() };
    };
    const first = await contact(a.base, "Bonjour, à quel âge peut-on commencer le Vovinam ?");
    expect(first.status).toBeLessThan(400);
    expect(first.html).not.toContain("plusieurs messages en peu de temps");
    const second = await contact(b.base, "Bonjour, et pour les adultes débutants, quel cours choisir ?");
    expect(second.html).toContain("plusieurs messages en peu de temps");
  }, 120_000);

  it("ends a session through the other process at once after a sign-out through one (no session kept stale)", async () => {
    expect(pair).not.toBeNull();
    if (!pair) return;
    const { a, b, cookie } = pair;
    // B reads the session, and keeps it in memory.
    for (let i = 0; i < 2; i++) {
      const page = await fetch(`${b.base}/espace-membre`, { headers: { cookie }, redirect: "manual" });
      expect(page.status).toBe(200);
      await page.text();
    }
    const out = await fetch(`${a.base}/deconnexion`, {
      method: "POST",
      redirect: "manual",
      headers: { cookie, origin: a.base, "content-type": "application/x-www-form-urlencoded" },
      body: "",
    });
    expect(out.status).toBe(302);
    // At once through B: the old cookie is nobody's.
    const after = await fetch(`${b.base}/espace-membre`, { headers: { cookie }, redirect: "manual" });
    expect(after.status).toBe(302);
    expect(after.headers.get("location")).toContain("/connexion");
  }, 60_000);

  it("runs the daily reminders job once when two processes start it at the same moment", async () => {
    // A fake clock, later than any day the servers above may have claimed with the real one.
    const at = "2099-03-10T10:00:00+01:00";
    const env = { DATABASE_URL: dbUrl, DATA_DIR: dataDir, REMINDERS_AT: at };
    const results = await runJobsTogether<{ ran?: boolean }>("tests/helpers/run-reminders.ts", [env, env]);
    expect(results.filter((r) => r.ran === true)).toHaveLength(1);
    expect(results.filter((r) => r.ran === false)).toHaveLength(1);
  }, 120_000);
});

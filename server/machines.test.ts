/**
 * Several machines behind a load balancer on one PostgreSQL: two servers of
 * the production build (WORKERS=1 each), each with its OWN data folder, so
 * nothing can pass through the disk. Everything a request needs is in the
 * database:
 *  - the first-run address each machine logged works on both (a start does
 *    not revoke the other's), and the club set up through one is shown at once
 *    by the other (no stale cached page);
 *  - a member signed in through one is signed in through the other (one
 *    session secret, kept in the database);
 *  - uploads switched to PostgreSQL on one machine's operations page: a photo
 *    uploaded through one is served by the other, byte for byte, and neither
 *    data folder holds a file;
 *  - the nightly backup, started by both machines at the same moment (a fake
 *    clock), runs once, and its archive holds the photo's files.
 * PostgreSQL only (the embedded database is one process on one machine).
 */
import type { ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ensureProductionBuild,
  runJobsTogether,
  scratchDatabase,
  startServer,
  stopServers,
  type ServerProcess,
} from "../tests/helpers/server-processes";

const admin = process.env.TEST_DATABASE_URL;
const onPostgres = process.env.TEST_DB_DRIVER === "postgres" && !!admin;

/** What a machine's control socket says of its background jobs (app/lib/operations/control.server.ts). */
function jobRuns(dataDir: string, name: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(path.join(dataDir, "controle.sock"));
    let out = "";
    socket.setEncoding("utf8");
    socket.on("connect", () => socket.write(`${JSON.stringify({ command: "jobs" })}\n`));
    socket.on("data", (d: string) => (out += d));
    socket.on("end", () => {
      const jobs = (JSON.parse(out) as { jobs: Array<{ name: string; runs: number }> }).jobs;
      resolve(jobs.find((j) => j.name === name)?.runs ?? 0);
    });
    socket.on("error", reject);
  });
}

/** The files under a folder (none when it does not exist). */
function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => e.name);
}

const form = (fields: Record<string, string>) => new URLSearchParams(fields);

describe.runIf(onPostgres)("several machines on one PostgreSQL, each with its own data folder", () => {
  let dbUrl = "";
  let dropDatabase: (() => Promise<void>) | null = null;
  const folders = [0, 1].map(() => mkdtempSync(path.join(os.tmpdir(), "machine-")));
  const children: ChildProcess[] = [];

  beforeAll(async () => {
    await ensureProductionBuild();
    const db = await scratchDatabase(admin!, "machines");
    dbUrl = db.url;
    dropDatabase = db.drop;
  }, 300_000);

  afterAll(async () => {
    await stopServers(children);
    await dropDatabase?.();
    for (const dir of folders) rmSync(dir, { recursive: true, force: true });
  });

  it("shares sign-in, settings, uploaded photos and the nightly backup through the database alone", async () => {
    const [a, b] = (await Promise.all(
      folders.map((dir) =>
        startServer({ DATABASE_URL: dbUrl, DATA_DIR: dir, WORKERS: "1", LOG_LEVEL: "warn", PAGE_CACHE_SECONDS: "30" }),
      ),
    )) as [ServerProcess, ServerProcess];
    children.push(a.child, b.child);

    // Each machine logged its own first-run address; both work on both machines.
    const setupPath = (server: ServerProcess) => {
      const line = server
        .log()
        .split("\n")
        .find((l) => l.includes("first-run setup"));
      const url = new URL((JSON.parse(line ?? "{}") as { url: string }).url);
      return { path: `${url.pathname}${url.search}`, token: url.searchParams.get("jeton") ?? "" };
    };
    const setupA = setupPath(a);
    const setupB = setupPath(b);
    expect(setupA.token).not.toBe(setupB.token);
    for (const server of [a, b])
      for (const setup of [setupA, setupB]) expect((await fetch(`${server.base}${setup.path}`)).status).toBe(200);

    // B serves its home page from its cache.
    await (await fetch(`${b.base}/`)).text();
    expect((await fetch(`${b.base}/`)).headers.get("x-page-cache")).toBe("hit");

    // The club is set up through A, with B's address: B shows it at once.
    const password = "Deux machines, une seule base 2026 !";
    const setUp = await fetch(`${a.base}${setupB.path}`, {
      method: "POST",
      redirect: "manual",
      headers: { origin: a.base, "content-type": "application/x-www-form-urlencoded" },
      body: form({
        token: setupB.token,
        prenom: "Ada",
        nom: "Admin",
        email: "admin@exemple.fr",
        password,
        confirmation: password,
        clubName: "Club Témoin Deux Machines",
        shortName: "Témoin",
        associationName: "Association Club Témoin",
        sportsComplex: "Gymnase Témoin",
        clubEmail: "bureau@temoin.exemple",
        street: "1 rue des Machines",
        postalCode: "75011",
        city: "Paris",
        mailChoice: "plus-tard",
      }),
    });
    expect(setUp.status).toBe(302);
    const home = await fetch(`${b.base}/`);
    expect(home.headers.get("x-page-cache")).not.toBe("hit");
    expect(await home.text()).toContain("Club Témoin Deux Machines");

    // Signed in through A, signed in through B.
    const signIn = await fetch(`${a.base}/connexion`, {
      method: "POST",
      redirect: "manual",
      headers: { origin: a.base, "content-type": "application/x-www-form-urlencoded" },
      body: form({ email: "admin@exemple.fr", password }),
    });
    const cookie = signIn.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    expect(cookie).toContain("session_token");
    const memberHome = await fetch(`${b.base}/espace-membre`, { headers: { cookie }, redirect: "manual" });
    expect(memberHome.status).toBe(200);

    // Uploads kept in PostgreSQL, chosen on B's operations page.
    const chosen = await fetch(`${b.base}/espace-membre/exploitation`, {
      method: "POST",
      redirect: "manual",
      headers: { cookie, origin: b.base, "content-type": "application/x-www-form-urlencoded" },
      body: form({ intent: "fichiers", place: "postgres" }),
    });
    expect(chosen.status).toBe(200);
    expect(await chosen.text()).toContain("Les nouveaux fichiers sont gardés dans la base PostgreSQL");

    // A photo uploaded through A…
    const png = await sharp({ create: { width: 1200, height: 800, channels: 3, background: "#2a6f97" } })
      .png()
      .toBuffer();
    const upload = new FormData();
    upload.set("intent", "upload");
    upload.set("file", new Blob([new Uint8Array(png)], { type: "image/png" }), "tatami.png");
    upload.set("alt", "Le tatami vide avant le cours");
    upload.set("caption", "");
    upload.set("articleId", "");
    const uploaded = await fetch(`${a.base}/espace-membre/articles/photos`, {
      method: "POST",
      redirect: "manual",
      headers: { cookie, origin: a.base },
      body: upload,
    });
    expect(uploaded.status).toBe(302);

    // …is listed and served by B, byte for byte as A serves it; no data folder holds a file.
    const list = await (await fetch(`${b.base}/espace-membre/articles/photos`, { headers: { cookie } })).text();
    const src = /\/media\/(img-[a-z0-9-]+)\/(\d+)\.webp/.exec(list)?.[0];
    expect(src).toBeDefined();
    const fromB = await fetch(`${b.base}${src}`);
    expect(fromB.status).toBe(200);
    expect(fromB.headers.get("content-type")).toBe("image/webp");
    const bytesB = Buffer.from(await fromB.arrayBuffer());
    const bytesA = Buffer.from(await (await fetch(`${a.base}${src}`)).arrayBuffer());
    expect(bytesB.length).toBeGreaterThan(0);
    expect(bytesB.equals(bytesA)).toBe(true);
    for (const dir of folders) expect(filesUnder(path.join(dir, "uploads"))).toEqual([]);

    // The nightly backup: after each machine's first round of jobs, both start it at the same moment.
    for (const dir of folders) while ((await jobRuns(dir, "backup")) < 1) await new Promise((r) => setTimeout(r, 200));
    const at = "2099-03-10T04:00:00+01:00";
    const results = await runJobsTogether<{
      ran?: boolean;
      error?: string | null;
      file?: string | null;
      files?: number | null;
      verified?: boolean | null;
    }>(
      "tests/helpers/run-nightly-backup.ts",
      folders.map((dir) => ({ DATABASE_URL: dbUrl, DATA_DIR: dir, BACKUP_AT: at })),
    );
    const ran = results.filter((r) => r.ran === true);
    expect(ran).toHaveLength(1);
    expect(results.filter((r) => r.ran === false)).toHaveLength(1);
    expect(ran[0]).toMatchObject({ error: null, verified: true });
    // The photo's six files (WebP and AVIF at 480, 960 and 1200 pixels), read from the database.
    expect(ran[0]?.files).toBe(6);
    const nightly = folders.flatMap((dir) =>
      filesUnder(path.join(dir, "sauvegardes")).filter((f) => /^sauvegarde-20990310-.*\.sauvegarde$/.test(f)),
    );
    expect(nightly).toHaveLength(1);
  }, 240_000);
});

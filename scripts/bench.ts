/**
 * npm run bench — performance figures of the production build (issue 12, decision 0023):
 *  1. the site's pages without the page cache against a bare React Router 7.18.4
 *     app (bench/bare: one page of 40 paragraphs from a loader), in ONE run,
 *     interleaved (bare, then each page, BENCH_ROUNDS rounds of BENCH_SECONDS):
 *     requests/s, latencies and the ratio per page with its spread across the
 *     rounds (the machine's noise). Public pages, then signed-in pages on the
 *     large club (scripts/seed-large.ts; --small to skip it);
 *  2. cold start to the first answered page on an existing database, RSS after
 *     BENCH_RSS_REQUESTS (10,000) requests;
 *  3. the gzip size of the JavaScript each public page loads;
 *  4. Lighthouse (mobile) of home through npx, when Chromium is installed and
 *     npx can fetch it (skip with --no-lighthouse);
 *  5. with BENCH_DATABASE_URL: req/s of WORKERS=1 against WORKERS=2 on PostgreSQL;
 *  6. --backup, --import: the backup and Firebase import benchmarks.
 * It starts its own servers on free ports with throw-away data folders.
 *
 * --overload (issue 11): 200 connections for BENCH_OVERLOAD_SECONDS (60) on
 * home, news and a member page, three runs on one server. Per page: time-outs
 * past 10 s, 5xx other than the deliberate 503s, 503s, p99 of the accepted
 * requests; the server's RSS after each run. Goal: 0 time-outs, 0 other 5xx,
 * p99 < 1 s, RSS growth < 1.5x over the three runs.
 * Targets (issue 12): public pages >= 0.5x the bare app, member pages >= 0.4x;
 * <= 120 KB gzipped JS per public page; cold start < 3 s; WORKERS=2 >= 1.6x.
 */
import { spawn, execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import autocannon from "autocannon";
import { PUBLIC_PAGES } from "../app/lib/club/public-pages";
import { benchBackup, formatBackupBench } from "./bench-backup";
import { benchFirebaseImport } from "./bench-firebase-import";
import { closedLoopLoad } from "./bench-load";
import { coresUsed, cpuSnapshot } from "./bench-cpu";
import { z } from "zod";
import { env } from "~/lib/core/env.server";
import { defined, groups } from "~/lib/core/invariant";

// The bench's own knobs (not the site's configuration, see docs/decisions/0011-tooling.md).
const benchOptions = z
  .object({
    BENCH_SECONDS: z
      .string()
      .optional()
      .transform((v) => v || "3")
      .refine((v) => /^\d+$/.test(v) && Number(v) >= 1, {
        message: "doit être un nombre entier de secondes (1 ou plus)",
      })
      .transform(Number),
    CHROME_PATH: z
      .string()
      .optional()
      .transform((v) => v || "/usr/bin/chromium"),
  })
  .safeParse(process.env);
if (!benchOptions.success) {
  console.error(benchOptions.error.issues.map((i) => `${i.path.join(".")} : ${i.message}`).join("\n"));
  process.exit(1);
}
const options = benchOptions.data;
const args = new Set(process.argv.slice(2));
const buildDir = path.resolve(env().BUILD_DIR);

const BARE_DIR = path.resolve("tmp/bare");
async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.listen(0, "127.0.0.1", () => {
      const port = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(port));
    });
  });
}

async function main() {
  if (!existsSync(path.join(buildDir, "server.js"))) {
    console.log("Construction du site (npm run build)…");
    execFileSync("npm", ["run", "build"], { stdio: "inherit" });
  }
  if (args.has("--overload")) return overload();
  if (!existsSync(path.join(BARE_DIR, "server/index.js"))) {
    console.log("Construction de l'application nue (bench/bare)…");
    execFileSync("npx", ["react-router", "build"], {
      cwd: "bench/bare",
      stdio: "inherit",
      env: { ...process.env, NODE_ENV: "production" },
    });
  }
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "club-bench-"));
  // The large club (npm run seed:large) and one administrator, before the server owns the database.
  const password = "banc d'essai grand club";
  execFileSync(
    "npx",
    [
      "tsx",
      "scripts/user.ts",
      "add",
      "--email",
      "charge@exemple.fr",
      "--password",
      password,
      "--prenom",
      "Charge",
      "--nom",
      "Test",
      "--role",
      "admin,membre",
    ],
    {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", LOG_LEVEL: "warn" },
      stdio: "inherit",
    },
  );
  if (!args.has("--small")) {
    execFileSync("npx", ["tsx", "scripts/seed-large.ts"], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", LOG_LEVEL: "warn" },
      stdio: "inherit",
    });
  }

  // A first start does the one-time work (the day's backup, stored rich text); then the cold
  // start on an existing database: spawn to the first answered page.
  const first = await startServer(dataDir, { PAGE_CACHE_SECONDS: "0" }, "/");
  await new Promise((r) => setTimeout(r, 5_000));
  await first.stop();
  const t0 = performance.now();
  const project = await startServer(dataDir, { PAGE_CACHE_SECONDS: "0" }, "/");
  const coldMs = performance.now() - t0;
  const bare = await startBare();
  try {
    const cookie = await memberCookie(project.base, password);
    const news = await (await fetch(`${project.base}/la-vie-du-club/actualites`)).text();
    const article = /href="(\/la-vie-du-club\/actualites\/[^"?#]+)"/.exec(news)?.[1];
    const pages: BenchPage[] = [
      { label: "accueil (sans cache)", path: "/" },
      { label: "une page de l'art", path: "/le-vovinam-viet-vo-dao/presentation" },
      { label: "actualités", path: "/la-vie-du-club/actualites" },
      { label: "calendrier", path: "/la-vie-du-club/calendrier" },
      ...(article ? [{ label: "un article", path: article }] : []),
      { label: "membre : accueil", path: "/espace-membre", cookie },
      { label: "membre : grades", path: "/espace-membre/grades", cookie },
      { label: "utilisateurs (liste)", path: "/espace-membre/utilisateurs", cookie },
      { label: "utilisateurs (recherche)", path: "/espace-membre/utilisateurs?q=nom4242", cookie },
      { label: "articles (liste)", path: "/espace-membre/articles", cookie },
    ];
    for (const p of pages) {
      const res = await fetch(project.base + p.path, { headers: p.cookie ? { cookie: p.cookie } : {} });
      if (res.status !== 200) console.log(`(attention\u00a0: ${p.path} répond ${res.status})`);
    }
    console.log("\n== JavaScript chargé par page (gzip)");
    const clientDir = path.join(buildDir, "client");
    let worst = 0;
    for (const page of PUBLIC_PAGES) {
      const html = await (await fetch(project.base + page)).text(); // a quiet server: before the load tests
      const scripts = new Set<string>();
      for (const m of html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)) scripts.add(groups(m, 1)[0]);
      for (const m of html.matchAll(/<script[^>]+src="([^"]+)"/g)) scripts.add(groups(m, 1)[0]);
      for (const m of html.matchAll(/import\s*\(?\s*"(\/assets\/[^"]+\.js)"/g)) scripts.add(groups(m, 1)[0]);
      let total = 0;
      for (const src of scripts) {
        const file = path.join(clientDir, src.replace(/^\//, ""));
        if (existsSync(file)) total += gzipSync(readFileSync(file), { level: 9 }).length;
      }
      worst = Math.max(worst, total);
      console.log(`${page.padEnd(42)}${(total / 1024).toFixed(1).padStart(8)} Ko  (${scripts.size} fichiers)`);
    }
    console.log(`maximum : ${(worst / 1024).toFixed(1)} Ko (objectif : 120 Ko au plus)`);

    await interleaved(project.base, bare.base, pages);

    console.log("\n== Démarrage et mémoire");
    console.log(
      `démarrage à froid (base existante) jusqu'à la première page\u00a0: ${(coldMs / 1000).toFixed(2)}\u00a0s (objectif < 3\u00a0s)`,
    );
    const rssBefore = rssMb(project.pid);
    const amount = Number(process.env.BENCH_RSS_REQUESTS ?? 10_000);
    await autocannon({ url: `${project.base}/`, connections: 10, amount, headers: { "accept-encoding": "gzip" } });
    console.log(
      `RSS\u00a0: ${rssBefore} Mo avant, ${rssMb(project.pid)} Mo après ${amount} requêtes (accueil sans cache)\u00a0; application nue\u00a0: ${rssMb(bare.pid)} Mo`,
    );

    const chrome = options.CHROME_PATH;
    if (!args.has("--no-lighthouse") && existsSync(chrome)) {
      console.log("\n== Lighthouse (mobile), accueil");
      try {
        const out = path.join(dataDir, "lighthouse.json");
        execFileSync(
          "npx",
          [
            "--yes",
            "lighthouse@12.8.2",
            `${project.base}/`,
            "--quiet",
            "--output=json",
            `--output-path=${out}`,
            "--form-factor=mobile",
            "--only-categories=performance,accessibility,best-practices,seo",
            "--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync",
          ],
          { stdio: ["ignore", "ignore", "inherit"], env: { ...process.env, CHROME_PATH: chrome }, timeout: 180_000 },
        );
        const report = JSON.parse(readFileSync(out, "utf8")) as {
          categories: Record<string, { title: string; score: number }>;
        };
        for (const c of Object.values(report.categories)) {
          console.log(
            `${c.title.padEnd(20)}${Math.round(c.score * 100)
              .toString()
              .padStart(5)}`,
          );
        }
      } catch (err) {
        console.log(
          `Lighthouse indisponible (npx hors ligne\u00a0?)\u00a0: ${err instanceof Error ? err.message.split("\n")[0] : String(err)}`,
        );
      }
    }
  } finally {
    await project.stop();
    await bare.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }

  const pgUrl = process.env.BENCH_DATABASE_URL;
  if (pgUrl) await workersBench(pgUrl);
  else
    console.log(
      "\n(WORKERS=1 contre 2\u00a0: donnez BENCH_DATABASE_URL=postgres://… d'un serveur dont on peut créer des bases)",
    );

  if (args.has("--backup")) {
    console.log("\n== Sauvegarde et restauration (10 000 membres, 5 000 articles, base embarquée)");
    console.log(formatBackupBench(await benchBackup()));
  }
  if (args.has("--import")) {
    console.log("\n== Import Firebase (10 000 comptes, base embarquée neuve)");
    const { importMs, againMs } = await benchFirebaseImport(10_000);
    console.log(
      `import : ${(importMs / 1000).toFixed(1)} s (objectif : moins d'une minute) ; deuxième passage : ${(againMs / 1000).toFixed(1)} s`,
    );
  }
}

interface BenchPage {
  label: string;
  path: string;
  cookie?: string;
}

interface Slice {
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
}

async function slice(url: string, cookie: string | undefined, seconds: number): Promise<Slice> {
  const r = await autocannon({
    url,
    connections: 10,
    duration: seconds,
    headers: { "accept-encoding": "gzip", ...(cookie ? { cookie } : {}) },
  });
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p95: r.latency.p97_5,
    p99: r.latency.p99,
    errors: r.errors + r.non2xx + r.timeouts,
  };
}

/**
 * The pages against the bare app, interleaved: each round measures the bare app, then every page,
 * BENCH_SECONDS each (default 3), BENCH_ROUNDS rounds (default 3). The ratio of a page is its
 * requests/s over the bare app's of the same round; the spread across rounds is the noise.
 */
async function interleaved(base: string, bareBase: string, pages: BenchPage[]) {
  const seconds = options.BENCH_SECONDS;
  const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
  for (const p of pages)
    for (let i = 0; i < 10; i++)
      await (await fetch(base + p.path, { headers: p.cookie ? { cookie: p.cookie } : {} })).text();
  for (let i = 0; i < 50; i++) await (await fetch(bareBase + "/")).text();
  const bare: Slice[] = [];
  const results = new Map<string, Slice[]>(pages.map((p) => [p.label, []]));
  for (let round = 0; round < rounds; round++) {
    bare.push(await slice(bareBase + "/", undefined, seconds));
    for (const p of pages) results.get(p.label)?.push(await slice(base + p.path, p.cookie, seconds));
  }
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
  console.log(
    `\n== Pages contre l'application nue (React Router 7.18.4, 40 paragraphes), entrelacées\u00a0: ${rounds} tours de ${seconds}\u00a0s, 10 connexions, sans cache`,
  );
  console.log(
    "page".padEnd(28) +
      "req/s".padStart(8) +
      "p50".padStart(6) +
      "p95".padStart(6) +
      "p99".padStart(6) +
      "err".padStart(5) +
      "   ratio (min–max des tours)",
  );
  console.log(
    "application nue".padEnd(28) +
      mean(bare.map((b) => b.rps))
        .toFixed(0)
        .padStart(8) +
      String(Math.max(...bare.map((b) => b.p50))).padStart(6) +
      String(Math.max(...bare.map((b) => b.p95))).padStart(6) +
      String(Math.max(...bare.map((b) => b.p99))).padStart(6),
  );
  for (const p of pages) {
    const s = results.get(p.label) ?? [];
    const ratios = s.map((x, i) => x.rps / (bare[i]?.rps || 1));
    console.log(
      p.label.padEnd(28) +
        mean(s.map((x) => x.rps))
          .toFixed(0)
          .padStart(8) +
        String(Math.max(...s.map((x) => x.p50))).padStart(6) +
        String(Math.max(...s.map((x) => x.p95))).padStart(6) +
        String(Math.max(...s.map((x) => x.p99))).padStart(6) +
        String(s.reduce((a, x) => a + x.errors, 0)).padStart(5) +
        `   ${mean(ratios).toFixed(2)}x (${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)})`,
    );
  }
  console.log(
    `(bruit\u00a0: l'application nue varie de ${Math.min(...bare.map((b) => b.rps)).toFixed(0)} à ${Math.max(...bare.map((b) => b.rps)).toFixed(0)}\u00a0req/s d'un tour à l'autre\u00a0; latences en ms, maximum des tours\u00a0; p95 ≈ p97,5 d'autocannon)`,
  );
}

/** req/s of the uncached home with WORKERS=1 and WORKERS=2 on one PostgreSQL, interleaved. */
async function workersBench(adminUrl: string) {
  const { default: pg } = await import("pg");
  const name = `bench_${process.pid}`;
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  await client.query(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "club-bench-pg-"));
  try {
    const one = await startServer(dataDir, { PAGE_CACHE_SECONDS: "0", DATABASE_URL: url.toString(), WORKERS: "1" });
    const two = await startServer(dataDir, { PAGE_CACHE_SECONDS: "0", DATABASE_URL: url.toString(), WORKERS: "2" });
    const seconds = options.BENCH_SECONDS;
    const rps: Record<string, number[]> = { "1": [], "2": [] };
    let workersCores = { server: 0, postgres: 0, client: 0, total: 0 };
    try {
      for (let i = 0; i < 30; i++)
        await Promise.all([fetch(one.base + "/").then((r) => r.text()), fetch(two.base + "/").then((r) => r.text())]);
      let cores = { server: 0, postgres: 0, client: 0, total: 0 };
      for (let round = 0; round < 3; round++) {
        const before = cpuSnapshot(one.pid);
        const t0 = performance.now();
        rps["1"]?.push((await slice(one.base + "/", undefined, seconds)).rps);
        const used = coresUsed(before, cpuSnapshot(one.pid), (performance.now() - t0) / 1000);
        if (used.total > cores.total) cores = used;
        rps["2"]?.push((await slice(two.base + "/", undefined, seconds)).rps);
      }
      workersCores = cores;
    } finally {
      await one.stop();
      await two.stop();
    }
    const m = (xs: number[] = []) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
    const available = os.availableParallelism();
    console.log(`\n== PostgreSQL, accueil sans cache, entrelacé (3 tours de ${seconds}\u00a0s)`);
    console.log(
      `WORKERS=1\u00a0: ${m(rps["1"]).toFixed(0)} req/s\u00a0; WORKERS=2\u00a0: ${m(rps["2"]).toFixed(0)} req/s\u00a0; rapport ${(m(rps["2"]) / m(rps["1"])).toFixed(2)}x (objectif ≥ 1,6x)`,
    );
    const c = workersCores;
    console.log(
      `cœurs occupés avec WORKERS=1\u00a0: serveur ${c.server.toFixed(2)}, PostgreSQL ${c.postgres.toFixed(2)}, client ${c.client.toFixed(2)}, total ${c.total.toFixed(2)} sur ${available}\u00a0; plafond de WORKERS=2 sur cette machine\u00a0: ${(available / Math.max(c.total, 0.01)).toFixed(2)}x`,
    );
  } finally {
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await client.end();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function startBare() {
  const port = await freePort();
  const child = spawn(process.execPath, ["bench/bare/server.mjs"], {
    env: { ...process.env, NODE_ENV: "production", PORT: String(port) },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 100; i++) {
    if ((await fetch(base + "/").catch(() => null))?.ok) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    base,
    pid: child.pid ?? 0,
    stop: async () => {
      child.kill("SIGTERM");
      if (child.exitCode === null) await new Promise((r) => child.once("exit", r));
    },
  };
}

async function startServer(dataDir: string, extraEnv: Record<string, string>, readyPath = "/healthz") {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, [path.join(buildDir, "server.js")], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      LOG_LEVEL: "warn",
      BASE_URL: base,
      ...extraEnv,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(base + readyPath)).ok) break;
    } catch {
      // starting
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  const stop = async () => {
    server.kill("SIGTERM");
    await new Promise((r) => server.once("exit", r));
  };
  return { base, stop, pid: server.pid! };
}

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
}

async function memberCookie(base: string, password: string): Promise<string> {
  const res = await fetch(`${base}/connexion`, {
    method: "POST",
    redirect: "manual",
    headers: { origin: base, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ email: "charge@exemple.fr", password }),
  });
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

async function overload() {
  const seconds = Number(process.env.BENCH_OVERLOAD_SECONDS ?? 60);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "club-bench-"));
  // The member is created before the server owns the embedded database.
  const password = "banc d'essai charge lourde";
  execFileSync(
    "npx",
    [
      "tsx",
      "scripts/user.ts",
      "add",
      "--email",
      "charge@exemple.fr",
      "--password",
      password,
      "--prenom",
      "Charge",
      "--nom",
      "Test",
      "--role",
      "membre",
    ],
    {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", LOG_LEVEL: "warn" },
      stdio: "inherit",
    },
  );
  const running = await startServer(dataDir, {});
  const cookie = await memberCookie(running.base, password);
  const pages: Array<{ page: string; cookie?: string }> = [{ page: "/" }, { page: "/la-vie-du-club/actualites" }];
  if (cookie.includes("session_token")) pages.push({ page: "/espace-membre", cookie });
  else console.log("(connexion du membre impossible\u00a0: page membre non mesurée)");
  console.log(
    `\n== Surcharge : 200 connexions, ${seconds} s par page, 3 passages (machine partagée : chiffres indicatifs)`,
  );
  console.log(
    "passage".padEnd(9) +
      "page".padEnd(30) +
      "acceptées".padStart(10) +
      "503".padStart(8) +
      "autres 5xx".padStart(11) +
      "> 10 s".padStart(8) +
      "p99 ms".padStart(9),
  );
  try {
    const rss: number[] = [rssMb(running.pid)];
    for (let run = 1; run <= 3; run++) {
      for (const { page, cookie: c } of pages) {
        const { accepted, shed, other5xx, timeouts, errors } = await closedLoopLoad({
          url: running.base + page,
          connections: 200,
          seconds,
          timeoutSeconds: 10,
          headers: { "accept-encoding": "gzip", ...(c ? { cookie: c } : {}) },
        });
        const p99 = accepted[Math.min(accepted.length - 1, Math.floor(accepted.length * 0.99))] ?? 0;
        console.log(
          String(run).padEnd(9) +
            page.padEnd(30) +
            String(accepted.length).padStart(10) +
            String(shed).padStart(8) +
            String(other5xx).padStart(11) +
            String(timeouts).padStart(8) +
            String(Math.round(p99)).padStart(9) +
            (errors ? `  (${errors} erreurs de connexion)` : ""),
        );
      }
      rss.push(rssMb(defined(running.pid, "PID du serveur")));
    }
    console.log(
      `RSS (Mo)\u00a0: départ ${rss[0]}, après chaque passage ${rss.slice(1).join(", ")}\u00a0; croissance ${((rss[3] ?? 0) / (rss[1] ?? 1)).toFixed(2)}x (objectif < 1,5x)`,
    );
  } finally {
    await running.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

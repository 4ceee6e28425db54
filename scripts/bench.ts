/**
 * npm run bench — performance figures of the production build:
 *  1. the site's pages without the page cache against a bare React Router 7.18.4
 *     app (bench/bare: one page of 40 paragraphs from a loader), in ONE run,
 *     interleaved (bare, then each page, BENCH_ROUNDS rounds of BENCH_SECONDS):
 *     requests/s, latencies and the ratio per page with its spread across the
 *     rounds (the machine's noise). Public pages, then signed-in pages on the
 *     large club (scripts/seed-large.ts; --small to skip it);
 *  2. cold start to the first answered page on an existing database, RSS after
 *     BENCH_RSS_REQUESTS (10,000) requests;
 *  3. the gzip size of the JavaScript each public page loads;
 *  4. Lighthouse (mobile) of home (as a visitor gets it: without React's scripts)
 *     and of the bare app, several runs each, through npx, when
 *     Chromium is installed and npx can fetch it (bench-lighthouse.ts; skip with
 *     --no-lighthouse);
 *  5. with BENCH_DATABASE_URL: req/s of WORKERS=1 against WORKERS=2 on PostgreSQL;
 *  6. --backup, --import: the backup and Firebase import benchmarks.
 *     After the table, the SERVER time of each signed-in page (one request at a time: p50, p95
 *     against the 50 ms target, CPU per request; bench-server-time.ts);
 * --pages-only: part 1 alone (--public-only: its public pages alone; --server-time: the server
 * times alone; --workers-only: part 5 alone). Each server's first round of background jobs is waited for and reported
 * before anything is measured.
 * It starts its own servers on free ports with throw-away data folders
 * (bench-servers.ts); the load measures are in bench-pages.ts.
 *
 * --overload (bench-overload.ts): 200 connections on home, news and
 * a member page, three runs on one server.
 * --signups (bench-signups.ts): 20 sign-ups at once on the embedded
 * database during a flood of page views: every sign-up succeeds, page views are shed.
 * Targets: public pages >= 0.5x the bare app, member pages >= 0.4x;
 * <= 120 KB gzipped JS per public page; cold start < 3 s; WORKERS=2 >= 1.6x.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { PUBLIC_PAGES } from "../app/lib/club/public-pages";
import { benchBackup, formatBackupBench } from "./bench-backup";
import { benchFirebaseImport } from "./bench-firebase-import";
import { lighthouseBench } from "./bench-lighthouse";
import { interleaved, workersBench, type BenchPage } from "./bench-pages";
import { overload } from "./bench-overload";
import { signUpEvening } from "./bench-signups";
import { addBenchUser, buildDir, memberCookie, rssMb, startBare, startServer } from "./bench-servers";
import { waitForJobs } from "./bench-jobs";
import { serverTimes } from "./bench-server-time";
import { gzippedSizes, pageScripts, PUBLIC_PAGE_JS_BUDGET } from "./page-javascript";
import { z } from "zod";

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

const BARE_DIR = path.resolve("tmp/bare");

async function main() {
  if (!existsSync(path.join(buildDir, "server.js"))) {
    console.log("Construction du site (npm run build)…");
    execFileSync("npm", ["run", "build"], { stdio: "inherit" });
  }
  if (args.has("--overload")) return overload();
  if (args.has("--signups")) return signUpEvening();
  if (args.has("--workers-only")) {
    if (!process.env.BENCH_DATABASE_URL) throw new Error("--workers-only : donnez BENCH_DATABASE_URL");
    return workersBench(process.env.BENCH_DATABASE_URL, options.BENCH_SECONDS);
  }
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
  addBenchUser(dataDir, password, "admin,membre");
  if (!args.has("--small")) {
    execFileSync("npx", ["tsx", "scripts/seed-large.ts"], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", LOG_LEVEL: "warn" },
      stdio: "inherit",
    });
  }

  // A first start does the one-time work (the day's backup, stored rich text): waited for until
  // its background jobs ran (bench-jobs.ts); then the cold start on an existing database: spawn
  // to the first answered page, and again its jobs' first round before any measure.
  const first = await startServer(dataDir, { PAGE_CACHE_SECONDS: "0" }, "/");
  console.log(`premier démarrage\u00a0: ${await waitForJobs(dataDir)}`);
  await first.stop();
  const t0 = performance.now();
  const project = await startServer(dataDir, { PAGE_CACHE_SECONDS: "0" }, "/");
  const coldMs = performance.now() - t0;
  console.log(`serveur mesuré\u00a0: ${await waitForJobs(dataDir)}`);
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
    // The signed-in pages' server time, one request at a time, the bare app's first.
    const memberTimes = async () => {
      await serverTimes(bare.base, bare.pid, [{ label: "application nue", path: "/" }], {
        title: "Temps serveur de référence",
      });
      await serverTimes(
        project.base,
        project.pid,
        pages.filter((p) => p.cookie),
        { title: "Temps serveur des pages connectées (grand club)" },
      );
    };
    if (args.has("--server-time")) return await memberTimes();
    // --pages-only: the interleaved ratios alone (--public-only: the public pages alone).
    if (args.has("--pages-only") || args.has("--public-only")) {
      await interleaved(
        project.base,
        bare.base,
        pages.filter((p) => !args.has("--public-only") || !p.cookie),
        options.BENCH_SECONDS,
      );
      if (!args.has("--public-only")) await memberTimes();
      return;
    }
    console.log("\n== JavaScript chargé par page (gzip)");
    const clientDir = path.join(buildDir, "client");
    let worst = 0;
    for (const page of PUBLIC_PAGES) {
      const html = await (await fetch(project.base + page)).text(); // a quiet server: before the load tests
      const scripts = pageScripts(html);
      const total = gzippedSizes(clientDir, scripts).reduce((sum, s) => sum + s.bytes, 0);
      worst = Math.max(worst, total);
      console.log(`${page.padEnd(42)}${(total / 1024).toFixed(1).padStart(8)} Ko  (${scripts.length} fichiers)`);
    }
    console.log(`maximum : ${(worst / 1024).toFixed(1)} Ko (objectif : ${PUBLIC_PAGE_JS_BUDGET / 1024} Ko au plus)`);

    await interleaved(project.base, bare.base, pages, options.BENCH_SECONDS);
    await memberTimes();

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
      // Home as a visitor gets it (without React's scripts), then the bare app.
      lighthouseBench(
        [
          { label: "accueil du site", url: `${project.base}/` },
          { label: "application nue", url: `${bare.base}/` },
        ],
        chrome,
        dataDir,
      );
    }
  } finally {
    await project.stop();
    await bare.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }

  const pgUrl = process.env.BENCH_DATABASE_URL;
  if (pgUrl) await workersBench(pgUrl, options.BENCH_SECONDS);
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

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

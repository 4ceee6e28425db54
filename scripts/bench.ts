/**
 * npm run bench — performance figures of the production build:
 *  1. requests/s and p50/p99 latency of home, an art page and the news list
 *     (autocannon, 10 s each, 10 connections, on loopback), with the page
 *     cache of anonymous visitors, then without it (docs/decisions/0007);
 *  2. the gzip size of the JavaScript each public page loads;
 *  3. Lighthouse (mobile) scores of home, when Chromium is installed
 *     (skip with --no-lighthouse).
 * It starts its own server on a free port with a throw-away data folder.
 *
 * --overload (issue 11): 200 connections for BENCH_OVERLOAD_SECONDS (60) on
 * home, news and a member page, three runs on one server. Per page: time-outs
 * past 10 s, 5xx other than the deliberate 503s, 503s, p99 of the accepted
 * requests; the server's RSS after each run. Goal: 0 time-outs, 0 other 5xx,
 * p99 < 1 s, RSS growth < 1.5x over the three runs.
 * Targets (issue 2): home >= 500 req/s with p99 < 100 ms on 2 cores;
 * <= 130 KB gzipped JS per public page; Lighthouse perf >= 95, others 100.
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
import { z } from "zod";
import { env } from "~/lib/core/env.server";
import { defined, groups } from "~/lib/core/invariant";

// The bench's own knobs (not the site's configuration, see docs/decisions/0011-tooling.md).
const benchOptions = z
  .object({
    BENCH_SECONDS: z
      .string()
      .optional()
      .transform((v) => v || "10")
      .refine((v) => /^\d+$/.test(v) && Number(v) >= 1, { message: "doit être un nombre entier de secondes (1 ou plus)" })
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
const duration = options.BENCH_SECONDS;
const buildDir = path.resolve(env().BUILD_DIR);

const LOAD_PAGES = ["/", "/le-vovinam-viet-vo-dao/presentation", "/la-vie-du-club/actualites"];
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
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "club-bench-"));
  const { base, stop } = await startServer(dataDir, {});
  try {
    console.log(`\n== Charge (${duration} s par page, 10 connexions, 2 cœurs)`);
    console.log("page".padEnd(42) + "req/s".padStart(10) + "p50 ms".padStart(10) + "p99 ms".padStart(10) + "erreurs".padStart(10));
    for (const page of LOAD_PAGES) await load(base, page);

    console.log("\n== JavaScript chargé par page (gzip)");
    const clientDir = path.join(buildDir, "client");
    let worst = 0;
    for (const page of PUBLIC_PAGES) {
      const html = await (await fetch(base + page)).text();
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
    console.log(`maximum : ${(worst / 1024).toFixed(1)} Ko (objectif : 130 Ko au plus)`);

    const chrome = options.CHROME_PATH;
    if (!args.has("--no-lighthouse") && existsSync(chrome)) {
      console.log("\n== Lighthouse (mobile), accueil");
      const out = path.join(dataDir, "lighthouse.json");
      execFileSync(
        "npx",
        [
          "--yes",
          "lighthouse@12.8.2",
          `${base}/`,
          "--quiet",
          "--output=json",
          `--output-path=${out}`,
          "--form-factor=mobile",
          "--only-categories=performance,accessibility,best-practices,seo",
          "--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync",
        ],
        { stdio: ["ignore", "ignore", "inherit"], env: { ...process.env, CHROME_PATH: chrome } },
      );
      const report = JSON.parse(readFileSync(out, "utf8")) as {
        categories: Record<string, { title: string; score: number }>;
      };
      for (const c of Object.values(report.categories)) {
        console.log(`${c.title.padEnd(20)}${Math.round(c.score * 100).toString().padStart(5)}`);
      }
    }
  } finally {
    await stop();
  }

  if (!args.has("--no-backup")) {
    console.log("\n== Sauvegarde et restauration (10 000 membres, 5 000 articles, base embarquée)");
    console.log(formatBackupBench(await benchBackup()));
  }

  if (!args.has("--no-import")) {
    console.log("\n== Import Firebase (10 000 comptes, base embarquée neuve)");
    const { importMs, againMs } = await benchFirebaseImport(10_000);
    console.log(`import : ${(importMs / 1000).toFixed(1)} s (objectif : moins d'une minute) ; deuxième passage : ${(againMs / 1000).toFixed(1)} s`);
  }

  // The same pages rendered for every request (what a signed-in member gets).
  const uncached = await startServer(dataDir, { PAGE_CACHE_SECONDS: "0" });
  try {
    console.log(`\n== Sans le cache des pages anonymes (${duration} s par page, 10 connexions)`);
    for (const page of LOAD_PAGES) await load(uncached.base, page);
  } finally {
    await uncached.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function startServer(dataDir: string, extraEnv: Record<string, string>) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, [path.join(buildDir, "server.js")], {
    env: { ...process.env, NODE_ENV: "production", PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, DATABASE_URL: "", LOG_LEVEL: "warn", BASE_URL: base, ...extraEnv },
    stdio: ["ignore", "ignore", "inherit"],
  });
  for (let i = 0; i < 150; i++) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) break;
    } catch {
      // starting
    }
    await new Promise((r) => setTimeout(r, 200));
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
  execFileSync("npx", ["tsx", "scripts/user.ts", "add", "--email", "charge@exemple.fr", "--password", password, "--prenom", "Charge", "--nom", "Test", "--role", "membre"], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", LOG_LEVEL: "warn" },
    stdio: "inherit",
  });
  const running = await startServer(dataDir, {});
  const cookie = await memberCookie(running.base, password);
  const pages: Array<{ page: string; cookie?: string }> = [{ page: "/" }, { page: "/la-vie-du-club/actualites" }];
  if (cookie.includes("session_token")) pages.push({ page: "/espace-membre", cookie });
  else console.log("(connexion du membre impossible\u00a0: page membre non mesurée)");
  console.log(`\n== Surcharge : 200 connexions, ${seconds} s par page, 3 passages (machine partagée : chiffres indicatifs)`);
  console.log("passage".padEnd(9) + "page".padEnd(30) + "acceptées".padStart(10) + "503".padStart(8) + "autres 5xx".padStart(11) + "> 10 s".padStart(8) + "p99 ms".padStart(9));
  try {
    const rss: number[] = [rssMb(running.pid)];
    for (let run = 1; run <= 3; run++) {
      for (const { page, cookie: c } of pages) {
        const accepted: number[] = [];
        let shed = 0;
        let other5xx = 0;
        const instance = autocannon({
          url: running.base + page,
          connections: 200,
          duration: seconds,
          timeout: 10,
          headers: { "accept-encoding": "gzip", ...(c ? { cookie: c } : {}) },
        });
        instance.on("response", (_client, status, _bytes, ms) => {
          if (status === 503) shed++;
          else if (status >= 500) other5xx++;
          else accepted.push(ms);
        });
        const result = await instance;
        accepted.sort((a, b) => a - b);
        const p99 = accepted[Math.min(accepted.length - 1, Math.floor(accepted.length * 0.99))] ?? 0;
        console.log(
          String(run).padEnd(9) +
            page.padEnd(30) +
            String(accepted.length).padStart(10) +
            String(shed).padStart(8) +
            String(other5xx).padStart(11) +
            String(result.timeouts).padStart(8) +
            String(Math.round(p99)).padStart(9),
        );
      }
      rss.push(rssMb(defined(running.pid, "PID du serveur")));
    }
    console.log(`RSS (Mo)\u00a0: départ ${rss[0]}, après chaque passage ${rss.slice(1).join(", ")}\u00a0; croissance ${((rss[3] ?? 0) / (rss[1] ?? 1)).toFixed(2)}x (objectif < 1,5x)`);
  } finally {
    await running.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function load(base: string, page: string) {
  // Warm up (compiles code paths, fills caches).
  for (let i = 0; i < 20; i++) await (await fetch(base + page)).text();
  const result = await autocannon({ url: base + page, connections: 10, duration, headers: { "accept-encoding": "gzip" } });
  const errors = result.errors + result.non2xx;
  console.log(
    page.padEnd(42) +
      result.requests.average.toFixed(0).padStart(10) +
      String(result.latency.p50).padStart(10) +
      String(result.latency.p99).padStart(10) +
      String(errors).padStart(10),
  );
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

/**
 * npm run bench -- --overload: 200 connections for
 * BENCH_OVERLOAD_SECONDS (60) on home, news and a member page, three runs on
 * one server. Per page: time-outs past 10 s, 5xx other than the deliberate
 * 503s, 503s, p99 of the accepted requests; the server's RSS after each run.
 * Goal: 0 time-outs, 0 other 5xx, p99 < 1 s, RSS growth < 1.5x over the three runs.
 * The client is bench-load.ts's closed loop (not autocannon: its latencies add
 * up across 503 + Connection: close).
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { defined } from "~/lib/core/invariant";
import { closedLoopLoad } from "./bench-load";
import { addBenchUser, memberCookie, rssMb, startServer } from "./bench-servers";

export async function overload() {
  const seconds = Number(process.env.BENCH_OVERLOAD_SECONDS ?? 60);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "club-bench-"));
  // The member is created before the server owns the embedded database.
  const password = "banc d'essai charge lourde";
  addBenchUser(dataDir, password, "membre");
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

/**
 * The bench's load measures (npm run bench, scripts/bench.ts): autocannon
 * slices of `seconds` with 10 connections; the site's pages interleaved with
 * the bare app (the ratio of a page is its requests/s over the bare app's of
 * the same round, the spread across rounds is the machine's noise); and
 * WORKERS=1 against WORKERS=2 on one PostgreSQL (each server's first jobs
 * waited for, then load on each until it is warm; through wrk when installed),
 * with the cores each party of a WORKERS=1 run used (bench-cpu.ts).
 */
import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import autocannon from "autocannon";
import { coresUsed, cpuSnapshot } from "./bench-cpu";
import { waitForJobs } from "./bench-jobs";
import { startServer } from "./bench-servers";

const execFileAsync = promisify(execFile);

export interface BenchPage {
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
 * BENCH_SECONDS each (default 3), BENCH_ROUNDS rounds (default 3), after one round that warms
 * them all and is not counted. The ratio of a page is its requests/s over the bare app's of the
 * same round; the spread across rounds is the noise.
 */
export async function interleaved(base: string, bareBase: string, pages: BenchPage[], seconds: number) {
  const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
  for (const p of pages)
    for (let i = 0; i < 10; i++)
      await (await fetch(base + p.path, { headers: p.cookie ? { cookie: p.cookie } : {} })).text();
  for (let i = 0; i < 50; i++) await (await fetch(bareBase + "/")).text();
  // A first round under load, not counted: V8 is still compiling a page's code
  // through its first few hundred requests, which a server running for days has long done.
  await slice(bareBase + "/", undefined, seconds);
  for (const p of pages) await slice(base + p.path, p.cookie, seconds);
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
      "   ratio (tour par tour)",
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
        `   ${mean(ratios).toFixed(2)}x (${ratios.map((r) => r.toFixed(2)).join(", ")})`,
    );
  }
  console.log(
    `(bruit\u00a0: l'application nue varie de ${Math.min(...bare.map((b) => b.rps)).toFixed(0)} à ${Math.max(...bare.map((b) => b.rps)).toFixed(0)}\u00a0req/s d'un tour à l'autre\u00a0; latences en ms, maximum des tours\u00a0; p95 ≈ p97,5 d'autocannon)`,
  );
}

/**
 * The requests/s of `seconds` of load on `url` through wrk (Debian's `wrk`, written in C) when it
 * is installed, else autocannon. On two cores the client shares the machine with the servers it
 * measures: autocannon, in this Node process, took 0.09–0.2 of a core at these rates, wrk about
 * 0.03, so with wrk WORKERS=2 gets the cores a real deployment would give it.
 */
export const WRK = "/usr/bin/wrk";
async function workersSlice(url: string, seconds: number): Promise<number> {
  if (!existsSync(WRK)) return (await slice(url, undefined, seconds)).rps;
  const { stdout } = await execFileAsync(WRK, ["-t1", "-c10", `-d${seconds}s`, "-H", "accept-encoding: gzip", url]);
  const rps = /Requests\/sec:\s+([\d.]+)/.exec(stdout)?.[1];
  if (!rps) throw new Error(`wrk n'a pas donné de requêtes par seconde : ${stdout}`);
  return Number(rps);
}

/**
 * Load on a server until its requests/s stop rising: V8 compiles a page's hot code over its first
 * thousands of requests, and with WORKERS=2 each process gets half of them, so one slice left it
 * half warm (1.18x measured after one slice, 1.47–1.63x once warm). Stops when a
 * slice is no faster than 1.05 times the best before it, after at least 3 slices and at most 15.
 */
async function warm(url: string, seconds: number): Promise<number> {
  let best = 0;
  for (let n = 1; n <= 15; n++) {
    const rps = await workersSlice(url, seconds);
    if (n >= 3 && rps <= best * 1.05) return n;
    best = Math.max(best, rps);
  }
  return 15;
}

/**
 * req/s of the uncached home with WORKERS=1 and WORKERS=2 on one PostgreSQL, interleaved. Slices
 * of at least 8 s: with 3 s the rounds of one run spread from 0.90 to 2.07x.
 */
export async function workersBench(adminUrl: string, benchSeconds: number) {
  const seconds = Math.max(benchSeconds, 8);
  const { default: pg } = await import("pg");
  const name = `bench_${process.pid}`;
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  await client.query(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  // A data folder each (their own control socket, files and backups), one database.
  const dirs = [1, 2].map(() => mkdtempSync(path.join(os.tmpdir(), "club-bench-pg-")));
  const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
  try {
    const env = { PAGE_CACHE_SECONDS: "0", DATABASE_URL: url.toString() };
    const one = await startServer(dirs[0]!, { ...env, WORKERS: "1" });
    const jobsOne = await waitForJobs(dirs[0]!);
    const two = await startServer(dirs[1]!, { ...env, WORKERS: "2" });
    const jobsTwo = await waitForJobs(dirs[1]!);
    const rps: Record<string, number[]> = { "1": [], "2": [] };
    let workersCores = { server: 0, postgres: 0, client: 0, total: 0 };
    // The server's CPU per request (ms, all its threads), each round: several processes may spend
    // less per request than one, which the ceiling below does not count.
    const serverCpu: Record<"1" | "2", number[]> = { "1": [], "2": [] };
    let warmed = [0, 0];
    try {
      // Each process compiles its own hot code: load on each server until it is warm, not counted.
      warmed = [await warm(one.base + "/", seconds), await warm(two.base + "/", seconds)];
      let cores = { server: 0, postgres: 0, client: 0, total: 0 };
      for (let round = 0; round < rounds; round++) {
        const before = cpuSnapshot(one.pid);
        const t0 = performance.now();
        rps["1"]?.push(await workersSlice(one.base + "/", seconds));
        const used = coresUsed(before, cpuSnapshot(one.pid), (performance.now() - t0) / 1000);
        if (used.total > cores.total) cores = used;
        const beforeTwo = cpuSnapshot(two.pid);
        const t1 = performance.now();
        rps["2"]?.push(await workersSlice(two.base + "/", seconds));
        const usedTwo = coresUsed(beforeTwo, cpuSnapshot(two.pid), (performance.now() - t1) / 1000);
        serverCpu["1"].push((used.server * 1000) / (rps["1"]?.at(-1) || 1));
        serverCpu["2"].push((usedTwo.server * 1000) / (rps["2"]?.at(-1) || 1));
      }
      workersCores = cores;
    } finally {
      await one.stop();
      await two.stop();
    }
    const m = (xs: number[] = []) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
    const available = os.availableParallelism();
    const ratios = (rps["2"] ?? []).map((r, i) => r / (rps["1"]?.[i] || 1));
    console.log(
      `\n== PostgreSQL, accueil sans cache, entrelacé (${rounds} tours de ${seconds}\u00a0s, client ${existsSync(WRK) ? "wrk" : "autocannon"}, après ${warmed[0]} et ${warmed[1]} tranches d'échauffement)`,
    );
    console.log(`WORKERS=1\u00a0: ${jobsOne}\u00a0; WORKERS=2\u00a0: ${jobsTwo}`);
    console.log(
      `WORKERS=1\u00a0: ${m(rps["1"]).toFixed(0)} req/s\u00a0; WORKERS=2\u00a0: ${m(rps["2"]).toFixed(0)} req/s\u00a0; rapport ${(m(rps["2"]) / m(rps["1"])).toFixed(2)}x (objectif ≥ 1,6x\u00a0; tour par tour\u00a0: ${ratios.map((r) => r.toFixed(2)).join(", ")})`,
    );
    const c = workersCores;
    console.log(
      `cœurs occupés avec WORKERS=1\u00a0: serveur ${c.server.toFixed(2)}, PostgreSQL ${c.postgres.toFixed(2)}, client ${c.client.toFixed(2)}, total ${c.total.toFixed(2)} sur ${available}\u00a0; plafond de WORKERS=2 sur cette machine, à CPU par requête égal\u00a0: ${(available / Math.max(c.total, 0.01)).toFixed(2)}x`,
    );
    console.log(
      `CPU du serveur par requête (tous ses fils)\u00a0: WORKERS=1 ${m(serverCpu["1"]).toFixed(2)}\u00a0ms, WORKERS=2 ${m(serverCpu["2"]).toFixed(2)}\u00a0ms`,
    );
  } finally {
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await client.end();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  }
}

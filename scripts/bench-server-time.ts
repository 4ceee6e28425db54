/**
 * Server time of pages, one request at a time (npm run bench, scripts/bench.ts): the target for
 * signed-in pages on the large club is a p95 SERVER time
 * under 50 ms (and the users search under 50 ms), which the interleaved table (10 connections,
 * queueing included) cannot show.
 *
 * Rules:
 * - One keep-alive connection, each request sent when the previous answer ended: nothing
 *   queues, the time of a request is the server's (plus the loopback, well under a millisecond).
 * - gzip asked as a browser does; the body is read whole, not decompressed.
 * - Warm-up requests first, not counted; then the pages interleaved in rounds, so the
 *   machine's drift (a shared machine) touches every page alike.
 * - Per page: p50, p95 and the maximum of the wall time, and the server process's CPU time per
 *   request (/proc, bench-cpu.ts): the CPU is what the page costs when the machine is shared.
 */
import http from "node:http";
import { cpuSnapshot } from "./bench-cpu";
import type { BenchPage } from "./bench-pages";

/** P95 server time of a signed-in page on the large club, users search included. */
export const SERVER_TIME_TARGET_MS = 50;

interface PageTimes {
  ms: number[];
  cpuSeconds: number;
  bytes: number;
  status: Set<number>;
}

function get(agent: http.Agent, url: string, cookie?: string): Promise<{ ms: number; status: number; bytes: number }> {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const req = http.get(
      url,
      { agent, headers: { "accept-encoding": "gzip", ...(cookie ? { cookie } : {}) } },
      (res) => {
        let bytes = 0;
        res.on("data", (chunk: Buffer) => (bytes += chunk.length));
        res.on("end", () => resolve({ ms: performance.now() - start, status: res.statusCode ?? 0, bytes }));
        res.on("error", reject);
      },
    );
    req.on("error", reject);
  });
}

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

/**
 * `requests` requests per page (BENCH_SERVER_REQUESTS, default 200) in `rounds` rounds, after
 * `warmup` requests per page; `pid` is the server's process (its CPU is read from /proc).
 */
export async function serverTimes(
  base: string,
  pid: number,
  pages: BenchPage[],
  options: { requests?: number; warmup?: number; rounds?: number; title?: string } = {},
): Promise<Map<string, { p50: number; p95: number; max: number; cpuMs: number }>> {
  const requests = options.requests ?? Number(process.env.BENCH_SERVER_REQUESTS ?? 200);
  const warmup = options.warmup ?? 20;
  const rounds = Math.max(1, Math.min(options.rounds ?? 4, requests));
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const times = new Map<string, PageTimes>(
    pages.map((p) => [p.label, { ms: [], cpuSeconds: 0, bytes: 0, status: new Set<number>() }]),
  );
  try {
    for (const p of pages) for (let i = 0; i < warmup; i++) await get(agent, base + p.path, p.cookie);
    for (let round = 0; round < rounds; round++) {
      for (const p of pages) {
        const t = times.get(p.label)!;
        const n = Math.floor(requests / rounds) + (round < requests % rounds ? 1 : 0);
        const before = cpuSnapshot(pid).server;
        for (let i = 0; i < n; i++) {
          const r = await get(agent, base + p.path, p.cookie);
          t.ms.push(r.ms);
          t.bytes = r.bytes;
          t.status.add(r.status);
        }
        t.cpuSeconds += cpuSnapshot(pid).server - before;
      }
    }
  } finally {
    agent.destroy();
  }

  const out = new Map<string, { p50: number; p95: number; max: number; cpuMs: number }>();
  console.log(
    `\n== ${options.title ?? "Temps serveur"}\u00a0: ${requests} requêtes par page, une à la fois (après ${warmup} d'échauffement), ${rounds} tours entrelacés`,
  );
  console.log(
    "page".padEnd(28) +
      "p50".padStart(7) +
      "p95".padStart(7) +
      "max".padStart(7) +
      "CPU/req".padStart(9) +
      "gzip Ko".padStart(9) +
      `   p95 < ${SERVER_TIME_TARGET_MS} ms`,
  );
  for (const p of pages) {
    const t = times.get(p.label)!;
    const sorted = [...t.ms].sort((a, b) => a - b);
    const row = {
      p50: percentile(sorted, 50),
      p95: percentile(sorted, 95),
      max: sorted.at(-1) ?? Number.NaN,
      cpuMs: (t.cpuSeconds * 1000) / Math.max(1, t.ms.length),
    };
    out.set(p.label, row);
    const statuses = [...t.status].filter((s) => s !== 200);
    console.log(
      p.label.padEnd(28) +
        row.p50.toFixed(1).padStart(7) +
        row.p95.toFixed(1).padStart(7) +
        row.max.toFixed(0).padStart(7) +
        row.cpuMs.toFixed(1).padStart(9) +
        (t.bytes / 1024).toFixed(1).padStart(9) +
        `   ${row.p95 < SERVER_TIME_TARGET_MS ? "oui" : "non"}` +
        (statuses.length ? `  (attention\u00a0: réponses ${statuses.join(", ")})` : ""),
    );
  }
  console.log(
    "(ms\u00a0; CPU/req\u00a0: temps processeur du serveur par requête, lu dans /proc\u00a0; sur une machine partagée, comparez avant/après dans une même exécution)",
  );
  return out;
}

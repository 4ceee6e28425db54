/**
 * Several server processes on one PostgreSQL (issue 12, decision 0023).
 *
 * Rules:
 * - `WORKERS=N` with `DATABASE_URL`: this (primary) process only forks N
 *   workers (node:cluster, they share the port) and watches them; each worker
 *   is a whole server (server/index.ts). Default: the number of cores.
 * - The embedded database (PGlite) belongs to one process: WORKERS is then
 *   ignored, and said so in French at start when it asks for more than one.
 * - Shared state goes through PostgreSQL: cache invalidation (change-bus),
 *   daily jobs (`job_runs` claim), migrations (advisory lock).
 * - Worker 0 alone announces the first-run setup address (one valid token).
 * - A worker that dies is replaced (at most one per second). SIGTERM/SIGINT
 *   are passed to every worker; the primary exits 0 when all stopped cleanly.
 */
import cluster, { type Worker } from "node:cluster";
import os from "node:os";

/** Processes to run: 1 unless PostgreSQL is used. */
export function workerCount(config: { WORKERS?: number; DATABASE_URL?: string }): number {
  if (!config.DATABASE_URL) {
    if ((config.WORKERS ?? 1) > 1) {
      process.stderr.write(
        `La base embarquée (PGlite) ne sert qu'un seul processus\u00a0: WORKERS=${config.WORKERS} est ignoré, le site démarre avec un processus. Utilisez DATABASE_URL (PostgreSQL) pour en lancer plusieurs.\n`,
      );
    }
    return 1;
  }
  return config.WORKERS ?? os.availableParallelism();
}

/** This process's index among the workers (0 when there is a single process). */
export function workerIndex(): number {
  return Number(process.env.CLUB_WORKER_INDEX ?? 0);
}

/** Runs the primary: forks `count` workers, replaces the ones that die, stops them on a signal. */
export function runPrimary(count: number, log: (msg: string, fields?: Record<string, unknown>) => void): void {
  const indexOf = new Map<Worker, number>();
  let stopping = false;
  let failed = false;
  let lastRestart = 0;

  const fork = (index: number) => {
    const worker = cluster.fork({ CLUB_WORKER_INDEX: String(index) });
    indexOf.set(worker, index);
  };
  for (let i = 0; i < count; i++) fork(i);
  log("server workers started", { workers: count });

  cluster.on("exit", (worker, code, signal) => {
    const index = indexOf.get(worker) ?? 0;
    indexOf.delete(worker);
    if (stopping) {
      if (code !== 0) failed = true;
      if (indexOf.size === 0) process.exit(failed ? 1 : 0);
      return;
    }
    log("server worker stopped, replacing it", { index, code, signal });
    const wait = Math.max(0, lastRestart + 1000 - Date.now());
    lastRestart = Date.now() + wait;
    setTimeout(() => fork(index), wait);
  });

  const stop = (sig: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    for (const worker of indexOf.keys()) worker.process.kill(sig);
    if (indexOf.size === 0) process.exit(0);
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}

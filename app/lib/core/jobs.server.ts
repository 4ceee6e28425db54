/**
 * Background jobs of the server process. Each job registers here; the server
 * starts them after the database is open and stops them before closing it.
 * Each job runs one second after the start, then at its interval; `jobsStatus()`
 * says what ran and for how long (the control socket's "jobs" command: the
 * benchmark waits for the first round before measuring).
 */
import { log } from "./log.server";

export interface Job {
  name: string;
  /** Milliseconds between runs. */
  intervalMs: number;
  run: () => Promise<void>;
  /** Called at shutdown before waiting for the runs in progress (abort slow work). */
  stop?: () => Promise<void>;
}

const jobs: Job[] = [];
const timers: NodeJS.Timeout[] = [];
const running = new Set<Promise<void>>();
const stats = new Map<string, { runs: number; running: boolean; lastMs: number }>();

export interface JobStatus {
  name: string;
  /** Runs finished since the process started. */
  runs: number;
  running: boolean;
  /** Duration of the last finished run, in milliseconds. */
  lastMs: number;
}

export function jobsStatus(): JobStatus[] {
  return jobs.map((job) => ({ name: job.name, ...(stats.get(job.name) ?? { runs: 0, running: false, lastMs: 0 }) }));
}

export function registerJob(job: Job) {
  jobs.push(job);
}

export function startBackgroundJobs() {
  for (const job of jobs) {
    const tick = () => {
      const stat = stats.get(job.name) ?? { runs: 0, running: false, lastMs: 0 };
      stats.set(job.name, stat);
      const start = performance.now();
      stat.running = true;
      const p = job
        .run()
        .catch((err) => log.error("job failed", { job: job.name, err }))
        .finally(() => {
          running.delete(p);
          stat.running = false;
          stat.runs++;
          stat.lastMs = performance.now() - start;
        });
      running.add(p);
    };
    timers.push(setInterval(tick, job.intervalMs).unref());
    timers.push(setTimeout(tick, 1000).unref());
  }
}

export async function stopBackgroundJobs() {
  for (const t of timers.splice(0)) clearInterval(t);
  await Promise.allSettled(jobs.map(async (job) => job.stop?.()));
  await Promise.allSettled([...running]);
}

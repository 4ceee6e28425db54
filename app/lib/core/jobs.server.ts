/**
 * Background jobs of the server process. Each job registers here; the server
 * starts them after the database is open and stops them before closing it.
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

export function registerJob(job: Job) {
  jobs.push(job);
}

export function startBackgroundJobs() {
  for (const job of jobs) {
    const tick = () => {
      const p = job
        .run()
        .catch((err) => log.error("job failed", { job: job.name, err }))
        .finally(() => running.delete(p));
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

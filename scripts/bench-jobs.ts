/**
 * The benchmark waits for a server's background jobs (scripts/bench.ts).
 *
 * Every start runs each job once, one second in (the day's backup of a large club takes
 * seconds): measuring before that round ended measured the jobs too. `waitForJobs` asks the
 * server through its control socket (`{"command":"jobs"}`, app/lib/operations/control.server.ts)
 * until every job finished its first run and none is running, and says what ran, so the output
 * shows it.
 */
import net from "node:net";
import path from "node:path";
import type { JobStatus } from "~/lib/core/jobs.server";

function askJobs(dataDir: string): Promise<JobStatus[] | null> {
  return new Promise((resolve) => {
    const c = net.connect(path.join(dataDir, "controle.sock"));
    let out = "";
    c.setEncoding("utf8");
    c.on("connect", () => c.write(`${JSON.stringify({ command: "jobs" })}\n`));
    c.on("data", (chunk: string) => (out += chunk));
    c.on("end", () => {
      try {
        const answer = JSON.parse(out) as { ok: boolean; jobs?: JobStatus[] };
        resolve(answer.ok && answer.jobs ? answer.jobs : null);
      } catch {
        resolve(null);
      }
    });
    c.on("error", () => resolve(null));
  });
}

/** Waits (at most `timeoutMs`) until the server's jobs ran once each; returns a French line saying what ran. */
export async function waitForJobs(dataDir: string, timeoutMs = 120_000): Promise<string> {
  const start = performance.now();
  let jobs: JobStatus[] | null = null;
  while (performance.now() - start < timeoutMs) {
    jobs = await askJobs(dataDir);
    if (jobs && jobs.every((j) => j.runs > 0 && !j.running)) {
      const ran = jobs
        .filter((j) => j.lastMs >= 50)
        .sort((a, b) => b.lastMs - a.lastMs)
        .map((j) => `${j.name} ${(j.lastMs / 1000).toFixed(1)}\u00a0s`);
      const waited = ((performance.now() - start) / 1000).toFixed(1);
      return `tâches de fond terminées après ${waited}\u00a0s${ran.length ? ` (${ran.join(", ")})` : " (chacune en moins de 50 ms)"}`;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  const pending = (jobs ?? [])
    .filter((j) => j.running || j.runs === 0)
    .map((j) => j.name)
    .join(", ");
  return `attention\u00a0: tâches de fond encore en cours après ${timeoutMs / 1000}\u00a0s (${pending || "socket de contrôle muet"})`;
}

/**
 * CPU accounting for the benchmark (WORKERS=1 against 2): how many of
 * the machine's cores each party of a run used, read from /proc (Linux).
 *
 * Rules:
 * - A server is its process tree (the primary and its workers); PostgreSQL is
 *   every process named `postgres`; the client is this process (autocannon)
 *   and the load processes it ran and waited for (wrk).
 * - The ceiling of WORKERS=2 against 1 is the machine's cores divided by the
 *   cores a WORKERS=1 run already uses: a single Node process uses more than
 *   one core (V8's garbage collector and compiler threads, zlib in libuv's
 *   pool), and PostgreSQL and the client take their share of the same cores.
 */
import { execFileSync } from "node:child_process";
import { readFileSync, readdirSync } from "node:fs";

const TICKS = (() => {
  try {
    return Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;
  } catch {
    return 100;
  }
})();

function stat(pid: number): { ppid: number; comm: string; cpu: number } | null {
  try {
    const raw = readFileSync(`/proc/${pid}/stat`, "utf8");
    const close = raw.lastIndexOf(")");
    const comm = raw.slice(raw.indexOf("(") + 1, close);
    const fields = raw.slice(close + 2).split(" ");
    // After the name: state(0) ppid(1) … utime(11) stime(12).
    return { ppid: Number(fields[1]), comm, cpu: (Number(fields[11]) + Number(fields[12])) / TICKS };
  } catch {
    return null;
  }
}

function allPids(): number[] {
  return readdirSync("/proc")
    .filter((d) => /^\d+$/.test(d))
    .map(Number);
}

/** CPU seconds used so far by the server tree rooted at `root`, by PostgreSQL, and by this process. */
export function cpuSnapshot(root: number): { server: number; postgres: number; client: number } {
  const stats = new Map(allPids().map((pid) => [pid, stat(pid)] as const));
  const tree = new Set([root]);
  for (let grew = true; grew;) {
    grew = false;
    for (const [pid, s] of stats)
      if (s && !tree.has(pid) && tree.has(s.ppid)) {
        tree.add(pid);
        grew = true;
      }
  }
  let server = 0;
  let postgres = 0;
  for (const [pid, s] of stats) {
    if (!s) continue;
    if (tree.has(pid)) server += s.cpu;
    else if (s.comm === "postgres") postgres += s.cpu;
  }
  const own = process.cpuUsage();
  // wrk's time: the children this process waited for (cutime and cstime of /proc/self/stat).
  const self = readFileSync("/proc/self/stat", "utf8");
  const fields = self.slice(self.lastIndexOf(")") + 2).split(" ");
  const children = (Number(fields[13]) + Number(fields[14])) / TICKS;
  return { server, postgres, client: (own.user + own.system) / 1e6 + children };
}

/** Cores used by each party between two snapshots taken `seconds` apart. */
export function coresUsed(
  before: ReturnType<typeof cpuSnapshot>,
  after: ReturnType<typeof cpuSnapshot>,
  seconds: number,
): { server: number; postgres: number; client: number; total: number } {
  const server = (after.server - before.server) / seconds;
  const postgres = (after.postgres - before.postgres) / seconds;
  const client = (after.client - before.client) / seconds;
  return { server, postgres, client, total: server + postgres + client };
}

/**
 * Vitest helper for tests that start the production build as real server
 * processes (`node build/server.js`) on one PostgreSQL database: several
 * processes (server/cluster.test.ts), several machines (server/machines.test.ts).
 *
 * Rules:
 *  - The build is made when missing or older than the sources, by one test
 *    file at a time (a lock released by the system if its holder dies), so two
 *    files never build into the same folder together; the other waits, then
 *    finds it fresh.
 *  - Async spawn only (spawnSync would block the servers' pipes); a server is
 *    ready when its /healthz answers; its log lines (stderr) are kept for the test.
 *  - BASE_URL is set per process (Vitest sets BASE_URL="/").
 */
import { spawn, type ChildProcess } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readdirSync, statSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { lockFolder } from "~/lib/core/folder-lock.server";

export const buildDir = path.resolve(process.env.BUILD_DIR ?? "build");

export function run(cmd: string, args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { env, stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    child.stderr.on("data", (d) => (out += d));
    child.once("exit", (code) => (code === 0 ? resolve(out) : reject(new Error(`${cmd} ${args.join(" ")}: ${out}`))));
  });
}

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/** The newest modification time under the source folders (a build older than it is stale). */
function newestSource(): number {
  let newest = 0;
  for (const dir of ["app", "server", "db"]) {
    for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
      if (entry.isFile()) newest = Math.max(newest, statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
    }
  }
  return newest;
}

const stale = () => {
  const built = path.join(buildDir, "server.js");
  return !existsSync(built) || statSync(built).mtimeMs < newestSource();
};

/** Builds the site when missing or stale, one test file at a time. */
export async function ensureProductionBuild(): Promise<void> {
  const key = createHash("sha256").update(buildDir).digest("hex").slice(0, 12);
  const lockDir = path.join(os.tmpdir(), `club-build-${key}`);
  let unlock: (() => Promise<void>) | null = null;
  while (!unlock) {
    unlock = await lockFolder(lockDir).catch(() => null);
    // Another test file is building: wait for it to finish.
    if (!unlock) await new Promise((r) => setTimeout(r, 500));
  }
  try {
    if (stale()) await run("npm", ["run", "build"], process.env);
  } finally {
    await unlock();
  }
}

export interface ServerProcess {
  base: string;
  child: ChildProcess;
  /** Its log lines so far (stderr: warnings and errors). */
  log: () => string;
}

/** Starts `node build/server.js` with `env` (PORT, HOST and BASE_URL set here); resolves when it answers. */
export async function startServer(env: NodeJS.ProcessEnv): Promise<ServerProcess> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [path.join(buildDir, "server.js")], {
    env: { ...process.env, NODE_ENV: "production", PORT: String(port), HOST: "127.0.0.1", BASE_URL: base, ...env },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let log = "";
  child.stderr?.on("data", (d: Buffer) => {
    log += d.toString();
    // Errors are the test's business: shown as they come.
    for (const line of d.toString().split("\n"))
      if (line.includes('"level":"error"')) process.stderr.write(`${line}\n`);
  });
  for (let i = 0; i < 300; i++) {
    if ((await fetch(`${base}/healthz`).catch(() => null))?.ok) break;
    if (child.exitCode !== null) throw new Error(`server stopped at start: ${log}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return { base, child, log: () => log };
}

/** Stops the servers (SIGTERM) and waits for them to exit. */
export async function stopServers(servers: ChildProcess[]): Promise<void> {
  for (const s of servers) {
    s.kill("SIGTERM");
    if (s.exitCode === null) await new Promise((r) => s.once("exit", r));
  }
}

/**
 * Runs a job script (tests/helpers/run-*.ts) in one process per `envs` entry, all released at the
 * same moment once every one has printed "ready"; resolves with each process's JSON result line.
 */
export async function runJobsTogether<T>(script: string, envs: NodeJS.ProcessEnv[]): Promise<T[]> {
  const runs = envs.map((env) => {
    const child = spawn(process.execPath, ["--import", "tsx", path.resolve(script)], {
      env: { ...process.env, LOG_LEVEL: "error", NODE_ENV: "test", BASE_URL: "http://127.0.0.1:9", ...env },
      stdio: ["pipe", "pipe", "inherit"],
    });
    let out = "";
    const ready = new Promise<void>((resolve) =>
      child.stdout.on("data", (d) => {
        out += d;
        if (out.includes("ready")) resolve();
      }),
    );
    const done = new Promise<string>((resolve) => child.once("exit", () => resolve(out)));
    return { child, ready, done };
  });
  await Promise.all(runs.map((r) => r.ready));
  for (const r of runs) r.child.stdin.end("go\n");
  const outputs = await Promise.all(runs.map((r) => r.done));
  return outputs.map((o) => JSON.parse(o.split("\n").find((l) => l.startsWith("{")) ?? "{}") as T);
}

/** The inputs and text areas of the first form of a page, as sent by a browser. */
export function formFields(html: string): URLSearchParams {
  const fields = new URLSearchParams();
  const decode = (v: string) =>
    v
      .replaceAll("&amp;", "&")
      .replaceAll("&quot;", '"')
      .replaceAll("&#x27;", "'")
      .replaceAll("&lt;", "<")
      .replaceAll("&gt;", ">");
  for (const m of html.matchAll(/<input([^>]*)>/g)) {
    const attrs = m[1] ?? "";
    const name = /name="([^"]*)"/.exec(attrs)?.[1];
    if (!name || /type="(submit|checkbox|radio)"/.test(attrs)) continue;
    fields.set(name, decode(/value="([^"]*)"/.exec(attrs)?.[1] ?? ""));
  }
  for (const m of html.matchAll(/<textarea([^>]*)>([\s\S]*?)<\/textarea>/g)) {
    const name = /name="([^"]*)"/.exec(m[1] ?? "")?.[1];
    if (name) fields.set(name, decode(m[2] ?? ""));
  }
  return fields;
}

/** A new empty database on the TEST_DATABASE_URL server; `drop` removes it. */
export async function scratchDatabase(
  admin: string,
  prefix: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const { default: pg } = await import("pg");
  const name = `${prefix}_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const query = async (sql: string) => {
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await query(`CREATE DATABASE ${name}`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

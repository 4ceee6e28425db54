/**
 * The bench's servers (npm run bench, scripts/bench.ts): the site's
 * production build and the bare React Router app (bench/bare), each on a free
 * port, the site with its own throw-away data folder, a signed-in member's
 * cookie, and the RSS of a process.
 *
 * Rules: a server is ready when `readyPath` answers 200; `stop()` waits for
 * the process to exit; the bench's user is created with `npm run user`
 * before a server owns the embedded database.
 */
import { execFileSync, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import { env } from "~/lib/core/env.server";

export const buildDir = path.resolve(env().BUILD_DIR);
export const BENCH_EMAIL = "charge@exemple.fr";

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.listen(0, "127.0.0.1", () => {
      const port = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(port));
    });
  });
}

/** The bench's account (admin and member, or member only), created before the server starts. */
export function addBenchUser(dataDir: string, password: string, roles: string) {
  execFileSync(
    "npx",
    [
      "tsx",
      "scripts/user.ts",
      "add",
      "--email",
      BENCH_EMAIL,
      "--password",
      password,
      "--prenom",
      "Charge",
      "--nom",
      "Test",
      "--role",
      roles,
    ],
    {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", LOG_LEVEL: "warn" },
      stdio: "inherit",
    },
  );
}

/** A process of the bench (bench/bare) on a free port, ready when "/" answers 200. */
async function startBenchProcess(script: string) {
  const port = await freePort();
  const child = spawn(process.execPath, [script], {
    env: { ...process.env, NODE_ENV: "production", PORT: String(port) },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 100; i++) {
    if ((await fetch(base + "/").catch(() => null))?.ok) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    base,
    pid: child.pid ?? 0,
    stop: async () => {
      child.kill("SIGTERM");
      if (child.exitCode === null) await new Promise((r) => child.once("exit", r));
    },
  };
}

/** The bare React Router app (bench/bare), the reference of every ratio. */
export function startBare() {
  return startBenchProcess("bench/bare/server.mjs");
}

export async function startServer(dataDir: string, extraEnv: Record<string, string>, readyPath = "/healthz") {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, [path.join(buildDir, "server.js")], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      LOG_LEVEL: "warn",
      BASE_URL: base,
      ...extraEnv,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(base + readyPath)).ok) break;
    } catch {
      // starting
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  const stop = async () => {
    server.kill("SIGTERM");
    await new Promise((r) => server.once("exit", r));
  };
  return { base, stop, pid: server.pid! };
}

export function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
}

export async function memberCookie(base: string, password: string): Promise<string> {
  const res = await fetch(`${base}/connexion`, {
    method: "POST",
    redirect: "manual",
    headers: { origin: base, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ email: BENCH_EMAIL, password }),
  });
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

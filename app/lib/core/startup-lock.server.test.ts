/**
 * Two instances starting together on one empty PostgreSQL database: the
 * advisory lock makes them migrate and seed one after the other, both start.
 * (PostgreSQL only: PGlite is owned by one process through its folder lock.)
 */
import { spawn } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";

const admin = process.env.TEST_DATABASE_URL;
const onPostgres = process.env.TEST_DB_DRIVER === "postgres" && !!admin;

/** Starts an instance; it waits for `go()` before touching the database. */
function start(url: string) {
  const child = spawn(process.execPath, ["--import", "tsx", path.resolve("tests/helpers/start-database.ts")], {
    env: { ...process.env, DATABASE_URL: url, LOG_LEVEL: "error", NODE_ENV: "test" },
    stdio: ["pipe", "pipe", "pipe"],
  });
  let output = "";
  const ready = new Promise<void>((resolve) =>
    child.stdout.on("data", (d) => {
      output += d;
      if (output.includes("ready")) resolve();
    }),
  );
  child.stderr.on("data", (d) => (output += d));
  const done = new Promise<{ code: number | null; output: string }>((resolve) =>
    child.once("exit", (code) => resolve({ code, output })),
  );
  return { ready, go: () => child.stdin.end("go\n"), done };
}

describe.runIf(onPostgres)("start-up on PostgreSQL", () => {
  it("lets two instances start together on an empty database", async () => {
    const { default: pg } = await import("pg");
    const name = `startup_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    await client.query(`CREATE DATABASE ${name}`);
    try {
      const url = new URL(admin!);
      url.pathname = `/${name}`;
      const instances = [start(url.toString()), start(url.toString())];
      await Promise.all(instances.map((i) => i.ready));
      for (const i of instances) i.go();
      const results = await Promise.all(instances.map((i) => i.done));
      for (const r of results) {
        expect(r.output).toContain("ok");
        expect(r.code).toBe(0);
      }
      const check = new pg.Client({ connectionString: url.toString() });
      await check.connect();
      const { rows } = await check.query("select count(*)::int as n from settings where key = '_seeded_at'");
      await check.end();
      expect(rows[0].n).toBe(1);
    } finally {
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    }
  }, 120_000);
});

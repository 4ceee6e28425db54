/**
 * A REAL kill -9 in the middle of `npm run restore`, on PGlite and on
 * PostgreSQL. The restore runs as its own process; the test-only hook
 * RESTORE_TEST_PAUSE_AFTER_TABLES makes it say "PAUSE" after a few tables,
 * inside its open transaction, and wait: the test kills it then (SIGKILL), no
 * wall-clock sleep. Afterwards the target is empty (never half-filled and
 * "working"), and the same restore run again succeeds with the manifest's counts.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contactMessages } from "#db/schema";
import { createUser } from "../tests/helpers/auth";
import { db } from "~/lib/core/db.server";
import { env, setEnvForTests } from "~/lib/core/env.server";
import { createBackup } from "~/lib/operations/backup.server";

const adminUrl = process.env.TEST_DATABASE_URL;
const made: string[] = [];

function start(
  args: string[],
  extra: Record<string, string>,
): { child: ChildProcess; out: () => string; closed: Promise<{ code: number | null; signal: NodeJS.Signals | null }> } {
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/restore.ts", ...args], {
    env: {
      ...process.env,
      BASE_URL: "http://localhost:3000",
      DATABASE_URL: "",
      LOG_LEVEL: "error",
      NODE_ENV: "production",
      BACKUP_PASSPHRASE: "",
      ...extra,
    },
  });
  let out = "";
  child.stdout.on("data", (d: Buffer) => (out += d.toString()));
  child.stderr.on("data", (d: Buffer) => (out += d.toString()));
  const closed = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on("close", (code, signal) => resolve({ code, signal })),
  );
  return { child, out: () => out, closed };
}

/** Resolves when the process prints `marker` (it then waits inside its transaction). */
function waitFor(p: ReturnType<typeof start>, marker: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const check = () => {
      if (p.out().includes(marker)) resolve();
    };
    p.child.stdout!.on("data", check);
    void p.closed.then(() => reject(new Error(`ended before "${marker}":\n${p.out()}`)));
    check();
  });
}

async function killMidway(args: string[], extra: Record<string, string>) {
  const p = start(args, { ...extra, RESTORE_TEST_PAUSE_AFTER_TABLES: "3" });
  await waitFor(p, "PAUSE après 3 tables");
  p.child.kill("SIGKILL");
  const end = await p.closed;
  expect(end.signal).toBe("SIGKILL");
}

async function restoreAgain(args: string[], extra: Record<string, string>) {
  const p = start(args, extra);
  const end = await p.closed;
  expect(end.code, p.out()).toBe(0);
  return p.out();
}

async function pgQuery<T>(url: string, sql: string): Promise<T[]> {
  const { default: pg } = await import("pg");
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query(sql)).rows as T[];
  } finally {
    await c.end();
  }
}

let archive: string;

beforeAll(async () => {
  const e = env();
  const backups = mkdtempSync(path.join(os.tmpdir(), "kill-backups-"));
  setEnvForTests({
    NODE_ENV: "test",
    DATA_DIR: e.DATA_DIR,
    BASE_URL: e.BASE_URL,
    BETTER_AUTH_SECRET: e.BETTER_AUTH_SECRET,
    DATABASE_URL: e.DATABASE_URL ?? "",
    LOG_LEVEL: "error",
    BACKUP_DIR: backups,
  });
  await createUser({ roles: ["admin"] });
  for (let i = 0; i < 300; i++)
    await db
      .insert(contactMessages)
      .values({ name: `V${i}`, email: `v${i}@exemple.fr`, subject: "Essai", message: `Message ${i}` });
  archive = (await createBackup({ reason: "commande" })).file;
}, 300_000);

afterAll(async () => {
  if (adminUrl) for (const name of made) await pgQuery(adminUrl, `drop database if exists ${name} with (force)`);
});

describe("kill -9 in the middle of npm run restore", () => {
  it("PGlite: the data folder holds no database afterwards, and the same restore then succeeds", async () => {
    const target = mkdtempSync(path.join(os.tmpdir(), "kill-restore-"));
    await killMidway([archive], { DATA_DIR: target });
    // The half-loaded copy is only ever a temporary folder: nothing in place.
    const pglite = path.join(target, "pglite");
    expect(!existsSync(pglite) || readdirSync(pglite).length === 0).toBe(true);
    expect(existsSync(path.join(target, "uploads"))).toBe(false);

    const out = await restoreAgain([archive], { DATA_DIR: target });
    expect(out).toMatch(/contact_messages\s+300 →\s+300/);
    expect(readdirSync(target).filter((f) => f.includes(".restauration-"))).toEqual([]);
  }, 400_000);

  it.skipIf(!adminUrl)(
    "PostgreSQL: the killed transaction leaves the database empty, and the same restore then succeeds",
    async () => {
      const name = `kill_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
      await pgQuery(adminUrl!, `create database ${name}`);
      made.push(name);
      const url = new URL(adminUrl!);
      url.pathname = `/${name}`;
      const target = mkdtempSync(path.join(os.tmpdir(), "kill-restore-pg-"));

      await killMidway([archive], { DATA_DIR: target, DATABASE_URL: url.toString() });
      const tables = await pgQuery<{ n: string }>(
        url.toString(),
        "select count(*) as n from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname in ('public', 'drizzle') and c.relkind = 'r'",
      );
      expect(Number(tables[0]?.n)).toBe(0);

      const out = await restoreAgain([archive], { DATA_DIR: target, DATABASE_URL: url.toString() });
      expect(out).toMatch(/contact_messages\s+300 →\s+300/);
    },
    400_000,
  );
});

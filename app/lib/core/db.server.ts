/**
 * The database: PGlite in DATA_DIR/pglite when DATABASE_URL is unset, a real
 * PostgreSQL server otherwise. Same schema, same migrations (db/migrations).
 *
 * Rules: open once at start (openDatabase), use `db` everywhere, never use
 * `db` inside `db.transaction(async (tx) => …)` — use `tx` (PGlite has a
 * single connection and would deadlock).
 */
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import * as schema from "#db/schema";
import { log } from "./log.server";

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];
/** Either the database or a transaction: what data functions accept. */
export type Queryable = Database | Transaction;

interface OpenDb {
  db: Database;
  driver: "pglite" | "postgres";
  close: () => Promise<void>;
}

let current: OpenDb | null = null;

export const migrationsFolder = path.resolve(process.cwd(), "db/migrations");

export interface OpenOptions {
  /** postgres:// URL; when absent, PGlite is used. */
  url?: string;
  /** PGlite folder; "memory://" for an in-memory database. */
  pgliteDir?: string;
  /** Run migrations after opening (default true). */
  migrate?: boolean;
}

/** The id of the live process holding the lock of a PGlite folder (the server), or null. */
export function lockHolder(dir: string): number | null {
  const lockFile = path.join(dir, "..", `${path.basename(dir)}.lock`);
  let pid: number;
  try {
    pid = Number(readFileSync(lockFile, "utf8").trim());
  } catch {
    return null;
  }
  if (!pid || pid === process.pid) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch {
    return null;
  }
}

/** Takes an exclusive lock on a PGlite folder (one process owns it). */
export function lockFolder(dir: string): () => void {
  const lockFile = path.join(dir, "..", `${path.basename(dir)}.lock`);
  mkdirSync(path.dirname(lockFile), { recursive: true });
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockFile, "wx");
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(lockFile, { force: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
      const pid = Number(readFileSync(lockFile, "utf8").trim());
      let alive = false;
      if (pid && pid !== process.pid) {
        try {
          process.kill(pid, 0);
          alive = true;
        } catch {
          alive = false;
        }
      }
      if (alive) {
        throw new Error(
          `La base embarquée ${dir} est déjà utilisée par le processus ${pid}. ` +
            "Arrêtez-le avant d'en démarrer un autre.",
        );
      }
      log.warn("stale database lock removed", { lockFile, pid });
      rmSync(lockFile, { force: true });
    }
  }
  throw new Error(`Impossible de verrouiller ${dir}`);
}

export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (current) throw new Error("database already open");
  let opened: OpenDb;
  if (options.url) {
    const { default: pg } = await import("pg");
    const { drizzle } = await import("drizzle-orm/node-postgres");
    const pool = new pg.Pool({ connectionString: options.url, max: 10 });
    const db = drizzle(pool, { schema, casing: "snake_case" }) as unknown as Database;
    opened = { db, driver: "postgres", close: () => pool.end() };
  } else {
    const dir = options.pgliteDir ?? "memory://";
    const { PGlite } = await import("@electric-sql/pglite");
    const { drizzle } = await import("drizzle-orm/pglite");
    let unlock = () => {};
    if (!dir.startsWith("memory://")) {
      mkdirSync(dir, { recursive: true });
      unlock = lockFolder(dir);
    }
    try {
      const client = await PGlite.create(dir.startsWith("memory://") ? undefined : dir);
      const db = drizzle(client, { schema, casing: "snake_case" }) as unknown as Database;
      opened = {
        db,
        driver: "pglite",
        close: async () => {
          await client.close();
          unlock();
        },
      };
    } catch (err) {
      unlock();
      throw err;
    }
  }
  current = opened;
  if (options.migrate !== false) await runMigrations();
  return opened.db;
}

export async function runMigrations(): Promise<void> {
  const open = requireOpen();
  if (!existsSync(migrationsFolder)) throw new Error(`migrations folder missing: ${migrationsFolder}`);
  if (open.driver === "pglite") {
    const { migrate } = await import("drizzle-orm/pglite/migrator");
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    await migrate(open.db as any, { migrationsFolder });
  } else {
    const { migrate } = await import("drizzle-orm/node-postgres/migrator");
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    await migrate(open.db as any, { migrationsFolder });
  }
}

function requireOpen(): OpenDb {
  if (!current) throw new Error("database not open: call openDatabase() first");
  return current;
}

export function databaseDriver(): "pglite" | "postgres" {
  return requireOpen().driver;
}

export async function closeDatabase(): Promise<void> {
  const open = current;
  current = null;
  if (open) await open.close();
}

/** True when the database answers a trivial query. */
export async function pingDatabase(): Promise<boolean> {
  try {
    await requireOpen().db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}

/** The open database. Usable as `db.select()…` anywhere on the server. */
export const db: Database = new Proxy({} as Database, {
  get(_target, prop) {
    const real = requireOpen().db as unknown as Record<string | symbol, unknown>;
    const value = real[prop];
    return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(real) : value;
  },
});

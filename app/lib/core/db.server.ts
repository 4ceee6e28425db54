/**
 * The database: PGlite in DATA_DIR/pglite when DATABASE_URL is unset (run in
 * its own thread, pglite-thread.server.ts), a real PostgreSQL
 * server otherwise. Same schema, same migrations (db/migrations).
 *
 * Rules: open once at start (openDatabase), use `db` everywhere. Inside
 * `db.transaction(async () => …)` (or `transaction(…)`) every query made
 * through `db` goes to that transaction (AsyncLocalStorage): code called from
 * a transaction cannot reach the outer connection by mistake (which would
 * deadlock PGlite's single connection, or escape the rollback on PostgreSQL).
 * A transaction inside a transaction is a savepoint. Work that outlives its
 * transaction (a promise left running) falls back to the outer connection.
 * So no function takes a connection parameter (`q: Queryable`, `tx:
 * Transaction`): it uses `db`, and called inside a transaction it is part of
 * it (lint rule data-access/no-connection-parameters).
 * Every write (and the end of every transaction) drops the public pages' cached reads.
 * Both drivers read a value back as the same JavaScript type: node-postgres is told to read a
 * bigint (`count(*)`, `sum` of integers) as a number, as PGlite does; numeric stays a string on both.
 */
import { existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import * as schema from "#db/schema";
import { startDurabilitySync } from "./durability.server";
import { folderLocked, lockFolder } from "./folder-lock.server";
import { log } from "./log.server";
import { openPgliteThread } from "./pglite-thread.server";
import { noteWrite } from "./cache.server";
import { currentScope, runInScope, type TransactionScope } from "./transaction-scope.server";

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

interface OpenDb {
  db: Database;
  driver: "pglite" | "postgres";
  close: () => Promise<void>;
  /** Runs `fn` while holding the cluster-wide start-up lock (PostgreSQL advisory lock). */
  exclusive: <T>(fn: () => Promise<T>) => Promise<T>;
}

/**
 * Every statement goes past here before it runs: anything but a read drops the reads cached
 * for the public pages (cache.server.ts), so no writer has to think of it.
 */
const writeWatcher = {
  logQuery(query: string): void {
    if (!/^\s*(select|show)\s/i.test(query)) noteWrite();
  },
};

/** Key of the PostgreSQL advisory lock taken around migrations and seeding. */
const STARTUP_LOCK_KEY = 721_094_311;

let current: OpenDb | null = null;

export const migrationsFolder = path.resolve(process.cwd(), "db/migrations");

export interface OpenOptions {
  /** postgres:// URL; when absent, PGlite is used. */
  url?: string;
  /** PGlite folder; "memory://" for an in-memory database. */
  pgliteDir?: string;
  /** Run migrations after opening (default true). */
  migrate?: boolean;
  /** In-memory PGlite only: start from this data folder dump (tests clone a migrated one). */
  pgliteData?: Blob;
}

export { folderLocked, lockFolder };

/** The start-up errors of a data folder, said in French (instead of a raw "EROFS"). */
export function explainFolderError(err: unknown, dir: string): unknown {
  const code = (err as NodeJS.ErrnoException | null)?.code;
  if (code === "EROFS") {
    return new Error(
      `Le dossier de données ${dir} est en lecture seule : le site doit pouvoir y écrire (vérifiez DATA_DIR et le montage du disque).`,
      { cause: err },
    );
  }
  if (code === "EACCES" || code === "EPERM") {
    return new Error(
      `Le site n'a pas le droit d'écrire dans le dossier de données ${dir} (vérifiez DATA_DIR et les droits du dossier).`,
      { cause: err },
    );
  }
  if (code === "ENOSPC") {
    return new Error(`Le disque du dossier de données ${dir} est plein.`, { cause: err });
  }
  return err;
}

export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (current) throw new Error("database already open");
  let opened: OpenDb;
  if (options.url) {
    const { default: pg } = await import("pg");
    const { drizzle } = await import("drizzle-orm/node-postgres");
    // Process-wide on purpose: Drizzle asks pg's global table for every query's parsers.
    pg.types.setTypeParser(pg.types.builtins.INT8, Number);
    const pool = new pg.Pool({ connectionString: options.url, max: 10 });
    // An IDLE connection the server closes (PostgreSQL restarted, a connection killed) is
    // reported here: the pool drops it and opens another on the next query. Without this
    // listener the error would be unhandled and stop the whole process.
    pool.on("error", (err) => log.warn("idle database connection lost", { err }));
    const db = drizzle(pool, { schema, casing: "snake_case", logger: writeWatcher }) as unknown as Database;
    opened = {
      db,
      driver: "postgres",
      close: () => pool.end(),
      // A session-level advisory lock on one dedicated connection: a second instance
      // starting at the same time waits here, then finds the migrations applied.
      exclusive: async (fn) => {
        const client = await pool.connect();
        try {
          await client.query("select pg_advisory_lock($1)", [STARTUP_LOCK_KEY]);
          try {
            return await fn();
          } finally {
            await client.query("select pg_advisory_unlock($1)", [STARTUP_LOCK_KEY]);
          }
        } finally {
          client.release();
        }
      },
    };
  } else {
    const dir = options.pgliteDir ?? "memory://";
    const { drizzle } = await import("drizzle-orm/pglite");
    let unlock = async () => {};
    if (!dir.startsWith("memory://")) {
      try {
        mkdirSync(dir, { recursive: true });
        unlock = await lockFolder(dir);
      } catch (err) {
        throw explainFolderError(err, dir);
      }
    }
    try {
      // PGlite in its own thread, its statements prepared there (pglite-thread.server.ts).
      const client = await openPgliteThread({ dir, data: options.pgliteData });
      // PGlite never fsyncs: sync its files to disk ourselves (durability.server.ts).
      const durability = dir.startsWith("memory://") ? null : startDurabilitySync(dir);
      const db = drizzle(client as never, {
        schema,
        casing: "snake_case",
        logger: writeWatcher,
      }) as unknown as Database;
      opened = {
        db,
        driver: "pglite",
        // The folder lock already makes this process the only one.
        exclusive: (fn) => fn(),
        close: async () => {
          await client.close();
          await durability?.stop();
          await unlock();
        },
      };
    } catch (err) {
      await unlock();
      throw explainFolderError(err, dir);
    }
  }
  current = opened;
  if (options.migrate !== false) await withStartupLock(runMigrations);
  return opened.db;
}

/**
 * Runs start-up work (migrations, seeding) so that two instances starting
 * together on one PostgreSQL server do it one after the other.
 */
export function withStartupLock<T>(fn: () => Promise<T>): Promise<T> {
  return requireOpen().exclusive(fn);
}

export async function runMigrations(): Promise<void> {
  const open = requireOpen();
  if (!existsSync(migrationsFolder)) throw new Error(`migrations folder missing: ${migrationsFolder}`);
  if (open.driver === "pglite") {
    const { migrate } = await import("drizzle-orm/pglite/migrator");
    // The open connection is this driver's database, typed as the common PgDatabase.
    await migrate(open.db as unknown as Parameters<typeof migrate>[0], { migrationsFolder });
  } else {
    const { migrate } = await import("drizzle-orm/node-postgres/migrator");
    await migrate(open.db as unknown as Parameters<typeof migrate>[0], { migrationsFolder });
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

/** True for a unique-constraint violation (SQLSTATE 23505), however wrapped (err.cause). */
export function isUniqueViolation(err: unknown): boolean {
  let e = err as { code?: unknown; cause?: unknown } | undefined;
  for (let depth = 0; e && depth < 5; depth++, e = e.cause as typeof e) {
    if (e.code === "23505") return true;
  }
  return false;
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

type Scope = TransactionScope<Transaction>;

/** The connection `db` stands for here: the current transaction, or the database. */
function connection(): Database | Transaction {
  const s = currentScope<Transaction>();
  return s?.open ? s.tx : requireOpen().db;
}

/**
 * Runs `fn` in a transaction (a savepoint when already in one); every query
 * made through `db` while it runs belongs to it. Rolled back when `fn` throws.
 */
export async function transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T> {
  const parent = currentScope<Transaction>();
  const outer = parent?.open ? parent : null;
  let mine: Scope | null = null;
  let result: T;
  try {
    result = await connection().transaction(async (tx) => {
      const s: Scope = { tx, open: true, afterCommit: [], root: outer ? (outer.root ?? outer) : null };
      mine = s;
      try {
        return await runInScope(s, () => fn(tx));
      } finally {
        s.open = false;
      }
    });
  } finally {
    // Committed or rolled back: public reads cached meanwhile may have seen either (cache.server.ts).
    if (!outer) noteWrite();
  }
  const done = mine as Scope | null;
  if (done && !done.root) for (const run of done.afterCommit) run();
  return result;
}

/**
 * A LIMIT or an OFFSET written into the statement's text, not sent as a parameter:
 * `.limit(inlineCount(perPage)).offset(inlineCount((page - 1) * perPage))`.
 * Why: PGlite prepares each statement text once, and PostgreSQL keeps one plan
 * for every run of a statement only when that plan does not depend on its parameters. A LIMIT
 * given as a parameter is planned as "a tenth of the table": for a sorted page of a large
 * table that plan is a full sort, so PostgreSQL planned the statement again at every run
 * (2 to 3 ms of the 10,000 accounts' list, more than reading its rows). Written in, the
 * size is known and the plan is kept. Every LIMIT and OFFSET goes through here (lint rule
 * data-access/inline-limit).
 * Only whole numbers from 0 up (a page size, an offset); anything else throws.
 */
export function inlineCount(n: number): number {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`LIMIT ou OFFSET invalide\u00a0: ${String(n)}`);
  // Drizzle writes an SQL object where it would put a parameter; `.limit()` is typed for numbers.
  return sql.raw(String(n)) as unknown as number;
}

/**
 * Runs `fn` once the current transaction has committed (at once outside a
 * transaction; never if it rolls back): work that must see the committed rows,
 * such as sending the mails queued inside it.
 */
export function afterCommit(fn: () => void): void {
  const s = currentScope<Transaction>();
  if (s?.open) (s.root ?? s).afterCommit.push(fn);
  else fn();
}

/** The open database. Usable as `db.select()…` anywhere on the server. */
export const db: Database = new Proxy({} as Database, {
  get(_target, prop) {
    if (prop === "transaction") return transaction;
    const real = connection() as unknown as Record<string | symbol, unknown>;
    const value = real[prop];
    return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(real) : value;
  },
});

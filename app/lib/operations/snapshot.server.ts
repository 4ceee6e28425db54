/**
 * Logical copy of the database, the same for PGlite and PostgreSQL:
 *  - `dumpDatabase` reads every table of the `public` schema inside ONE
 *    read-only repeatable-read transaction (a consistent point in time: writes
 *    going on are wholly in it or wholly out), row by row as PostgreSQL's own
 *    JSON (`row_to_json`), through a cursor (never a whole table in memory),
 *    tables in foreign-key order;
 *  - `loadDatabase` rebuilds an EMPTY database in one transaction: the
 *    migrations the archive was taken at, the rows (`json_populate_recordset`,
 *    so every type comes back exactly), then the sequences.
 * Both work on a bare SQL client (`SqlClient`): the app's connection, a scratch
 * in-memory PGlite, or a PostgreSQL client of the restore command.
 */
import { readMigrationFiles } from "drizzle-orm/migrator";
import { BackupError, type ArchiveHeader } from "./archive.server";

export interface SqlClient {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>;
}

const BATCH = 500;
const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Tables of the public schema, parents before children (foreign keys). */
export async function tablesInOrder(client: SqlClient): Promise<string[]> {
  const { rows: tables } = await client.query<{ name: string }>(
    "select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public' and c.relkind in ('r', 'p') order by c.relname",
  );
  const { rows: edges } = await client.query<{ child: string; parent: string }>(
    `select ch.relname as child, pa.relname as parent from pg_constraint k
       join pg_class ch on ch.oid = k.conrelid join pg_class pa on pa.oid = k.confrelid
       join pg_namespace n on n.oid = ch.relnamespace
     where k.contype = 'f' and n.nspname = 'public' and ch.relname <> pa.relname`,
  );
  const names = tables.map((t) => t.name);
  const parents = new Map(names.map((n) => [n, new Set<string>()]));
  for (const e of edges) parents.get(e.child)?.add(e.parent);
  const ordered: string[] = [];
  const placed = new Set<string>();
  while (ordered.length < names.length) {
    const ready = names.filter(
      (n) => !placed.has(n) && [...(parents.get(n) ?? [])].every((p) => placed.has(p) || !parents.has(p)),
    );
    if (!ready.length)
      throw new BackupError("Les tables de la base ont des références circulaires : sauvegarde impossible.");
    for (const n of ready) {
      ordered.push(n);
      placed.add(n);
    }
  }
  return ordered;
}

/** Migrations applied to a database (drizzle's journal table), oldest first. */
export async function appliedMigrations(client: SqlClient): Promise<Array<{ hash: string; createdAt: number }>> {
  const { rows: exists } = await client.query<{ t: string | null }>(
    "select to_regclass('drizzle.__drizzle_migrations')::text as t",
  );
  if (!exists[0]?.t) return [];
  const { rows } = await client.query<{ hash: string; created_at: string | number }>(
    "select hash, created_at from drizzle.__drizzle_migrations order by created_at, id",
  );
  return rows.map((r) => ({ hash: r.hash, createdAt: Number(r.created_at) }));
}

/**
 * Streams every row of every table. Must run inside a transaction of `client`
 * (the caller opens it read-only, repeatable read).
 */
export async function* dumpTables(
  client: SqlClient,
  tables: string[],
): AsyncGenerator<{ table: string; rows: string[] }> {
  for (const table of tables) {
    const cursor = `backup_${table.replace(/\W/g, "_")}`;
    await client.query(
      `declare ${cursor} no scroll cursor for select row_to_json(t)::text as j from public.${ident(table)} t`,
    );
    for (;;) {
      const { rows } = await client.query<{ j: string }>(`fetch ${BATCH} from ${cursor}`);
      if (!rows.length) break;
      yield { table, rows: rows.map((r) => r.j) };
      if (rows.length < BATCH) break;
    }
    await client.query(`close ${cursor}`);
  }
}

/** The app's migrations (db/migrations), oldest first. */
export function appMigrations(migrationsFolder: string) {
  return readMigrationFiles({ migrationsFolder });
}

/**
 * Refuses an archive whose migrations are not a prefix of this version's
 * (another application, or a newer version of the site).
 */
export function checkMigrations(header: ArchiveHeader, migrationsFolder: string) {
  const mine = appMigrations(migrationsFolder);
  if (header.migrations.length > mine.length)
    throw new BackupError(
      "Cette sauvegarde vient d'une version plus récente du site (schéma plus récent) : mettez d'abord le site à jour.",
    );
  header.migrations.forEach((m, i) => {
    if (mine[i]?.hash !== m.hash)
      throw new BackupError(
        "Le schéma de cette sauvegarde ne correspond pas à celui du site (autre application ou version modifiée).",
      );
  });
  return mine;
}

/** Creates the schema of the archive in an empty database: its migrations, recorded as drizzle does. */
export async function createSchema(client: SqlClient, header: ArchiveHeader, migrationsFolder: string) {
  const mine = checkMigrations(header, migrationsFolder);
  await client.query("create schema if not exists drizzle");
  await client.query(
    "create table if not exists drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint)",
  );
  for (const migration of mine.slice(0, header.migrations.length)) {
    for (const statement of migration.sql) if (statement.trim()) await client.query(statement);
    await client.query("insert into drizzle.__drizzle_migrations (hash, created_at) values ($1, $2)", [
      migration.hash,
      migration.folderMillis,
    ]);
  }
}

const columnsCache = new WeakMap<SqlClient, Map<string, string[]>>();

async function columnsOf(client: SqlClient, table: string): Promise<string[]> {
  let cache = columnsCache.get(client);
  if (!cache) columnsCache.set(client, (cache = new Map<string, string[]>()));
  let cols = cache.get(table);
  if (!cols) {
    const { rows } = await client.query<{ name: string }>(
      "select column_name as name from information_schema.columns where table_schema = 'public' and table_name = $1 and is_generated = 'NEVER' order by ordinal_position",
      [table],
    );
    if (!rows.length) throw new BackupError(`La table ${table} de la sauvegarde n'existe pas dans ce schéma.`);
    cols = rows.map((r) => r.name);
    cache.set(table, cols);
  }
  return cols;
}

/** Inserts one batch of rows (JSON texts from `row_to_json`). */
export async function insertRows(client: SqlClient, table: string, rows: string[]) {
  if (!rows.length) return;
  const cols = (await columnsOf(client, table)).map(ident).join(", ");
  await client.query(
    `insert into public.${ident(table)} (${cols}) overriding system value select ${cols} from json_populate_recordset(null::public.${ident(table)}, $1::json)`,
    [`[${rows.join(",")}]`],
  );
}

/** Puts every serial/identity sequence after the largest value restored. */
export async function resetSequences(client: SqlClient) {
  const { rows } = await client.query<{ table_name: string; column_name: string }>(
    "select table_name, column_name from information_schema.columns where table_schema = 'public' and (column_default like 'nextval(%' or is_identity = 'YES')",
  );
  for (const r of rows) {
    const t = `public.${ident(r.table_name)}`;
    await client.query(
      `select setval(pg_get_serial_sequence($1, $2), coalesce((select max(${ident(r.column_name)}) from ${t}), 0) + 1, false)`,
      [t, r.column_name],
    );
  }
}

/** Row count of every table of the public schema. */
export async function countRows(client: SqlClient): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of await tablesInOrder(client)) {
    const { rows } = await client.query<{ n: string | number }>(`select count(*) as n from public.${ident(table)}`);
    counts[table] = Number(rows[0]?.n ?? 0);
  }
  return counts;
}

/** Differences between two sets of counts, as French sentences (empty: identical). */
export function compareCounts(expected: Record<string, number>, actual: Record<string, number>): string[] {
  const problems: string[] = [];
  for (const [table, n] of Object.entries(expected)) {
    if ((actual[table] ?? 0) !== n) problems.push(`${table} : ${n} lignes attendues, ${actual[table] ?? 0} trouvées`);
  }
  return problems;
}

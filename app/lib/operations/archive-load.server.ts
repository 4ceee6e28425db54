/**
 * Reading a backup back: the trial restore that proves each
 * backup, and the loading shared with the real restore (restore.server.ts).
 *
 * Rules:
 *  - The archive is checked whole first (checksums, manifest, migrations
 *    known to this version), then loaded in ONE transaction: a bad archive
 *    leaves the target untouched.
 *  - The per-table counts found after loading must equal the manifest's,
 *    otherwise BackupError (French) says which tables differ.
 */
import { migrationsFolder } from "../core/db.server";
import { BackupError, checkArchive, readArchive } from "./archive.server";
import {
  checkMigrations,
  compareCounts,
  countRows,
  createSchema,
  insertRows,
  resetSequences,
  type SqlClient,
} from "./snapshot.server";

/**
 * Restores the archive into a scratch in-memory database and compares its
 * per-table counts with the manifest. Throws BackupError with the reason.
 */
export async function verifyArchive(file: string, secret?: string): Promise<Record<string, number>> {
  const { PGlite } = await import("@electric-sql/pglite");
  const scratch = await PGlite.create();
  try {
    return await loadArchive(file, secret, (fn) => scratch.transaction((tx) => fn(tx as unknown as SqlClient)));
  } finally {
    await scratch.close();
  }
}

/**
 * Loads an archive into an empty database through `client`, inside one
 * transaction opened by `inTransaction`; returns the counts found afterwards.
 * The archive is read twice: once to check it whole, once to load it.
 */
export async function loadArchive(
  file: string,
  secret: string | undefined,
  inTransaction: <T>(fn: (tx: SqlClient) => Promise<T>) => Promise<T>,
  /** Each uploaded file, with the loading transaction (a restore may keep files in the database). */
  onFile?: (record: { path: string; data: Buffer }, tx: SqlClient) => Promise<void>,
  /** Called when the rows of a new table start (progress; the kill -9 test pauses here). */
  onTable?: (table: string, tablesDone: number) => Promise<void>,
): Promise<Record<string, number>> {
  const { header, manifest } = await checkArchive(file, secret);
  checkMigrations(header, migrationsFolder);
  return inTransaction(async (tx) => {
    let table = "";
    let tablesDone = 0;
    for await (const record of readArchive(file, secret)) {
      if (record.kind === "header") await createSchema(tx, record, migrationsFolder);
      else if (record.kind === "rows") {
        if (record.table !== table) {
          if (table && onTable) await onTable(table, ++tablesDone);
          table = record.table;
        }
        await insertRows(tx, record.table, record.rows);
      } else if (record.kind === "file" && onFile)
        await onFile({ path: record.path, data: Buffer.from(record.data, "base64") }, tx);
    }
    await resetSequences(tx);
    const counts = await countRows(tx);
    const problems = compareCounts(manifest.tables, counts);
    if (problems.length)
      throw new BackupError(`La restauration d'essai ne retrouve pas les mêmes données : ${problems.join(" ; ")}.`);
    return counts;
  });
}

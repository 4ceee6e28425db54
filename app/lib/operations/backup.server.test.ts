/**
 * Backups and restores on real databases (the file's own PGlite, or its own
 * PostgreSQL database in the "postgres" project): a backup under concurrent
 * writes restores into an empty target with identical rows; every refused
 * archive leaves the target untouched; a non-empty target needs --force and is
 * kept aside; a restore that fails halfway leaves nothing; the nightly job runs
 * once a day from its hour on, with retention (fake clock).
 */
import {
  existsSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  truncateSync,
  writeFileSync,
  statSync,
  mkdirSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contactMessages } from "#db/schema";
import { createUser } from "../../../tests/helpers/auth";
import { db, migrationsFolder } from "../core/db.server";
import { env, setEnvForTests } from "../core/env.server";
import { ArchiveWriter, BackupError, checkArchive } from "./archive.server";
import { backupsToDelete, createBackup, lastFailure, listBackups, writeArchive } from "./backup.server";
import { runNightlyBackup } from "./backup-job.server";
import { restoreArchive } from "./restore.server";
import { appMigrations, type SqlClient } from "./snapshot.server";

const onPostgres = process.env.TEST_DB_DRIVER === "postgres";
const adminUrl = process.env.TEST_DATABASE_URL;
const made: string[] = [];
const tmp = (prefix: string) => mkdtempSync(path.join(os.tmpdir(), prefix));

async function adminQuery(sql: string) {
  const { default: pg } = await import("pg");
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

/** A new, empty PostgreSQL database (dropped after the file). */
async function emptyPostgres(): Promise<string> {
  const name = `restore_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  await adminQuery(`create database ${name}`);
  made.push(name);
  const url = new URL(adminUrl!);
  url.pathname = `/${name}`;
  return url.toString();
}

afterAll(async () => {
  for (const name of made) await adminQuery(`drop database if exists ${name} with (force)`);
});

/** Every row of every table as PostgreSQL's JSON, sorted: equal dumps mean identical data. */
async function allRows(client: SqlClient): Promise<Record<string, string[]>> {
  const { rows: tables } = await client.query<{ t: string }>(
    "select tablename as t from pg_tables where schemaname = 'public' order by tablename",
  );
  const out: Record<string, string[]> = {};
  for (const { t } of tables) {
    const { rows } = await client.query<{ j: string }>(`select row_to_json(x)::text as j from public."${t}" x`);
    out[t] = rows.map((r) => r.j).sort();
  }
  return out;
}

const appClient = () => (db as unknown as { $client: SqlClient }).$client;

/** Opens a restored target and returns its rows. */
async function rowsOf(target: { dataDir: string; databaseUrl?: string }) {
  if (target.databaseUrl) {
    const { default: pg } = await import("pg");
    const c = new pg.Client({ connectionString: target.databaseUrl });
    await c.connect();
    try {
      return await allRows(c);
    } finally {
      await c.end();
    }
  }
  const { PGlite } = await import("@electric-sql/pglite");
  const p = await PGlite.create(path.join(target.dataDir, "pglite"));
  try {
    return await allRows(p);
  } finally {
    await p.close();
  }
}

async function emptyTarget(): Promise<{ dataDir: string; databaseUrl?: string }> {
  return onPostgres
    ? { dataDir: tmp("restore-data-"), databaseUrl: await emptyPostgres() }
    : { dataDir: tmp("restore-data-") };
}

async function targetIsEmpty(target: { dataDir: string; databaseUrl?: string }): Promise<boolean> {
  if (target.databaseUrl) {
    const rows = await rowsOf(target);
    return Object.keys(rows).length === 0;
  }
  const dir = path.join(target.dataDir, "pglite");
  return !existsSync(dir) || readdirSync(dir).length === 0;
}

let backupDir: string;
let baseEnv: Record<string, string>;
const useEnv = (extra: Record<string, string> = {}) => setEnvForTests({ ...baseEnv, ...extra });

beforeAll(async () => {
  backupDir = tmp("backups-");
  const e = env();
  baseEnv = {
    NODE_ENV: "test",
    DATA_DIR: e.DATA_DIR,
    BASE_URL: e.BASE_URL,
    BETTER_AUTH_SECRET: e.BETTER_AUTH_SECRET,
    DATABASE_URL: e.DATABASE_URL ?? "",
    SMTP_URL: "",
    LOG_LEVEL: "error",
    BACKUP_DIR: backupDir,
    BACKUP_HOUR: "3",
  };
  useEnv();
  for (let i = 0; i < 3; i++) await createUser({ roles: i === 0 ? ["admin"] : ["membre"], prenom: `Membre${i}` });
  for (let i = 0; i < 1200; i++) {
    await db.insert(contactMessages).values({
      name: `Visiteur ${i}`,
      email: `v${i}@exemple.fr`,
      subject: "Renseignements",
      message: `Message numéro ${i} : « accents », émojis 🥋.`,
    });
  }
  mkdirSync(path.join(e.DATA_DIR, "uploads", "ab"), { recursive: true });
  writeFileSync(path.join(e.DATA_DIR, "uploads", "ab", "brochure.pdf"), Buffer.from("%PDF-1.4 brochure du club"));
});

let archive: string;

describe("backup while the site serves, then restore", () => {
  it("a backup under continuous writes restores into an empty target with exactly its manifest's rows", async () => {
    let writing = true;
    let written = 0;
    const writer = (async () => {
      while (writing) {
        await db.insert(contactMessages).values({
          name: "Pendant",
          email: "pendant@exemple.fr",
          subject: "Autre",
          message: "Écrit pendant la sauvegarde.",
        });
        written++;
        // Like requests arriving: each write is its own turn of the event loop.
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    const info = await createBackup({ reason: "commande" });
    writing = false;
    await writer;
    expect(written).toBeGreaterThan(0);
    expect(info.verification).toMatchObject({ ok: true });
    expect(info.files).toBe(1);
    expect(info.tables.users).toBe(3);
    expect(info.tables.contact_messages).toBeGreaterThanOrEqual(1200);
    expect(listBackups()[0]?.name).toBe(info.name);
    archive = info.file;

    const target = await emptyTarget();
    const result = await restoreArchive({ archive, dataDir: target.dataDir, databaseUrl: target.databaseUrl });
    expect(result.counts).toMatchObject(info.tables);
    expect(readFileSync(path.join(target.dataDir, "uploads", "ab", "brochure.pdf"), "utf8")).toBe(
      "%PDF-1.4 brochure du club",
    );

    // The archive's rows, exactly (password hashes, dates, arrays, accents): taken again from the backup's own check.
    const restored = await rowsOf(target);
    expect(restored.users?.length).toBe(3);
    const source = await allRows(appClient());
    expect(restored.accounts).toEqual(source.accounts);
    expect(restored.users).toEqual(source.users);
  });

  it("two backups never run at once", async () => {
    const first = createBackup({ reason: "page" });
    await expect(createBackup({ reason: "page" })).rejects.toThrow("Une sauvegarde est déjà en cours.");
    await first;
  });

  it.skipIf(onPostgres || !adminUrl)("an archive taken on PGlite restores into PostgreSQL, and back", async () => {
    const pgTarget = { dataDir: tmp("restore-pg-"), databaseUrl: await emptyPostgres() };
    await restoreArchive({ archive, dataDir: pgTarget.dataDir, databaseUrl: pgTarget.databaseUrl });
    const fromPg = await rowsOf(pgTarget);

    // Back up the PostgreSQL copy with the same code, restore it into a new embedded database.
    const { default: pg } = await import("pg");
    const client = new pg.Client({ connectionString: pgTarget.databaseUrl });
    await client.connect();
    const again = path.join(tmp("archive-"), "depuis-postgres.sauvegarde");
    const w = new ArchiveWriter(again);
    await writeArchive(w, {
      driver: "postgres",
      now: new Date(),
      uploads: path.join(pgTarget.dataDir, "uploads"),
      snapshot: async (work) => {
        await client.query("begin isolation level repeatable read read only");
        try {
          return await work(client);
        } finally {
          await client.query("commit");
        }
      },
    });
    await client.end();
    const back = { dataDir: tmp("restore-back-") };
    await restoreArchive({ archive: again, dataDir: back.dataDir });
    expect(await rowsOf(back)).toEqual(fromPg);
    expect(fromPg.users).toEqual((await allRows(appClient())).users);
  });
});

describe("refused archives: a clear French message, nothing written", () => {
  async function refused(file: string, passphrase?: string): Promise<string> {
    const target = await emptyTarget();
    const error = await restoreArchive({
      archive: file,
      passphrase,
      dataDir: target.dataDir,
      databaseUrl: target.databaseUrl,
    }).then(
      () => null,
      (err: unknown) => err,
    );
    expect(error).toBeInstanceOf(BackupError);
    expect(await targetIsEmpty(target)).toBe(true);
    return (error as Error).message;
  }

  function copy(name: string): string {
    const file = path.join(tmp("bad-"), name);
    writeFileSync(file, readFileSync(archive));
    return file;
  }

  it("truncated", async () => {
    const file = copy("tronquee.sauvegarde");
    truncateSync(file, Math.floor(statSync(file).size / 2));
    expect(await refused(file)).toMatch(/tronquée|altérée/);
  });

  it("corrupted", async () => {
    const file = copy("abimee.sauvegarde");
    const bytes = readFileSync(file);
    const middle = Math.floor(bytes.length / 2);
    bytes[middle] = (bytes[middle] ?? 0) ^ 0xff;
    writeFileSync(file, bytes);
    expect(await refused(file)).toMatch(/altérée|illisible|tronquée/);
  });

  it("not an archive at all", async () => {
    const file = path.join(tmp("bad-"), "notes.txt");
    writeFileSync(file, "ceci n'est pas une sauvegarde");
    expect(await refused(file)).toBe("Ce fichier n'est pas une sauvegarde du site (format inconnu).");
  });

  async function crafted(header: Record<string, unknown>): Promise<string> {
    const file = path.join(tmp("crafted-"), "autre.sauvegarde");
    const w = new ArchiveWriter(file);
    const { header: real } = await checkArchive(archive);
    await w.write({ ...real, ...header });
    await w.finish();
    return file;
  }

  it("from another application", async () => {
    expect(await refused(await crafted({ app: "autre-appli" }))).toBe(
      "Cette sauvegarde vient d'une autre application (« autre-appli »).",
    );
  });

  it("from a newer version of the site", async () => {
    const mine = appMigrations(migrationsFolder).map((m) => ({ hash: m.hash, createdAt: m.folderMillis }));
    const newer = [...mine, { hash: "f".repeat(64), createdAt: Date.now() }];
    expect(await refused(await crafted({ migrations: newer }))).toMatch(/version plus récente du site/);
  });

  it("encrypted, with a wrong or missing passphrase", async () => {
    const file = path.join(tmp("enc-"), "chiffree.sauvegarde");
    const w = new ArchiveWriter(file, "phrase secrète du club");
    const { header } = await checkArchive(archive);
    await w.write(header);
    await w.finish();
    expect(await refused(file, "mauvaise phrase secrète")).toBe(
      "Phrase secrète incorrecte, ou sauvegarde chiffrée altérée.",
    );
    expect(await refused(file)).toMatch(/Cette sauvegarde est chiffrée/);
    const target = await emptyTarget();
    await restoreArchive({
      archive: file,
      passphrase: "phrase secrète du club",
      dataDir: target.dataDir,
      databaseUrl: target.databaseUrl,
    });
  });

  it("a restore that fails halfway leaves the target empty (all or nothing)", async () => {
    // Valid checksums, but the same user twice: the load fails on the second copy.
    const file = path.join(tmp("halfway-"), "doublon.sauvegarde");
    const w = new ArchiveWriter(file);
    const { header } = await checkArchive(archive);
    await w.write(header);
    const source = await allRows(appClient());
    await w.write({ kind: "rows", table: "users", rows: source.users! });
    await w.write({ kind: "rows", table: "users", rows: source.users!.slice(0, 1) });
    await w.finish();
    const target = await emptyTarget();
    await expect(
      restoreArchive({ archive: file, dataDir: target.dataDir, databaseUrl: target.databaseUrl }),
    ).rejects.toThrow();
    expect(await targetIsEmpty(target)).toBe(true);
    expect(existsSync(path.join(target.dataDir, "uploads"))).toBe(false);
  });
});

describe("a non-empty target", () => {
  it("is refused without --force, and kept aside (never deleted) with it", async () => {
    const target = await emptyTarget();
    await restoreArchive({ archive, dataDir: target.dataDir, databaseUrl: target.databaseUrl });
    const error = await restoreArchive({ archive, dataDir: target.dataDir, databaseUrl: target.databaseUrl }).catch(
      (e: unknown) => e,
    );
    expect((error as Error).message).toMatch(/n'est pas vide\. Relancez avec --force/);

    const forced = await restoreArchive({
      archive,
      force: true,
      dataDir: target.dataDir,
      databaseUrl: target.databaseUrl,
      now: new Date("2026-11-24T12:00:00Z"),
    });
    expect(forced.movedAside.length).toBeGreaterThan(0);
    if (onPostgres) expect(forced.movedAside).toContain("schéma PostgreSQL avant_restauration_20261124_120000");
    else {
      expect(existsSync(path.join(target.dataDir, "avant-restauration-20261124-120000", "pglite", "PG_VERSION"))).toBe(
        true,
      );
      expect(
        existsSync(path.join(target.dataDir, "avant-restauration-20261124-120000", "uploads", "ab", "brochure.pdf")),
      ).toBe(true);
    }
    expect((await rowsOf(target)).users?.length).toBe(3);
  });
});

describe("nightly backups (fake clock)", () => {
  it("run once per Paris day from BACKUP_HOUR on", async () => {
    expect(await runNightlyBackup(new Date("2030-01-10T01:30:00Z"))).toEqual({ ran: false, why: "too-early" }); // 02:30 in Paris
    const first = await runNightlyBackup(new Date("2030-01-10T02:10:00Z")); // 03:10
    expect(first.ran && "backup" in first && first.backup.reason).toBe("nocturne");
    expect(await runNightlyBackup(new Date("2030-01-10T05:00:00Z"))).toEqual({ ran: false, why: "already-done" });
    const next = await runNightlyBackup(new Date("2030-01-11T02:05:00Z"));
    expect(next.ran).toBe(true);
  });

  it("keep the newest backup of each of the last 7 days and of the last 4 weeks", () => {
    const backups = Array.from({ length: 40 }, (_, i) => {
      const d = new Date(Date.UTC(2030, 2, 1 + i, 2, 0));
      return { name: `s${i}`, createdAt: d.toISOString() };
    });
    backups.push({ name: "s39-manuelle", createdAt: new Date(Date.UTC(2030, 3, 9, 15, 0)).toISOString() });
    const deleted = new Set(backupsToDelete(backups, { daily: 7, weekly: 4 }));
    const kept = backups.filter((b) => !deleted.has(b.name)).map((b) => b.name);
    // The last 7 days (the manual one of the last day is the newest of that day)…
    expect(kept).toEqual(expect.arrayContaining(["s39-manuelle", "s38", "s37", "s36", "s35", "s34", "s33"]));
    // …plus the newest of earlier weeks, 4 weeks in all; nothing older.
    expect(kept.length).toBeLessThanOrEqual(7 + 4);
    expect(kept).not.toContain("s0");
    expect(kept).not.toContain("s39");
  });

  it("a failed backup keeps the earlier ones and is recorded until the next success", async () => {
    const before = listBackups().map((b) => b.name);
    const blocked = path.join(tmp("blocked-"), "un-fichier");
    writeFileSync(blocked, "pas un dossier");
    useEnv({ BACKUP_DIR: blocked });
    const failure = await createBackup({ reason: "page", now: new Date("2031-01-01T10:00:00Z") }).catch(
      (e: unknown) => e,
    );
    useEnv();
    expect(failure).toBeInstanceOf(BackupError);
    expect((failure as Error).message).toMatch(/n'est pas accessible|La sauvegarde a échoué/);
    expect(listBackups().map((b) => b.name)).toEqual(before);
    expect(lastFailure()).toMatchObject({ reason: "page", at: "2031-01-01T10:00:00.000Z" });
    await createBackup({ reason: "page", now: new Date("2031-01-02T10:00:00Z") });
    expect(lastFailure()).toBeNull();
  });
});

/**
 * Backups and restores with uploaded files kept in PostgreSQL (on the file's
 * own PostgreSQL database): an archive holds every file exactly once, whichever
 * place keeps it (the database, the data folder, or both in the middle of a
 * move); never the tables that keep files, nor the machines' shared secret, as
 * rows; a restore into PostgreSQL puts the files back into the database as the
 * restored setting says, a restore into the embedded database into the data
 * folder (and the setting says so).
 */
import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { instanceSecrets } from "#db/schema";
import { db } from "../core/db.server";
import { env, setEnvForTests } from "../core/env.server";
import { storage, storagePlaces } from "../content/storage.server";
import { readArchive } from "./archive.server";
import { createBackup } from "./backup.server";
import { restoreArchive } from "./restore.server";
import { chooseUploadsPlace } from "./uploads-place.server";

const onPostgres = process.env.TEST_DB_DRIVER === "postgres";
const adminUrl = process.env.TEST_DATABASE_URL;
const made: string[] = [];
const tmp = (prefix: string) => mkdtempSync(path.join(os.tmpdir(), prefix));
const sha = (b: Uint8Array) => createHash("sha256").update(b).digest("hex");

async function query<T>(url: string, sql: string, params: unknown[] = []): Promise<T[]> {
  const { default: pg } = await import("pg");
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query(sql, params)).rows as T[];
  } finally {
    await c.end();
  }
}

async function emptyPostgres(): Promise<string> {
  const name = `uploads_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  await query(adminUrl!, `create database ${name}`);
  made.push(name);
  const url = new URL(adminUrl!);
  url.pathname = `/${name}`;
  return url.toString();
}

afterAll(async () => {
  for (const name of made) await query(adminUrl!, `drop database if exists ${name} with (force)`);
});

describe.runIf(onPostgres)("backups of uploaded files kept in PostgreSQL", () => {
  const files: Record<string, Buffer> = {
    "img-base/480.webp": Buffer.from("image gardée dans la base"),
    "pdf-base/document.pdf": Buffer.alloc(700_000, 7),
    "img-dossier/960.webp": Buffer.from("image encore dans le dossier"),
    "img-deux/960.webp": Buffer.from("image copiée, pas encore effacée du dossier"),
  };
  let archive = "";

  it("holds every file once, wherever it is kept, and never the files' tables nor the shared secret as rows", async () => {
    const e = env();
    setEnvForTests({
      NODE_ENV: "test",
      DATA_DIR: e.DATA_DIR,
      BASE_URL: e.BASE_URL,
      SMTP_URL: "",
      DATABASE_URL: "",
      LOG_LEVEL: "error",
      BACKUP_DIR: tmp("sauvegardes-"),
    });
    await chooseUploadsPlace("postgres", { process: "Test" });
    for (const key of ["img-base/480.webp", "pdf-base/document.pdf", "img-deux/960.webp"])
      await storage().put(key, files[key]!);
    for (const key of ["img-dossier/960.webp", "img-deux/960.webp"]) {
      const file = path.join(storagePlaces().root, key);
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, files[key]!);
    }
    await db.insert(instanceSecrets).values({ name: "better-auth", value: "secret-que-la-sauvegarde-ne-garde-pas" });

    const info = await createBackup({ reason: "commande" });
    expect(info.verification).toMatchObject({ ok: true });
    expect(info.files).toBe(4);
    archive = info.file;
    const seen: string[] = [];
    const tables = new Set<string>();
    for await (const record of readArchive(archive)) {
      if (record.kind === "file") {
        seen.push(record.path);
        expect(record.sha256).toBe(sha(files[record.path]!));
      }
      if (record.kind === "rows") {
        tables.add(record.table);
        expect(record.rows.join("\n")).not.toContain("secret-que-la-sauvegarde-ne-garde-pas");
      }
      if (record.kind === "manifest")
        for (const t of ["stored_files", "stored_file_chunks", "instance_secrets"])
          expect(record.tables).not.toHaveProperty(t);
    }
    expect(seen.sort()).toEqual(Object.keys(files).sort());
    expect(tables.has("settings")).toBe(true);
  });

  it("restores the files into PostgreSQL as its setting says, in the same transaction as the rows", async () => {
    const target = { dataDir: tmp("restauration-pg-"), databaseUrl: await emptyPostgres() };
    await restoreArchive({ archive, ...target });
    const rows = await query<{ key: string; size: number; sha256: string }>(
      target.databaseUrl,
      "select key, size, sha256 from stored_files order by key",
    );
    expect(rows.map((r) => r.key)).toEqual(Object.keys(files).sort());
    for (const r of rows) expect(r.sha256).toBe(sha(files[r.key]!));
    const [pieces] = await query<{ n: string }>(
      target.databaseUrl,
      "select count(*) as n from stored_file_chunks where key = 'pdf-base/document.pdf'",
    );
    expect(Number(pieces?.n)).toBe(2);
    expect(await query(target.databaseUrl, "select * from instance_secrets")).toEqual([]);
    const [place] = await query<{ place: string }>(
      target.databaseUrl,
      "select value #>> '{}' as place from settings where key = 'uploadsStorage'",
    );
    expect(place?.place).toBe("postgres");
  });

  it("restores the files into the data folder of an embedded database, whose setting then says so", async () => {
    const target = { dataDir: tmp("restauration-embarquee-") };
    await restoreArchive({ archive, ...target });
    for (const [key, bytes] of Object.entries(files))
      expect(sha(readFileSync(path.join(target.dataDir, "uploads", key)))).toBe(sha(bytes));
    const { PGlite } = await import("@electric-sql/pglite");
    const restored = await PGlite.create(path.join(target.dataDir, "pglite"));
    try {
      const { rows } = await restored.query<{ place: string; n: number }>(
        "select (select value #>> '{}' from settings where key = 'uploadsStorage') as place, (select count(*)::int from stored_files) as n",
      );
      expect(rows[0]).toEqual({ place: "dossier", n: 0 });
    } finally {
      await restored.close();
    }
  });
});

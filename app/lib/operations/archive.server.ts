/**
 * The backup archive: one file, the same format for PGlite and PostgreSQL.
 *
 * Layout: gzip of JSON lines, one record per line —
 *   {"kind":"header", format, formatVersion, app, appVersion, createdAt, driver, migrations}
 *   {"kind":"rows", table, rows: [<row_to_json text of each row>…]}   (by batches, tables in
 *                                                                    foreign-key order)
 *   {"kind":"file", path, size, sha256, data: <base64>}              (uploaded files)
 *   {"kind":"manifest", tables: {name: count}, files: {path: {size, sha256}}, dataSha256}
 * The manifest comes last and carries the SHA-256 of every line before it, so a
 * truncated or altered archive is detected before anything is restored.
 *
 * With a passphrase (BACKUP_PASSPHRASE), the gzip stream is encrypted with
 * AES-256-GCM: "CLUBENC1" ‖ salt (16) ‖ IV (12) ‖ ciphertext ‖ tag (16); the key
 * is scrypt(passphrase, salt). A wrong passphrase fails the tag check.
 *
 * Rules: never hold a whole archive in memory (records are streamed); every
 * refusal is a `BackupError` with a French message.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes, scryptSync, type CipherGCM } from "node:crypto";
import {
  closeSync,
  createReadStream,
  createWriteStream,
  openSync,
  readSync,
  statSync,
  type WriteStream,
} from "node:fs";
import { once } from "node:events";
import readline from "node:readline";
import type { Readable, Transform } from "node:stream";
import { createGunzip, createGzip } from "node:zlib";

export const ARCHIVE_FORMAT = "vovinam-club-sauvegarde";
export const ARCHIVE_FORMAT_VERSION = 1;
export const APP_NAME = "vovinam-club";
const MAGIC = Buffer.from("CLUBENC1");
const GZIP_MAGIC = Buffer.from([0x1f, 0x8b]);

export class BackupError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "BackupError";
  }
}

export interface ArchiveHeader {
  kind: "header";
  format: string;
  formatVersion: number;
  app: string;
  appVersion: string;
  createdAt: string;
  driver: "pglite" | "postgres";
  /** Applied migrations, oldest first (drizzle's hash and folder time). */
  migrations: Array<{ hash: string; createdAt: number }>;
}

export interface ArchiveManifest {
  kind: "manifest";
  tables: Record<string, number>;
  files: Record<string, { size: number; sha256: string }>;
  dataSha256: string;
}

export type ArchiveRecord =
  | ArchiveHeader
  | { kind: "rows"; table: string; rows: string[] }
  | { kind: "file"; path: string; size: number; sha256: string; data: string }
  | ArchiveManifest;

function keyFor(passphrase: string, salt: Buffer): Buffer {
  return scryptSync(passphrase.normalize("NFC"), salt, 32, { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 });
}

/** Writes an archive record by record; `finish()` writes the manifest and closes the file. */
export class ArchiveWriter {
  private readonly gzip = createGzip({ level: 6 });
  private readonly out: WriteStream;
  private readonly hash = createHash("sha256");
  private cipher: CipherGCM | null = null;
  private readonly done: Promise<void>;
  readonly tables: Record<string, number> = {};
  readonly files: Record<string, { size: number; sha256: string }> = {};

  constructor(file: string, passphrase?: string) {
    this.out = createWriteStream(file, { flags: "wx", mode: 0o600 });
    let source: Transform = this.gzip;
    if (passphrase) {
      const salt = randomBytes(16);
      const iv = randomBytes(12);
      this.out.write(Buffer.concat([MAGIC, salt, iv]));
      this.cipher = createCipheriv("aes-256-gcm", keyFor(passphrase, salt), iv);
      source = this.gzip.pipe(this.cipher);
    }
    source.pipe(this.out, { end: false });
    this.done = new Promise<void>((resolve, reject) => {
      source.on("end", resolve);
      source.on("error", reject);
      this.gzip.on("error", reject);
      this.out.on("error", reject);
    });
    // A write error (a full disk: ENOSPC) stops the pipe: `write` must not wait for a
    // "drain" that never comes, and the failure is the caller's, never an unhandled rejection.
    this.done.catch(() => undefined);
  }

  async write(record: Exclude<ArchiveRecord, ArchiveManifest>): Promise<void> {
    if (record.kind === "rows") this.tables[record.table] = (this.tables[record.table] ?? 0) + record.rows.length;
    if (record.kind === "file") this.files[record.path] = { size: record.size, sha256: record.sha256 };
    const line = JSON.stringify(record) + "\n";
    this.hash.update(line);
    if (!this.gzip.write(line)) await Promise.race([once(this.gzip, "drain"), this.done]);
  }

  /** Declares a table (so an empty table still appears in the manifest). */
  table(name: string) {
    this.tables[name] ??= 0;
  }

  async finish(): Promise<ArchiveManifest> {
    const manifest: ArchiveManifest = {
      kind: "manifest",
      tables: this.tables,
      files: this.files,
      dataSha256: this.hash.digest("hex"),
    };
    this.gzip.end(JSON.stringify(manifest) + "\n");
    await this.done;
    if (this.cipher) this.out.write(this.cipher.getAuthTag());
    this.out.end();
    await once(this.out, "finish");
    return manifest;
  }

  /** Stops writing after a failure (the caller deletes the partial file). */
  abort() {
    this.gzip.destroy();
    this.out.destroy();
  }
}

function plainStream(file: string, passphrase: string | undefined): Readable {
  const size = statSync(file).size;
  const fd = openSync(file, "r");
  const head = Buffer.alloc(MAGIC.length + 28);
  const read = readSync(fd, head, 0, head.length, 0);
  if (read >= MAGIC.length && head.subarray(0, MAGIC.length).equals(MAGIC)) {
    if (!passphrase) {
      closeSync(fd);
      throw new BackupError("Cette sauvegarde est chiffrée : indiquez sa phrase secrète (variable BACKUP_PASSPHRASE).");
    }
    if (size < head.length + 16) {
      closeSync(fd);
      throw new BackupError("La sauvegarde est tronquée (fichier incomplet).");
    }
    const tag = Buffer.alloc(16);
    readSync(fd, tag, 0, 16, size - 16);
    closeSync(fd);
    const salt = head.subarray(MAGIC.length, MAGIC.length + 16);
    const iv = head.subarray(MAGIC.length + 16, MAGIC.length + 28);
    const decipher = createDecipheriv("aes-256-gcm", keyFor(passphrase, salt), iv);
    decipher.setAuthTag(tag);
    return createReadStream(file, { start: head.length, end: size - 17 }).pipe(decipher);
  }
  closeSync(fd);
  if (read < 2 || !head.subarray(0, 2).equals(GZIP_MAGIC)) {
    throw new BackupError("Ce fichier n'est pas une sauvegarde du site (format inconnu).");
  }
  return createReadStream(file);
}

function translate(err: unknown): BackupError {
  if (err instanceof BackupError) return err;
  const message = err instanceof Error ? err.message : String(err);
  if (/unsupported state or unable to authenticate data/i.test(message))
    return new BackupError("Phrase secrète incorrecte, ou sauvegarde chiffrée altérée.", { cause: err });
  if (/unexpected end of file/i.test(message))
    return new BackupError("La sauvegarde est tronquée (fichier incomplet).", { cause: err });
  return new BackupError(`La sauvegarde est illisible ou altérée (${message}).`, { cause: err });
}

/**
 * Reads every record of an archive, in order. The manifest (last record) is
 * checked against what was read: a missing, altered or truncated archive throws.
 */
export async function* readArchive(file: string, passphrase?: string): AsyncGenerator<ArchiveRecord> {
  let input: Readable;
  try {
    input = plainStream(file, passphrase);
  } catch (err) {
    throw translate(err);
  }
  const gunzip = createGunzip();
  const errors: unknown[] = [];
  input.on("error", (err) => {
    errors.push(err);
    gunzip.destroy(err);
  });
  // Also once the reading stopped early (a refused record): no unhandled stream error.
  gunzip.on("error", (err) => errors.push(err));
  const lines = readline.createInterface({ input: input.pipe(gunzip), crlfDelay: Infinity });
  const hash = createHash("sha256");
  let first = true;
  let manifest: ArchiveManifest | null = null;
  const tables: Record<string, number> = {};
  const files = new Set<string>();
  try {
    for await (const line of lines) {
      if (manifest) throw new BackupError("La sauvegarde contient des données après son manifeste : elle est altérée.");
      let record: ArchiveRecord;
      try {
        record = JSON.parse(line) as ArchiveRecord;
      } catch {
        throw new BackupError("La sauvegarde est altérée (ligne illisible).");
      }
      if (first) {
        first = false;
        const h = record as ArchiveHeader;
        if (h.kind !== "header" || h.format !== ARCHIVE_FORMAT)
          throw new BackupError("Ce fichier n'est pas une sauvegarde du site (en-tête inconnu).");
        if (h.app !== APP_NAME) throw new BackupError(`Cette sauvegarde vient d'une autre application (« ${h.app} »).`);
        if (h.formatVersion > ARCHIVE_FORMAT_VERSION)
          throw new BackupError(
            "Cette sauvegarde a été faite par une version plus récente du site : mettez d'abord le site à jour.",
          );
      }
      if (record.kind === "manifest") {
        manifest = record;
        continue;
      }
      hash.update(line + "\n");
      if (record.kind === "rows") tables[record.table] = (tables[record.table] ?? 0) + record.rows.length;
      if (record.kind === "file") {
        const data = Buffer.from(record.data, "base64");
        if (data.length !== record.size || createHash("sha256").update(data).digest("hex") !== record.sha256)
          throw new BackupError(
            `Le fichier ${record.path} de la sauvegarde est altéré (somme de contrôle différente).`,
          );
        files.add(record.path);
      }
      yield record;
    }
  } catch (err) {
    throw translate(errors[0] ?? err);
  } finally {
    lines.close();
    input.destroy();
    gunzip.destroy();
  }
  if (errors.length) throw translate(errors[0]);
  if (first) throw new BackupError("La sauvegarde est vide ou tronquée.");
  if (!manifest) throw new BackupError("La sauvegarde est tronquée : son manifeste manque.");
  if (manifest.dataSha256 !== hash.digest("hex"))
    throw new BackupError("La sauvegarde est altérée : sa somme de contrôle ne correspond pas.");
  for (const [table, count] of Object.entries(manifest.tables)) {
    if ((tables[table] ?? 0) !== count)
      throw new BackupError(
        `La sauvegarde est incohérente : ${count} lignes annoncées pour ${table}, ${tables[table] ?? 0} lues.`,
      );
  }
  for (const path of Object.keys(manifest.files)) {
    if (!files.has(path)) throw new BackupError(`La sauvegarde est incohérente : le fichier ${path} manque.`);
  }
  yield manifest;
}

/** Reads the whole archive once to check it; returns its header and manifest. */
export async function checkArchive(
  file: string,
  passphrase?: string,
): Promise<{ header: ArchiveHeader; manifest: ArchiveManifest }> {
  let header: ArchiveHeader | null = null;
  let manifest: ArchiveManifest | null = null;
  for await (const record of readArchive(file, passphrase)) {
    if (record.kind === "header") header = record;
    if (record.kind === "manifest") manifest = record;
  }
  if (!header || !manifest) throw new BackupError("La sauvegarde est incomplète.");
  return { header, manifest };
}

/**
 * File storage behind one small interface, with two places to keep files:
 *  - a folder on disk, `${DATA_DIR}/uploads` (the default);
 *  - PostgreSQL (stored-files.server.ts), for several machines behind one
 *    load balancer on one database: every machine reads what another wrote.
 * Routes and the uploads module only ever call `storage()`.
 *
 * Rules:
 *  - Keys are relative paths made of lower-case letters, digits, dots, dashes
 *    and underscores, separated by "/" (for example "img-3f2a…/960.webp"); the
 *    same key names a file in either place.
 *  - Where new files go is the setting `uploadsStorage` (one value in the
 *    database, so every machine agrees), read by `uploadsPlace()`; with the
 *    embedded database it is always the data folder (one process, one machine).
 *  - A file is read where the setting says, else in the other place: files not
 *    moved yet (`npm run fichiers`, move-uploads.server.ts) stay readable, and a
 *    move interrupted midway loses nothing. A deletion deletes in both places.
 *  - A file is served as a stream (`open`): one piece in memory at a time,
 *    whatever its size; `get` (whole file) is bounded by the upload limits
 *    (upload-limits.ts) and kept for small files (portraits).
 */
import { createReadStream } from "node:fs";
import { mkdir, readdir, readFile, rm, stat, writeFile, rename } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { randomBytes } from "node:crypto";
import { databaseDriver } from "../core/db.server";
import { env } from "../core/env.server";
import { getSetting } from "../club/settings.server";
import { PostgresStorage } from "./stored-files.server";
import type { UploadsPlace } from "../operations/uploads-place";
import { assertKey, isValidKey, type StorageBackend, type StoredObject, type StoredStream } from "./storage-backend";

export { isValidKey, type StorageBackend, type StoredObject, type StoredStream };

/** A file being written (`put`: written beside, then renamed). */
const TEMPORARY = /\.[0-9a-f]{12}\.tmp$/;

/** Local folder backend. */
export class FileSystemStorage implements StorageBackend {
  constructor(readonly root: string) {}

  private fullPath(key: string): string {
    assertKey(key);
    const full = path.resolve(this.root, key);
    if (!full.startsWith(path.resolve(this.root) + path.sep)) throw new Error("storage key escapes the root");
    return full;
  }

  async put(key: string, body: Uint8Array): Promise<void> {
    const full = this.fullPath(key);
    await mkdir(path.dirname(full), { recursive: true });
    // Write then rename: a reader never sees a half-written file.
    const tmp = `${full}.${randomBytes(6).toString("hex")}.tmp`;
    await writeFile(tmp, body);
    await rename(tmp, full);
  }

  private async size(key: string): Promise<number | null> {
    if (!isValidKey(key)) return null;
    try {
      const info = await stat(this.fullPath(key));
      return info.isFile() ? info.size : null;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === "ENOENT" || (err as NodeJS.ErrnoException).code === "ENOTDIR")
        return null;
      throw err;
    }
  }

  async get(key: string): Promise<StoredObject | null> {
    const size = await this.size(key);
    if (size === null) return null;
    try {
      return { body: await readFile(this.fullPath(key)), size };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === "ENOENT") return null;
      throw err;
    }
  }

  async open(key: string): Promise<StoredStream | null> {
    const size = await this.size(key);
    if (size === null) return null;
    const stream = createReadStream(this.fullPath(key), { highWaterMark: 256 * 1024 });
    return { size, body: Readable.toWeb(stream) as ReadableStream<Uint8Array> };
  }

  async delete(key: string): Promise<void> {
    await rm(this.fullPath(key), { force: true });
  }

  async deletePrefix(prefix: string): Promise<void> {
    await rm(this.fullPath(prefix), { force: true, recursive: true });
  }

  async keys(): Promise<string[]> {
    let entries;
    try {
      entries = await readdir(this.root, { recursive: true, withFileTypes: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === "ENOENT") return [];
      throw err;
    }
    return entries
      .filter((e) => e.isFile())
      .map((e) => path.relative(this.root, path.join(e.parentPath, e.name)).split(path.sep).join("/"))
      .filter((key) => isValidKey(key) && !TEMPORARY.test(key))
      .sort();
  }
}

/** Where new files go: the setting on PostgreSQL; always the data folder with the embedded database. */
export async function uploadsPlace(): Promise<UploadsPlace> {
  if (databaseDriver() !== "postgres") return "dossier";
  return getSetting("uploadsStorage");
}

/** The place the setting names, then the other one (reads look in both, in this order). */
class SelectedStorage implements StorageBackend {
  constructor(
    private readonly folder: FileSystemStorage,
    private readonly database: PostgresStorage,
  ) {}

  private async order(): Promise<[StorageBackend, StorageBackend]> {
    return (await uploadsPlace()) === "postgres" ? [this.database, this.folder] : [this.folder, this.database];
  }

  async put(key: string, body: Uint8Array): Promise<void> {
    const [first] = await this.order();
    await first.put(key, body);
  }

  async get(key: string): Promise<StoredObject | null> {
    for (const place of await this.order()) {
      const found = await place.get(key);
      if (found) return found;
    }
    return null;
  }

  async open(key: string): Promise<StoredStream | null> {
    for (const place of await this.order()) {
      const found = await place.open(key);
      if (found) return found;
    }
    return null;
  }

  async delete(key: string): Promise<void> {
    await this.database.delete(key);
    await this.folder.delete(key);
  }

  async deletePrefix(prefix: string): Promise<void> {
    await this.database.deletePrefix(prefix);
    await this.folder.deletePrefix(prefix);
  }

  /** Every key of both places, each once. */
  async keys(): Promise<string[]> {
    const all = new Set([...(await this.database.keys()), ...(await this.folder.keys())]);
    return [...all].sort();
  }
}

interface Places {
  root: string;
  folder: FileSystemStorage;
  database: PostgresStorage;
  selected: SelectedStorage;
}

let places: Places | null = null;

/** Both places, by name (moving files between them, backing them up). */
export function storagePlaces(): Places {
  const root = path.join(env().DATA_DIR, "uploads");
  // Re-created when DATA_DIR changes (tests switch it per file).
  if (!places || places.root !== root) {
    const folder = new FileSystemStorage(root);
    const database = new PostgresStorage();
    places = { root, folder, database, selected: new SelectedStorage(folder, database) };
  }
  return places;
}

/** The storage of this process: writes where the setting says, reads in both places. */
export function storage(): StorageBackend {
  return storagePlaces().selected;
}

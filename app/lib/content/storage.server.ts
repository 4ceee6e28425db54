/**
 * File storage behind one small interface. Today: a folder on disk,
 * `${DATA_DIR}/uploads`. An S3-compatible backend can later implement the
 * same `StorageBackend` and be selected in `storage()` without touching
 * routes or the uploads module.
 *
 * Keys are relative paths made of lower-case letters, digits, dots, dashes
 * and underscores, separated by "/" (for example "img-3f2a…/960.webp").
 */
import { mkdir, readFile, rm, stat, writeFile, rename } from "node:fs/promises";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { env } from "../core/env.server";

export interface StoredObject {
  body: Buffer;
  size: number;
}

export interface StorageBackend {
  /** Writes (or replaces) the object at `key`. */
  put(key: string, body: Uint8Array, contentType?: string): Promise<void>;
  /** The object at `key`, or null when missing. */
  get(key: string): Promise<StoredObject | null>;
  /** Deletes the object at `key` (no error when missing). */
  delete(key: string): Promise<void>;
  /** Deletes every object whose key starts with `prefix + "/"`. */
  deletePrefix(prefix: string): Promise<void>;
}

const KEY_PATTERN = /^[a-z0-9][a-z0-9._-]*(\/[a-z0-9][a-z0-9._-]*)*$/;

/** True for a key that is safe everywhere (no "..", no absolute path, no odd characters). */
export function isValidKey(key: string): boolean {
  return key.length <= 200 && KEY_PATTERN.test(key) && !key.split("/").some((part) => part === "." || part === "..");
}

function assertKey(key: string): void {
  if (!isValidKey(key)) throw new Error(`invalid storage key: ${JSON.stringify(key)}`);
}

/** Local folder backend (default). */
export class FileSystemStorage implements StorageBackend {
  constructor(private readonly root: string) {}

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

  async get(key: string): Promise<StoredObject | null> {
    if (!isValidKey(key)) return null;
    const full = this.fullPath(key);
    try {
      const info = await stat(full);
      if (!info.isFile()) return null;
      const body = await readFile(full);
      return { body, size: info.size };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === "ENOENT") return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.fullPath(key), { force: true });
  }

  async deletePrefix(prefix: string): Promise<void> {
    await rm(this.fullPath(prefix), { force: true, recursive: true });
  }
}

let backend: StorageBackend | null = null;
let backendRoot: string | null = null;

/** The storage backend of this process. */
export function storage(): StorageBackend {
  const root = path.join(env().DATA_DIR, "uploads");
  // Re-created when DATA_DIR changes (tests switch it per file).
  if (!backend || backendRoot !== root) {
    backend = new FileSystemStorage(root);
    backendRoot = root;
  }
  return backend;
}

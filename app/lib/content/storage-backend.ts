/**
 * What a place that keeps uploaded files offers (storage.server.ts: the data
 * folder; stored-files.server.ts: PostgreSQL), and the keys they share.
 *
 * Rules: keys are relative paths of lower-case letters, digits, dots, dashes
 * and underscores, separated by "/", at most 200 characters, never "." or
 * ".."; the same key names a file in either place.
 */
const KEY_PATTERN = /^[a-z0-9][a-z0-9._-]*(\/[a-z0-9][a-z0-9._-]*)*$/;

/** True for a key that is safe everywhere (no "..", no absolute path, no odd characters). */
export function isValidKey(key: string): boolean {
  return key.length <= 200 && KEY_PATTERN.test(key) && !key.split("/").some((part) => part === "." || part === "..");
}

export function assertKey(key: string): void {
  if (!isValidKey(key)) throw new Error(`invalid storage key: ${JSON.stringify(key)}`);
}

export interface StoredObject {
  body: Buffer;
  size: number;
}

/** A file to send: its size, and its bytes as a stream read piece by piece. */
export interface StoredStream {
  size: number;
  body: ReadableStream<Uint8Array>;
}

export interface StorageBackend {
  /** Writes (or replaces) the object at `key`. */
  put(key: string, body: Uint8Array, contentType?: string): Promise<void>;
  /** The object at `key`, or null when missing. */
  get(key: string): Promise<StoredObject | null>;
  /** The object at `key` as a stream, or null when missing. */
  open(key: string): Promise<StoredStream | null>;
  /** Deletes the object at `key` (no error when missing). */
  delete(key: string): Promise<void>;
  /** Deletes every object whose key starts with `prefix + "/"`. */
  deletePrefix(prefix: string): Promise<void>;
  /** Every key, in a stable order. */
  keys(): Promise<string[]>;
}

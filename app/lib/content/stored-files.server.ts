/**
 * The PostgreSQL place of uploaded files (tables `stored_files` and
 * `stored_file_chunks`, db/schema/stored-files.ts), one of the two places of
 * storage.server.ts.
 *
 * Rules:
 *  - A file is written in one transaction (a savepoint inside the caller's):
 *    its row, with size and SHA-256, and its pieces of at most 512 KiB; a reader
 *    sees the whole file or nothing.
 *  - Read one piece per query: a stream holds one piece in memory, whatever the
 *    file's size; no connection is held between two pieces.
 *  - A file whose pieces do not add up to its size is an error, never served
 *    short.
 */
import { createHash } from "node:crypto";
import { and, asc, count, eq, sql, sum } from "drizzle-orm";
import { storedFileChunks, storedFiles } from "#db/schema";
import { db } from "../core/db.server";
import { assertKey, isValidKey, type StorageBackend, type StoredObject, type StoredStream } from "./storage-backend";

/** Size of a piece: a few of them in flight stay far below the memory of a small server. */
export const PIECE_BYTES = 512 * 1024;

function pieceCount(size: number): number {
  return Math.ceil(size / PIECE_BYTES);
}

async function piece(key: string, position: number): Promise<Buffer> {
  const [row] = await db
    .select({ data: storedFileChunks.data })
    .from(storedFileChunks)
    .where(and(eq(storedFileChunks.key, key), eq(storedFileChunks.position, position)));
  if (!row) throw new Error(`stored file ${key} lacks its piece ${position}`);
  return row.data;
}

/** Files kept in PostgreSQL. */
export class PostgresStorage implements StorageBackend {
  async put(key: string, body: Uint8Array): Promise<void> {
    assertKey(key);
    const bytes = Buffer.from(body.buffer, body.byteOffset, body.byteLength);
    const sha256 = createHash("sha256").update(bytes).digest("hex");
    await db.transaction(async () => {
      await db.delete(storedFiles).where(eq(storedFiles.key, key));
      await db.insert(storedFiles).values({ key, size: bytes.length, sha256 });
      for (let position = 0; position < pieceCount(bytes.length); position++) {
        const data = bytes.subarray(position * PIECE_BYTES, (position + 1) * PIECE_BYTES);
        await db.insert(storedFileChunks).values({ key, position, data });
      }
    });
  }

  /** Size and SHA-256 recorded when the file was written, or null. */
  async describe(key: string): Promise<{ size: number; sha256: string } | null> {
    if (!isValidKey(key)) return null;
    const [row] = await db
      .select({ size: storedFiles.size, sha256: storedFiles.sha256 })
      .from(storedFiles)
      .where(eq(storedFiles.key, key));
    return row ?? null;
  }

  async get(key: string): Promise<StoredObject | null> {
    const file = await this.describe(key);
    if (!file) return null;
    const pieces: Buffer[] = [];
    for (let position = 0; position < pieceCount(file.size); position++) pieces.push(await piece(key, position));
    const body = Buffer.concat(pieces);
    if (body.length !== file.size) throw new Error(`stored file ${key} has ${body.length} bytes, not ${file.size}`);
    return { body, size: file.size };
  }

  async open(key: string): Promise<StoredStream | null> {
    const file = await this.describe(key);
    if (!file) return null;
    const total = pieceCount(file.size);
    let position = 0;
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        if (position >= total) return controller.close();
        try {
          controller.enqueue(new Uint8Array(await piece(key, position++)));
        } catch (err) {
          controller.error(err);
        }
      },
    });
    return { size: file.size, body };
  }

  async delete(key: string): Promise<void> {
    assertKey(key);
    await db.delete(storedFiles).where(eq(storedFiles.key, key));
  }

  async deletePrefix(prefix: string): Promise<void> {
    assertKey(prefix);
    await db.delete(storedFiles).where(sql`starts_with(${storedFiles.key}, ${`${prefix}/`})`);
  }

  async keys(): Promise<string[]> {
    const rows = await db.select({ key: storedFiles.key }).from(storedFiles).orderBy(asc(storedFiles.key));
    return rows.map((r) => r.key);
  }

  /** How many files and bytes are kept here. */
  async totals(): Promise<{ files: number; bytes: number }> {
    const [row] = await db.select({ files: count(), bytes: sum(storedFiles.size) }).from(storedFiles);
    return { files: Number(row?.files ?? 0), bytes: Number(row?.bytes ?? 0) };
  }
}

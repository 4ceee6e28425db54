/**
 * An HTML page reaches gzip in a few large writes, not dozens of small ones.
 *
 * React writes a page in chunks of about 2 KB, and React Router's adapter passes each one to the
 * response: through `compression()` every write is a separate trip to zlib's thread pool. For a
 * 52 KB page that cost 1.1 ms of CPU against 0.5 ms for one write of the whole page (measured,
 * scripts in the note), and 2.5 times that for the calendar's 240 KB.
 *
 * Rules: placed after `compression()`. Only `text/html` answers are gathered, in blocks of up to
 * BLOCK_BYTES (a larger page still goes out block by block, with the stream's backpressure);
 * the last block is given with `end()`. Anything else (files, JSON, data requests) and any write
 * with a callback pass through untouched. The pages stream nothing late (no Suspense; the single
 * flush of server/index.ts), so gathering changes no page.
 */
import type { RequestHandler } from "express";

const BLOCK_BYTES = 64 * 1024;

type Chunk = string | Uint8Array;

/** Pages gathered, then compressed by `compression` in libuv's pool. */
export const coalesceWrites: RequestHandler = (_req, res, next) => {
  const write = res.write.bind(res) as (chunk: Chunk, encoding?: BufferEncoding) => boolean;
  const end = res.end.bind(res) as (chunk?: Chunk, encoding?: BufferEncoding) => typeof res;
  let parts: Buffer[] = [];
  let size = 0;
  let html: boolean | undefined;
  const gathering = () => (html ??= /^text\/html/i.test(String(res.getHeader("content-type") ?? "")));
  const take = (): Buffer => {
    const block = parts.length === 1 ? (parts[0] as Buffer) : Buffer.concat(parts, size);
    parts = [];
    size = 0;
    return block;
  };
  res.write = function (chunk: Chunk, encoding?: unknown, callback?: unknown) {
    if (!gathering() || typeof encoding === "function" || callback !== undefined || chunk == null) {
      if (size > 0) {
        write(take());
      }
      return (write as (...a: unknown[]) => boolean)(chunk, encoding, callback);
    }
    const buffer =
      typeof chunk === "string"
        ? Buffer.from(chunk, encoding as BufferEncoding | undefined)
        : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    parts.push(buffer);
    size += buffer.length;
    if (size < BLOCK_BYTES) return true;
    return write(take());
  } as typeof res.write;
  res.end = function (chunk?: unknown, encoding?: unknown, callback?: unknown) {
    if (size > 0) {
      if (chunk != null && typeof chunk !== "function") res.write(chunk, encoding as BufferEncoding);
      const cb = [chunk, encoding, callback].find((a) => typeof a === "function");
      const last = take();
      return cb ? (end as (...a: unknown[]) => typeof res)(last, cb) : end(last);
    }
    return (end as (...a: unknown[]) => typeof res)(chunk, encoding, callback);
  } as typeof res.end;
  next();
};

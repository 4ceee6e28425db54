/**
 * gzip for the answers (issue 12, decision 0064): two levels, one per kind of answer.
 *
 * Rules:
 * - Pages and data (written anew for each request): level 3. Measured on this project's pages,
 *   level 3 takes half the CPU of zlib's default 6 (home, 42 KB: 0.57 against 1.05 ms) for 9 %
 *   more bytes (9.3 against 8.5 KB). A server process then used 1.22 cores instead of 1.35 for
 *   the same requests/s (the pool threads do the deflate), which is what a second process on
 *   two cores needs. nginx compresses dynamic answers at level 1 by default.
 * - The build's hashed files (`/assets/…`, immutable, fetched once per browser and release):
 *   level 9, the level at which the JavaScript budget is measured (scripts/page-javascript.ts),
 *   so what a browser receives is what the budget counts.
 * - What `compression` does not compress (small answers, no `accept-encoding`, already
 *   compressed types) is left as it is.
 * - Where the deflate runs (decision 0069): `compression` hands it to libuv's thread pool, which
 *   spares the request thread but costs about twice the CPU of the same deflate done in the
 *   request thread (home, 42 KB: 0.28 against 0.11–0.15 ms; the pool thread works on memory the
 *   request thread just wrote, from another core). One process with spare cores gains from the
 *   pool; several processes on as many cores (WORKERS=2 on two cores) only lose. So a cluster
 *   worker encodes a page that ends in one block in its own thread (`encodeInThread`, called by
 *   coalesce-writes.ts): the same choice of encoding as `compression` and the same levels;
 *   anything it does not handle goes to `compression` as before.
 */
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import compression from "compression";
import type { Request, RequestHandler, Response } from "express";

export const PAGE_GZIP_LEVEL = 3;
export const ASSET_GZIP_LEVEL = 9;

const pages = compression({ level: PAGE_GZIP_LEVEL });
const assets = compression({ level: ASSET_GZIP_LEVEL });

export const compress: RequestHandler = (req, res, next) =>
  (req.path.startsWith("/assets/") ? assets : pages)(req, res, next);

/** The smallest answer compressed (`compression`'s default threshold). */
const THRESHOLD_BYTES = 1024;
/** `compression`'s own brotli quality. */
const BROTLI_QUALITY = 4;

/**
 * The encoding `compression` would choose, for the plain headers browsers send ("gzip, deflate,
 * br, zstd": br, then gzip, its preferred order). A header with weights (`q=`) or a wildcard gives
 * null: `compression` negotiates it itself.
 */
export function plainEncoding(header: string | undefined): "br" | "gzip" | null {
  if (!header || /[;*]/.test(header)) return null;
  const names = header.split(",").map((n) => n.trim().toLowerCase());
  if (names.includes("br")) return "br";
  if (names.includes("gzip")) return "gzip";
  return null;
}

/**
 * A whole page encoded in the request thread (see the rules above), its headers set so that
 * `compression` leaves it as it is; or the body unchanged when `compression` should decide
 * (a HEAD, a small or already encoded answer, `no-transform`, a header with weights).
 */
export function encodeInThread(req: Request, res: Response, body: Buffer): Buffer {
  if (res.headersSent || req.method === "HEAD" || body.length < THRESHOLD_BYTES) return body;
  if (res.getHeader("Content-Encoding") !== undefined) return body;
  if (/(?:^|,)\s*no-transform\s*(?:,|$)/i.test(String(res.getHeader("Cache-Control") ?? ""))) return body;
  const encoding = plainEncoding(req.headers["accept-encoding"]);
  if (!encoding) return body;
  const encoded =
    encoding === "br"
      ? brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } })
      : gzipSync(body, { level: PAGE_GZIP_LEVEL });
  res.vary("Accept-Encoding");
  res.setHeader("Content-Encoding", encoding);
  res.setHeader("Content-Length", encoded.length);
  return encoded;
}

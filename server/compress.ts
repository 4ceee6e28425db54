/**
 * gzip for the answers: two levels, one per kind of answer, by `compression` (which negotiates
 * the encoding and runs the deflate in libuv's thread pool).
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
 */
import compression from "compression";
import type { RequestHandler } from "express";

export const PAGE_GZIP_LEVEL = 3;
export const ASSET_GZIP_LEVEL = 9;

const pages = compression({ level: PAGE_GZIP_LEVEL });
const assets = compression({ level: ASSET_GZIP_LEVEL });

export const compress: RequestHandler = (req, res, next) =>
  (req.path.startsWith("/assets/") ? assets : pages)(req, res, next);

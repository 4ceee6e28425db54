/**
 * Micro-cache of the HTML pages served to anonymous visitors.
 *
 * Rendering the home page costs ~10 ms of CPU and one process owns the
 * embedded database, so every signed-out GET of a page is answered from
 * memory for a short time (PAGE_CACHE_SECONDS, default 30; 0 disables).
 * - Only GET requests without a session cookie, outside the member area and
 *   the APIs, answered 200 in text/html without Set-Cookie, are stored.
 * - The CSP nonce of the stored page is replaced by this response's nonce.
 * - Every state-changing request (POST, PUT, PATCH, DELETE) empties the
 *   cache when it starts and again when it ends: an edit is visible at once.
 *   `announce` (the change bus, app/lib/core/change-bus.server.ts) tells the
 *   other server processes, which call `invalidate()`; the answer to the
 *   state-changing request is held until they were told. A render that
 *   started before an invalidation is not stored.
 * - At most `maxEntries` pages (500 by default); when full, the least
 *   recently used goes (app/lib/core/lru.ts, the eviction rule of every cache).
 * - Concurrent misses of one page are coalesced: the first renders it, the
 *   others wait for that render and are answered from the stored copy (or
 *   render themselves when it could not be stored). An expired popular page
 *   is rendered once, not once per waiting visitor.
 */
import type { NextFunction, Request, Response } from "express";
import { LruMap } from "../app/lib/core/lru";
import { nonceOf } from "./csp";

interface Entry {
  body: Buffer;
  nonce: string;
  contentType: string;
  expires: number;
}

const SESSION_COOKIE = "better-auth.session_token";
const SKIPPED = /^\/(espace-membre|api|media|healthz|deconnexion|reinitialiser-mot-de-passe)(\/|$)/;

export function pageCache(options: { ttlSeconds: number; maxEntries?: number; announce?: () => Promise<void> }) {
  const cache = new LruMap<string, Entry>(options.maxEntries ?? 500);
  /** Bumped by every invalidation: a render started under an older generation is not stored. */
  let generation = 0;
  function invalidate() {
    generation++;
    cache.clear();
  }
  const ttlMs = options.ttlSeconds * 1000;
  /** Renders in progress, by key: resolved when the response is over. */
  const rendering = new Map<string, Promise<void>>();

  function serveHit(res: Response, hit: Entry) {
    const nonce = nonceOf(res);
    res.status(200);
    res.setHeader("Content-Type", hit.contentType);
    res.setHeader("X-Page-Cache", "hit");
    res.end(hit.nonce ? Buffer.from(hit.body.toString("utf8").replaceAll(hit.nonce, nonce)) : hit.body);
  }

  function fresh(key: string): Entry | undefined {
    const hit = cache.get(key);
    if (hit && hit.expires > Date.now()) return hit;
    if (hit) cache.delete(key);
    return undefined;
  }

  function pageCacheMiddleware(req: Request, res: Response, next: NextFunction) {
    if (req.method !== "GET" && req.method !== "HEAD") {
      invalidate();
      res.on("finish", invalidate);
      res.on("close", invalidate);
      if (options.announce) holdEndUntilAnnounced(res, options.announce);
      return next();
    }
    if (ttlMs <= 0) return next();
    // The client left while earlier middleware ran: its "close" is already past, so as the
    // render everyone waits for it would never end (every visitor of that page then waited).
    if (res.destroyed || req.socket.destroyed) return;
    if (req.method !== "GET" || SKIPPED.test(req.path) || req.path.endsWith(".data")) return next();
    if ((req.headers.cookie ?? "").includes(SESSION_COOKIE)) return next();

    const key = req.originalUrl;
    const hit = fresh(key);
    if (hit) return serveHit(res, hit);
    const inProgress = rendering.get(key);
    if (inProgress) {
      void inProgress.then(() => {
        if (res.destroyed) return;
        const stored = fresh(key);
        if (stored) serveHit(res, stored);
        else render(key, req, res, next);
      });
      return;
    }
    render(key, req, res, next);
  }

  function render(key: string, _req: Request, res: Response, next: NextFunction) {
    const nonce = nonceOf(res);
    const startedAt = generation;
    let done!: () => void;
    const promise = new Promise<void>((resolve) => (done = resolve));
    if (!rendering.has(key)) rendering.set(key, promise);
    res.once("close", () => {
      if (rendering.get(key) === promise) rendering.delete(key);
      done();
    });

    // Miss: let the page render (streaming as usual) and keep a copy.
    const chunks: Buffer[] = [];
    const write = res.write.bind(res) as (...args: unknown[]) => boolean;
    const end = res.end.bind(res) as (...args: unknown[]) => Response;
    const keep = (chunk: unknown, encoding?: unknown) => {
      if (chunk === undefined || chunk === null || typeof chunk === "function") return;
      chunks.push(
        Buffer.isBuffer(chunk)
          ? chunk
          : Buffer.from(chunk as string, (typeof encoding === "string" ? encoding : "utf8") as BufferEncoding),
      );
    };
    res.write = ((chunk: unknown, ...rest: unknown[]) => {
      keep(chunk, rest[0]);
      return write(chunk, ...rest);
    }) as Response["write"];
    res.end = ((chunk?: unknown, ...rest: unknown[]) => {
      keep(chunk, rest[0]);
      return end(chunk, ...rest);
    }) as Response["end"];
    res.on("finish", () => {
      const type = String(res.getHeader("Content-Type") ?? "");
      if (res.statusCode !== 200 || !type.startsWith("text/html") || res.getHeader("Set-Cookie")) return;
      if (startedAt !== generation) return; // something changed while it rendered
      cache.set(key, { body: Buffer.concat(chunks), nonce, contentType: type, expires: Date.now() + ttlMs });
    });
    next();
  }

  return Object.assign(pageCacheMiddleware, { invalidate });
}

/** Holds the end of a state-changing answer until the other processes were told (their caches dropped). */
function holdEndUntilAnnounced(res: Response, announce: () => Promise<void>) {
  const end = res.end.bind(res) as (...args: unknown[]) => Response;
  res.end = ((...args: unknown[]) => {
    void announce().finally(() => end(...args));
    return res;
  }) as Response["end"];
}

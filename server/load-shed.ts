/**
 * Load shedding: a bound on the work in flight.
 *
 * Rules:
 * - At most `maxInFlight` requests are handed to the application at once;
 *   the next ones wait in a FIFO queue of at most `maxQueue` requests.
 * - A request that waited longer than `maxWaitMs` is answered 503 with
 *   `Retry-After` and a short French page: the visitor is told instead of
 *   timing out, and every accepted request is served quickly (the p99 stays
 *   bounded).
 * - A request that would overflow the queue gets the same 503 after
 *   `refuseDelayMs` (default 250 ms, at most `maxWaitMs`), held by a timer
 *   that costs no CPU: a client retrying at once is slowed down without
 *   being disconnected.
 * - A 503 keeps its connection open. Closing it made every retry a new TCP
 *   connection, and Node accepts one connection per turn of its event loop
 *   (libuv 1.45, "don't accept() connections in a loop"): under 200 clients,
 *   ~130 connections waited in the kernel's accept queue for ~1 s before the
 *   server even saw their request (decision 0041).
 * - A queued or held request whose client went away is dropped, never rendered.
 * - `/healthz` and the requests already answered by earlier middleware
 *   (static files, page cache hits) never wait here.
 */
import type { NextFunction, Request, Response } from "express";

/**
 * Renders at once when LOAD_MAX_IN_FLIGHT is unset. On the embedded database the
 * queries run on the render's own thread: a third or fourth render in flight only
 * interleaves with the others and makes every one of them slower (measured with 200
 * connections on a member page: p99 1.25 s with 4, 0.9 s with 2, the same
 * requests/s). PostgreSQL works in its own processes while a render waits: 4.
 */
export function maxInFlight(config: { LOAD_MAX_IN_FLIGHT?: number; DATABASE_URL?: string }): number {
  return config.LOAD_MAX_IN_FLIGHT ?? (config.DATABASE_URL ? 4 : 2);
}

export interface LoadShedOptions {
  maxInFlight: number;
  maxQueue: number;
  maxWaitMs: number;
  /** How long a refusal for a full queue is held before it is sent (default 250 ms). */
  refuseDelayMs?: number;
  retryAfterSeconds?: number;
  /** Clock for tests. */
  now?: () => number;
  /** Timer of the held refusals, for tests (returns its cancel function). */
  hold?: (fn: () => void, ms: number) => () => void;
}

interface Waiting {
  req: Request;
  res: Response;
  next: NextFunction;
  since: number;
  timer: NodeJS.Timeout;
}

const BUSY_PAGE = `<!doctype html>
<html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Site très sollicité</title></head>
<body><main><h1>Le site est très sollicité</h1>
<p>Trop de visiteurs en même temps\u00a0: réessayez dans quelques secondes.</p></main></body></html>
`;

export function loadShed(options: LoadShedOptions) {
  const now = options.now ?? Date.now;
  const retryAfter = String(options.retryAfterSeconds ?? 2);
  const hold =
    options.hold ??
    ((fn: () => void, ms: number) => {
      const timer = setTimeout(fn, ms);
      return () => clearTimeout(timer);
    });
  const refuseDelayMs = Math.min(options.refuseDelayMs ?? 250, options.maxWaitMs);
  const queue: Waiting[] = [];
  let inFlight = 0;
  const stats = { accepted: 0, shed: 0, dropped: 0 };

  function busy(res: Response) {
    stats.shed++;
    if (res.headersSent || res.destroyed) return;
    res.locals.shed = true; // a deliberate answer: the access log keeps it out of the errors
    res.status(503);
    res.setHeader("Retry-After", retryAfter);
    res.setHeader("Cache-Control", "no-store");
    res.type("text/html; charset=utf-8").send(BUSY_PAGE);
  }

  function run(w: Pick<Waiting, "res" | "next">) {
    inFlight++;
    stats.accepted++;
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      inFlight--;
      pump();
    };
    // "close" fires once the response is sent or the connection is gone.
    w.res.once("close", release);
    w.next();
  }

  function pump() {
    while (inFlight < options.maxInFlight && queue.length > 0) {
      const w = queue.shift()!;
      clearTimeout(w.timer);
      if (w.res.destroyed || w.req.socket.destroyed) {
        stats.dropped++;
        continue;
      }
      if (now() - w.since > options.maxWaitMs) {
        busy(w.res);
        continue;
      }
      run(w);
    }
  }

  function middleware(req: Request, res: Response, next: NextFunction) {
    if (req.path === "/healthz") return next();
    // The client left while earlier middleware ran: its "close" is already past, so a slot taken
    // now would never be given back (200 connections on a member page left every slot taken).
    if (res.destroyed || req.socket.destroyed) {
      stats.dropped++;
      return;
    }
    if (inFlight < options.maxInFlight && queue.length === 0) return run({ res, next });
    if (queue.length >= options.maxQueue) {
      if (refuseDelayMs <= 0) return busy(res);
      // Held, not queued: this request is refused whatever happens meanwhile.
      const cancel = hold(() => busy(res), refuseDelayMs);
      res.once("close", cancel);
      return;
    }
    const w: Waiting = {
      req,
      res,
      next,
      since: now(),
      timer: setTimeout(() => {
        const i = queue.indexOf(w);
        if (i >= 0) {
          queue.splice(i, 1);
          busy(res);
        }
      }, options.maxWaitMs),
    };
    queue.push(w);
    // The client left while waiting: forget the request.
    res.once("close", () => {
      const i = queue.indexOf(w);
      if (i >= 0) {
        queue.splice(i, 1);
        clearTimeout(w.timer);
        stats.dropped++;
      }
    });
  }

  return Object.assign(middleware, {
    stats: () => ({ ...stats, inFlight, queued: queue.length }),
  });
}

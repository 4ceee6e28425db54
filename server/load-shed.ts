/**
 * Load shedding: a bound on the work in flight. Page views are shed, never an
 * accepted write (issue 56).
 *
 * Rules:
 * - At most `maxInFlight` requests are handed to the application at once;
 *   the next ones wait in a queue of at most `maxQueue` requests. Writes
 *   (POST, PUT, PATCH, DELETE: forms, sign-up, sign-in, contact, HelloAsso's
 *   notifications) are handed over before the reads waiting (GET, HEAD,
 *   OPTIONS: page views and `.data` reads); each kind in its arrival order.
 * - A read that waited longer than `maxWaitMs` is answered 503 with
 *   `Retry-After` and a short French page: the visitor is told instead of
 *   timing out, and every accepted page view is served quickly (the p99 stays
 *   bounded).
 * - A write accepted into the queue is served however long it waits, up to
 *   the request time-out (`writeWaitMs`, the server's `requestTimeout`):
 *   someone's typed form is never thrown away because the machine is busy.
 * - A full queue sheds reads first: a write arriving at a full queue takes
 *   the place of the oldest waiting read, which gets the 503 at once. Writes
 *   have their own bound: at most `maxQueue` writes wait; only then is a write
 *   refused (it was never accepted).
 * - While the server stops (`patient()`, lifecycle.ts), nothing waiting is
 *   shed for its wait: the queue only shrinks, and the requests accepted
 *   before the signal are served (a restart answers them, not a 503).
 * - A request that would overflow the queue gets the same 503 after
 *   `refuseDelayMs` (default 250 ms, at most `maxWaitMs`), held by a timer
 *   that costs no CPU: a client retrying at once is slowed down without
 *   being disconnected.
 * - A 503 keeps its connection open. Closing it made every retry a new TCP
 *   connection, and Node accepts one connection per turn of its event loop
 *   (libuv 1.45, "don't accept() connections in a loop"): under 200 clients,
 *   ~130 connections waited in the kernel's accept queue for ~1 s before the
 *   server even saw their request.
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

/** The request time-out of the HTTP server (server/index.ts): the longest a write waits in the queue. */
export const REQUEST_TIMEOUT_MS = 300_000;

export interface LoadShedOptions {
  maxInFlight: number;
  maxQueue: number;
  /** Longest wait of a read (a page view) in the queue. */
  maxWaitMs: number;
  /** Longest wait of a write in the queue: the request time-out (default REQUEST_TIMEOUT_MS). */
  writeWaitMs?: number;
  /** True while the server stops: nothing waiting is shed for its wait. */
  patient?: () => boolean;
  /** How long a refusal for a full queue is held before it is sent (default 250 ms). */
  refuseDelayMs?: number;
  retryAfterSeconds?: number;
  /** Clock for tests. */
  now?: () => number;
  /** Timer of the held refusals, for tests (returns its cancel function). */
  hold?: (fn: () => void, ms: number) => () => void;
  /** Timer of the waits in the queue, for tests (returns its cancel function). */
  wait?: (fn: () => void, ms: number) => () => void;
}

interface Waiting {
  req: Request;
  res: Response;
  next: NextFunction;
  since: number;
  write: boolean;
  cancelTimer: () => void;
}

/** Page views and `.data` reads; every other method writes. */
function isWrite(method: string): boolean {
  return method !== "GET" && method !== "HEAD" && method !== "OPTIONS";
}

const BUSY_PAGE = `<!doctype html>
<html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Site très sollicité</title></head>
<body><main><h1>Le site est très sollicité</h1>
<p>Trop de visiteurs en même temps\u00a0: réessayez dans quelques secondes.</p></main></body></html>
`;

function timer(fn: () => void, ms: number) {
  const t = setTimeout(fn, ms);
  return () => clearTimeout(t);
}

export function loadShed(options: LoadShedOptions) {
  const now = options.now ?? Date.now;
  const retryAfter = String(options.retryAfterSeconds ?? 2);
  const hold = options.hold ?? timer;
  const wait = options.wait ?? timer;
  const patient = options.patient ?? (() => false);
  const writeWaitMs = options.writeWaitMs ?? REQUEST_TIMEOUT_MS;
  const refuseDelayMs = Math.min(options.refuseDelayMs ?? 250, options.maxWaitMs);
  // Writes are handed over first; each queue in arrival order.
  const writes: Waiting[] = [];
  const reads: Waiting[] = [];
  let inFlight = 0;
  const stats = { accepted: 0, shed: 0, dropped: 0, evicted: 0 };
  const queued = () => writes.length + reads.length;
  const limitOf = (w: Waiting) => (w.write ? writeWaitMs : options.maxWaitMs);

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

  function remove(w: Waiting): boolean {
    const list = w.write ? writes : reads;
    const i = list.indexOf(w);
    if (i < 0) return false;
    list.splice(i, 1);
    w.cancelTimer();
    return true;
  }

  function pump() {
    while (inFlight < options.maxInFlight && queued() > 0) {
      const w = (writes.length > 0 ? writes : reads).shift()!;
      w.cancelTimer();
      if (w.res.destroyed || w.req.socket.destroyed) {
        stats.dropped++;
        continue;
      }
      if (now() - w.since > limitOf(w) && !patient()) {
        busy(w.res);
        continue;
      }
      run(w);
    }
  }

  /** Held, not queued: this request is refused whatever happens meanwhile. */
  function refuse(res: Response) {
    if (refuseDelayMs <= 0) return busy(res);
    const cancel = hold(() => busy(res), refuseDelayMs);
    res.once("close", cancel);
  }

  function middleware(req: Request, res: Response, next: NextFunction) {
    if (req.path === "/healthz") return next();
    // The client left while earlier middleware ran: its "close" is already past, so a slot taken
    // now would never be given back (200 connections on a member page left every slot taken).
    if (res.destroyed || req.socket.destroyed) {
      stats.dropped++;
      return;
    }
    if (inFlight < options.maxInFlight && queued() === 0) return run({ res, next });
    const write = isWrite(req.method);
    if (write ? writes.length >= options.maxQueue : queued() >= options.maxQueue) return refuse(res);
    if (queued() >= options.maxQueue) {
      // A write takes the place of the oldest page view waiting, which is told at once.
      const evicted = reads.shift()!;
      evicted.cancelTimer();
      stats.evicted++;
      busy(evicted.res);
    }
    const w: Waiting = { req, res, next, since: now(), write, cancelTimer: () => undefined };
    w.cancelTimer = wait(() => {
      // While the server stops, the request stays: the pump serves it.
      if (!patient() && remove(w)) busy(res);
    }, limitOf(w));
    (write ? writes : reads).push(w);
    // The client left while waiting: forget the request.
    res.once("close", () => {
      if (remove(w)) stats.dropped++;
    });
  }

  return Object.assign(middleware, {
    stats: () => ({ ...stats, inFlight, queued: queued() }),
  });
}

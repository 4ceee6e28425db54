/**
 * Graceful stop of the HTTP server (SIGTERM, SIGINT).
 *
 * Rules:
 * - On stop: no new connection is accepted, idle keep-alive connections are
 *   closed at once, every request already accepted is finished.
 * - While stopping, every response says `Connection: close`, and each
 *   connection is closed as soon as its response is over: keep-alive clients
 *   cannot keep the process alive.
 * - When the last connection is gone, `onClosed` runs (stop the jobs, close
 *   the database, release the PGlite lock) and the process exits 0.
 * - Deadline (10 s): at 80 % the remaining connections are cut so the
 *   database can still be closed; at 100 % the process exits 1.
 */
import type { Server } from "node:http";
import type { NextFunction, Request, Response } from "express";

export interface LifecycleOptions {
  onClosed: () => Promise<void>;
  log: (level: string, msg: string, fields?: Record<string, unknown>) => void;
  exit?: (code: number) => void;
  timeoutMs?: number;
}

export function lifecycle(options: LifecycleOptions) {
  const exit = options.exit ?? ((code: number) => process.exit(code));
  const timeoutMs = options.timeoutMs ?? 10_000;
  let server: Server | undefined;
  let stopping = false;
  const active = new Set<Response>();

  /** Express middleware: `Connection: close` once stopping. */
  function middleware(_req: Request, res: Response, next: NextFunction) {
    if (stopping) res.setHeader("Connection", "close");
    active.add(res);
    res.once("close", () => active.delete(res));
    res.once("finish", () => {
      // The response that was running when the stop began: close its connection now.
      if (stopping) setImmediate(() => server?.closeIdleConnections());
    });
    next();
  }

  function attach(s: Server) {
    server = s;
  }

  function stop(signal: string) {
    if (stopping || !server) return;
    stopping = true;
    const s = server;
    options.log("info", "shutting down", { signal });
    const cut = setTimeout(() => {
      options.log("warn", "connections cut before the deadline");
      s.closeAllConnections();
    }, Math.round(timeoutMs * 0.8));
    const force = setTimeout(() => {
      options.log("error", `forced exit after ${timeoutMs / 1000} s`);
      exit(1);
    }, timeoutMs);
    cut.unref();
    force.unref();
    s.close(async () => {
      clearTimeout(cut);
      try {
        await options.onClosed();
        clearTimeout(force);
        options.log("info", "stopped cleanly");
        exit(0);
      } catch (err) {
        options.log("error", "shutdown failed", { err: String(err) });
        exit(1);
      }
    });
    s.closeIdleConnections();
    // Requests already running answer "Connection: close" too (unless their headers are sent).
    for (const res of active) if (!res.headersSent) res.setHeader("Connection", "close");
  }

  return { middleware, attach, stop, isStopping: () => stopping };
}

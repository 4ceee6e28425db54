/**
 * Graceful stop of the HTTP server (SIGTERM, SIGINT).
 *
 * Rules:
 * - On stop: no new connection is accepted, every request already accepted
 *   is finished. Idle keep-alive connections are closed after a short grace
 *   (`graceMs`, 1 s), then every 250 ms: a request a client was sending on
 *   an idle connection at the moment of the signal is still read and answered
 *   instead of being reset ("socket hang up").
 * - While stopping, every response says `Connection: close` (the connection
 *   closes when it is sent): keep-alive clients cannot keep the process alive.
 * - When the last connection is gone, `onClosed` runs (stop the jobs, close
 *   the database, release the PGlite lock) and the process exits 0.
 * - Deadline (10 s): at 80 % the remaining connections are cut so the
 *   database can still be closed; at 100 % the process exits 1.
 */
import type { Server } from "node:http";
import net from "node:net";
import type { NextFunction, Request, Response } from "express";

export interface LifecycleOptions {
  onClosed: () => Promise<void>;
  log: (level: string, msg: string, fields?: Record<string, unknown>) => void;
  exit?: (code: number) => void;
  timeoutMs?: number;
  graceMs?: number;
}

export function lifecycle(options: LifecycleOptions) {
  const exit = options.exit ?? ((code: number) => process.exit(code));
  const timeoutMs = options.timeoutMs ?? 10_000;
  const graceMs = options.graceMs ?? 1_000;
  let server: Server | undefined;
  let stopping = false;
  const active = new Set<Response>();

  /** Express middleware: `Connection: close` once stopping. */
  function middleware(_req: Request, res: Response, next: NextFunction) {
    if (stopping) res.setHeader("Connection", "close");
    active.add(res);
    res.once("close", () => active.delete(res));
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
    const cut = setTimeout(
      () => {
        options.log("warn", "connections cut before the deadline");
        s.closeAllConnections();
      },
      Math.round(timeoutMs * 0.8),
    );
    const force = setTimeout(() => {
      options.log("error", `forced exit after ${timeoutMs / 1000} s`);
      exit(1);
    }, timeoutMs);
    cut.unref();
    force.unref();
    let sweep: NodeJS.Timeout | undefined;
    const grace = setTimeout(() => {
      s.closeIdleConnections();
      sweep = setInterval(() => s.closeIdleConnections(), 250);
      sweep.unref();
    }, graceMs);
    grace.unref();
    // net.Server's close: stop accepting, without http.Server's immediate closeIdleConnections().
    net.Server.prototype.close.call(s, async () => {
      clearTimeout(cut);
      clearTimeout(grace);
      clearInterval(sweep);
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
    // Requests already running answer "Connection: close" too (unless their headers are sent).
    for (const res of active) if (!res.headersSent) res.setHeader("Connection", "close");
  }

  return { middleware, attach, stop, isStopping: () => stopping };
}

/**
 * HTTP server: Express in front of the React Router request handler.
 * Compression, caching of hashed assets, security headers with a per-request
 * CSP nonce, one JSON log line per request, a bound on the work in flight
 * (load-shed.ts), graceful shutdown (lifecycle.ts).
 * Configuration comes from the validated environment only (app/lib/core/env.server.ts):
 * an invalid variable stops the start with a French message per variable.
 * Logs go through the one logger (app/lib/core/log.server.ts).
 */
import { randomBytes } from "node:crypto";
import path from "node:path";
import express from "express";
import type { createRequestHandler } from "@react-router/express";
import type { RouterContextProvider, ServerBuild } from "react-router";
import { env, EnvError, type Env } from "../app/lib/core/env.server";
import { log } from "../app/lib/core/log.server";
import { contentSecurityPolicy, nonceOf } from "./csp";
import { drainListeners } from "./drain-listeners";
import { clientFiles } from "./client-files";
import { compress } from "./compress";
import { coalesceWrites } from "./coalesce-writes";
import { lifecycle } from "./lifecycle";
import { loadShed, maxInFlight, REQUEST_TIMEOUT_MS } from "./load-shed";
import { pageCache } from "./page-cache";
import { bodyLimit, rejectMalformedRequests } from "./request-guards";
import { parseTrustProxy } from "../app/lib/http/trust-proxy.server";
import { untrustedProxyWarning } from "./untrusted-proxy";
import cluster from "node:cluster";
import { runPrimary, workerCount, workerIndex } from "./cluster";

type AppModule = {
  startup: (options?: { announceSetup?: boolean }) => Promise<void>;
  shutdown: () => Promise<void>;
  createLoadContext: (info: { nonce: string; ip: string }, pathname: string) => RouterContextProvider;
  announceChange: () => Promise<void>;
  onChange: (fn: () => void) => () => void;
  /** The build's own Express adapter (app/entry.server.tsx), so one copy of React Router runs. */
  createExpressHandler: typeof createRequestHandler;
};

function startFailed(message: string): never {
  process.stderr.write(`\nLe site n'a pas pu démarrer.\n${message}\n\n`);
  process.exit(1);
}

function readConfig(): Env {
  try {
    return env();
  } catch (err) {
    if (err instanceof EnvError) startFailed(err.message);
    throw err;
  }
}

async function main() {
  const config = readConfig();
  const DEV = config.NODE_ENV === "development";
  // Several processes on PostgreSQL (server/cluster.ts): this one then only watches the workers.
  if (cluster.isPrimary && !DEV) {
    const count = workerCount(config);
    if (count > 1) return runPrimary(count, (msg, fields) => log.info(msg, fields));
  }
  const BUILD_DIR = path.resolve(config.BUILD_DIR);
  const app = express();
  app.disable("x-powered-by");
  // A number of hops or a list of proxy addresses, never "trust all" (app/lib/http/trust-proxy.server.ts).
  const trustProxy = parseTrustProxy(process.env.TRUST_PROXY);
  if (trustProxy) app.set("trust proxy", trustProxy);
  app.use(untrustedProxyWarning((msg, fields) => log.warn(msg, fields)));

  let getBuild: () => Promise<ServerBuild>;
  let viteClose: (() => Promise<void>) | undefined;
  if (DEV) {
    const vite = await import("vite");
    const devServer = await vite.createServer({ server: { middlewareMode: true } });
    app.use(devServer.middlewares);
    getBuild = () => devServer.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>;
    viteClose = () => devServer.close();
  } else {
    const build = (await import(path.join(BUILD_DIR, "server/index.js"))) as ServerBuild;
    getBuild = () => Promise.resolve(build);
  }

  const entry = (await getBuild()).entry.module as unknown as AppModule;
  try {
    await entry.startup({ announceSetup: workerIndex() === 0 });
  } catch (err) {
    startFailed(err instanceof Error ? err.message : String(err));
  }

  const life = lifecycle({
    log: (level, msg, fields) =>
      (level === "error" || level === "warn" || level === "debug" ? log[level] : log.info)(msg, fields),
    onClosed: async () => {
      await entry.shutdown();
      await viteClose?.();
    },
  });
  app.use(life.middleware);

  app.use(compress, drainListeners, coalesceWrites);
  // React Router's adapter flushes after every chunk React writes (about 2 KB each): with gzip,
  // every flush closes a deflate block and sends a packet, dozens per page. The pages do not
  // stream anything late (no Suspense), so they are flushed once, when they end.
  app.use((_req, res, next) => {
    (res as { flush?: () => void }).flush = undefined;
    next();
  });

  // Security headers and the per-request nonce.
  app.use((req, res, next) => {
    const nonce = randomBytes(16).toString("base64");
    res.locals.nonce = nonce;
    // Uploaded files (the brochure PDF) may be framed by our own pages only.
    const media = req.path.startsWith("/media/");
    if (!DEV)
      res.setHeader(
        "Content-Security-Policy",
        media
          ? "frame-ancestors 'self'"
          : contentSecurityPolicy(
              nonce,
              config.GOOGLE_ISSUER,
              config.HELLOASSO_CLIENT_ID ? config.HELLOASSO_API_URL : undefined,
            ),
      );
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    res.setHeader("X-Frame-Options", media ? "SAMEORIGIN" : "DENY");
    res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
    res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=(), interest-cohort=()");
    if (req.secure) res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    next();
  });

  // Access log.
  app.use((req, res, next) => {
    const start = process.hrtime.bigint();
    res.on("finish", () => {
      if (req.path === "/healthz" && res.statusCode === 200) return;
      const ms = Number(process.hrtime.bigint() - start) / 1e6;
      // Deliberate 503s of the load shedding are no errors (and must stay cheap under overload).
      const level = res.locals.shed ? "debug" : res.statusCode >= 500 ? "error" : "info";
      log[level]("request", {
        method: req.method,
        path: req.path,
        status: res.statusCode,
        ms: Math.round(ms * 10) / 10,
      });
    });
    next();
  });

  app.use(rejectMalformedRequests, bodyLimit);

  if (!DEV) {
    // Hashed file names: cache for a year.
    app.use(
      "/assets",
      express.static(path.join(BUILD_DIR, "client/assets"), { immutable: true, maxAge: "1y", index: false }),
    );
    app.use(clientFiles(path.join(BUILD_DIR, "client"), { maxAge: "1h", index: false }));
  }

  // Every write drops the caches of all processes (app/lib/core/change-bus.server.ts).
  const pages = pageCache({ ttlSeconds: config.PAGE_CACHE_SECONDS, announce: entry.announceChange });
  entry.onChange(pages.invalidate);
  app.use(pages);
  app.use(
    loadShed({
      maxInFlight: maxInFlight(config),
      maxQueue: config.LOAD_MAX_QUEUE,
      maxWaitMs: config.LOAD_MAX_WAIT_MS,
      // A write accepted into the queue waits up to the request time-out; while stopping, nothing is shed.
      writeWaitMs: REQUEST_TIMEOUT_MS,
      patient: life.isStopping,
    }),
  );

  // Created once: routes are derived from the build once, not per request. In
  // development the build is a function, so Vite's reloaded modules are picked up.
  const handler = entry.createExpressHandler({
    build: DEV ? getBuild : await getBuild(),
    mode: DEV ? "development" : "production",
    getLoadContext: (rq, res) => entry.createLoadContext({ nonce: nonceOf(res), ip: rq.ip ?? "unknown" }, rq.path),
  });
  app.all(/.*/, async (req, res, next) => {
    try {
      await handler(req, res, next);
    } catch (err) {
      next(err);
    }
  });

  // Never show a stack trace.
  app.use((err: unknown, _req: express.Request, res: express.Response, _next: express.NextFunction) => {
    if (res.locals.bodyTooLarge) return; // the 413 is already sent (request-guards.ts)
    log.error("unhandled error", { err });
    if (!res.headersSent) {
      res.status(500).type("text/plain; charset=utf-8").send("Erreur interne du serveur. Réessayez plus tard.");
    }
  });

  const port = config.PORT;
  const host = config.HOST;
  const server = app.listen(port, host, () => {
    log.info("server listening", { url: `http://localhost:${port}`, host, port });
  });
  server.keepAliveTimeout = 65_000;
  server.requestTimeout = REQUEST_TIMEOUT_MS; // Node's default, named: the longest a write waits in the queue

  life.attach(server);
  process.on("SIGTERM", () => life.stop("SIGTERM"));
  process.on("SIGINT", () => life.stop("SIGINT"));
}

main().catch((err) => {
  process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});

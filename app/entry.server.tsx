import path from "node:path";
import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { renderToPipeableStream } from "react-dom/server";
import type { EntryContext, RouterContextProvider } from "react-router";
import { isRouteErrorResponse, RouterContextProvider as Provider, ServerRouter } from "react-router";
import { requestInfoContext, requestKind, type RequestInfo } from "./lib/http/context";
import { ServerMarkupProvider } from "./components/server-html";
import { StaticPageScriptProvider } from "./components/layout/static-page";
import { staticPageScriptSource } from "./components/layout/static-page-script.server";
import { closeDatabase, explainFolderError, openDatabase, runMigrations, withStartupLock } from "./lib/core/db.server";
import { env } from "./lib/core/env.server";
import { isSameOriginRequest, logCrossSiteRefusal } from "./lib/http/csrf.server";
import { log } from "./lib/core/log.server";
import { startBackgroundJobs, stopBackgroundJobs } from "./lib/core/jobs.server";
import { seedDatabase } from "./lib/core/seed.server";
import { sanitizeStoredRichText } from "./lib/content/sanitize-stored.server";
import { NonceProvider } from "./lib/http/nonce";
import { assertPasswordListReady } from "./lib/accounts/passwords.server";
import { applySessionCacheControl } from "./lib/http/cache-control.server";
// Zod's French fallback messages for every schema the server runs (the browser loads them with the forms).
import "./lib/http/zod-fr";
import "./lib/members/reminders-job.server";
import "./lib/members/helloasso-check-job.server";
import "./lib/operations/backup-job.server";
import "./lib/club/audience-job.server";
import "./lib/members/portraits-job.server";
import "./lib/operations/vacuum-job.server";
import { startControlSocket, stopControlSocket } from "./lib/operations/control.server";
import { announceSetup } from "./lib/operations/setup.server";
import { startChangeBus, stopChangeBus } from "./lib/core/change-bus.server";
import { shareAuthSecret } from "./lib/core/shared-secret.server";

export const streamTimeout = 5_000;

/**
 * The Express adapter, exported from the build so that the server uses the build's own copy of
 * React Router (its production build, bundled: vite.config.ts) and creates the handler once.
 */
export { createRequestHandler as createExpressHandler } from "@react-router/express";
/** Cross-process cache invalidation, for the server's page cache (server/index.ts). */
export { announceChange, onChange } from "./lib/core/change-bus.server";

/** Called once by the HTTP server before it listens. */
export async function startup(options: { announceSetup?: boolean } = {}): Promise<void> {
  assertPasswordListReady(); // the bundled common-password list, or no start
  let dataDir = process.env.DATA_DIR ?? "data";
  try {
    const e = env();
    dataDir = e.DATA_DIR;
    await openDatabase({ url: e.DATABASE_URL, pgliteDir: path.join(e.DATA_DIR, "pglite"), migrate: false });
    await withStartupLock(async () => {
      await runMigrations();
      await shareAuthSecret(); // several machines on one PostgreSQL sign sessions alike
      await seedDatabase();
      await sanitizeStoredRichText(); // once per database: rich text is sanitized when saved, not on display
    });
  } catch (err) {
    throw explainFolderError(err, dataDir);
  }
  await startChangeBus(env().DATABASE_URL);
  // With several processes (server/cluster.ts), the first one alone: one valid setup address.
  if (options.announceSetup !== false) await announceSetup();
  startBackgroundJobs();
  await startControlSocket();
  log.info("application ready", { database: env().DATABASE_URL ? "postgres" : "pglite" });
}

/** Called once by the HTTP server after it stopped accepting requests. */
export async function shutdown(): Promise<void> {
  await stopControlSocket();
  await stopBackgroundJobs();
  await stopChangeBus();
  await closeDatabase();
}

/**
 * Builds the per-request context (the server cannot import app modules itself). `pathname`: the
 * path asked for, `.data` for a client navigation.
 */
export function createLoadContext(info: Omit<RequestInfo, "serverMarkup">, pathname: string): RouterContextProvider {
  const context = new Provider();
  context.set(requestInfoContext, { ...info, ...requestKind(pathname) });
  return context;
}

export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  // 4xx answers (no action for a POST, bad request…) are the client's doing, not errors.
  if (isRouteErrorResponse(error) && error.status < 500) return;
  // React Router's own origin check refused a cross-site action ("Bad Request"): a warning, no stack.
  if (!isSameOriginRequest(request)) return logCrossSiteRefusal(request);
  log.error("request failed", { err: error, url: new URL(request.url).pathname });
}

/** `.data` answers (client navigations) follow the same caching rule as pages. */
export function handleDataRequest(response: Response, { request }: { request: Request }) {
  try {
    applySessionCacheControl(request, response.headers);
    return response;
  } catch {
    // Immutable headers (a redirect): copy the answer.
    const copy = new Response(response.body, response);
    applySessionCacheControl(request, copy.headers);
    return copy;
  }
}

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const { nonce, serverMarkup } = loadContext.get(requestInfoContext);
  applySessionCacheControl(request, responseHeaders);
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    // The render's time limit. Cleared as soon as everything is written: a pending timer keeps
    // the whole render alive (its data, its markup, its buffers) until it fires, six seconds
    // later; under load that was thousands of finished pages in memory.
    let abortTimer: ReturnType<typeof setTimeout> | undefined;
    let finished = false;
    const stopTimer = () => {
      finished = true;
      clearTimeout(abortTimer);
    };
    // A page is sent once all of it is ready, for browsers as for robots: nothing streams late
    // (no deferred data), and a part that waited for its code (React's `lazy`: the account area,
    // an error's message) is then written in place, so it shows without JavaScript.
    const writePage = () => {
      shellRendered = true;
      const body = new PassThrough();
      const stream = createReadableStreamFromReadable(body);
      responseHeaders.set("Content-Type", "text/html; charset=utf-8");
      resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
      pipe(body);
    };

    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <ServerMarkupProvider value={serverMarkup}>
          <StaticPageScriptProvider value={staticPageScriptSource}>
            <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
          </StaticPageScriptProvider>
        </ServerMarkupProvider>
      </NonceProvider>,
      {
        nonce,
        // A part of the page that waited for its code (`lazy`) goes in its place. React otherwise
        // moves any such part found after 12.8 KB of page to the end of the document, hidden, to be
        // put back by a script: without JavaScript it would stay hidden.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        onAllReady() {
          stopTimer();
          writePage();
        },
        onShellError(error: unknown) {
          stopTimer();
          reject(error instanceof Error ? error : new Error(String(error)));
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) log.error("render failed", { err: error });
        },
      },
    );
    if (!finished) abortTimer = setTimeout(abort, streamTimeout + 1000);
  });
}

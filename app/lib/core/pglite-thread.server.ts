/**
 * The embedded database (PGlite) seen from the requests' thread: PGlite runs in its own worker thread (pglite-worker.server.ts)
 * and this client sends it each statement. Under load the database's
 * WebAssembly then runs on a second core while this thread renders pages
 * (a page of the 10,000 accounts' list spent a fifth of its time in PGlite).
 *
 * Rules:
 * - The client answers what Drizzle and our code ask of a PGlite: `query(text,
 *   params, options)` and `transaction(fn)` whose `tx.query` belongs to it.
 *   The results are PGlite's own, copied across; a failed statement throws an
 *   Error with the same fields (code, detail, constraint…).
 * - Query options that cross: `rowMode`, and parsers that give the text back
 *   unchanged (Drizzle's, for dates and timestamps). Anything else (a parser
 *   that converts, serializers, a blob) is refused loudly: a function cannot run
 *   on the other thread.
 * - The thread keeps the process alive only while a statement waits for it.
 * - If the thread stops unexpectedly, every waiting and later statement fails
 *   with a French message, and it is logged; the process does not carry on silently.
 * - Run from the build, the thread is `pglite-worker.js` of the build folder
 *   (scripts/build-server.mjs); from source (tests, scripts, development), the
 *   worker's TypeScript through tsx.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import { log } from "./log.server";

/** What the thread opens. */
export interface ThreadStart {
  /** A data folder, or "memory://". */
  dir: string;
  /** memory:// only: a dump to start from. */
  data?: Blob;
}

export type ThreadRequest =
  | {
      id: number;
      op: "query";
      /** 0 outside a transaction. */
      tx: number;
      text: string;
      params: unknown[];
      rowMode?: "array" | "object";
      /** Types whose values stay as PostgreSQL's text. */
      raw?: number[];
    }
  | { id: number; op: "begin" }
  | { id: number; op: "end"; tx: number; commit: boolean }
  | { id: number; op: "close" };

/** A request before its number is given. */
type RequestBody = ThreadRequest extends infer R ? (R extends unknown ? Omit<R, "id"> : never) : never;

export interface ThreadError {
  name: string;
  message: string;
  fields: Record<string, string | number | boolean | null>;
}

export type ThreadReply = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: ThreadError };

interface QueryResult<T> {
  rows: T[];
  fields: { name: string; dataTypeID: number }[];
  affectedRows?: number;
}

interface Options {
  rowMode?: "array" | "object";
  parsers?: Record<number, (value: string, typeId: number) => unknown>;
  [other: string]: unknown;
}

/** An error from the thread, as the caller would have had it in process. */
function rebuild(error: ThreadError): Error {
  const err = new Error(error.message);
  err.name = error.name;
  return Object.assign(err, error.fields);
}

/** The options as they cross: checked once per options object (Drizzle reuses its own). */
const encoded = new WeakMap<Options, { rowMode?: "array" | "object"; raw?: number[] }>();
const PROBE = "2026-09-12 08:30:00+00";
function encodeOptions(options: Options | undefined): { rowMode?: "array" | "object"; raw?: number[] } {
  if (!options) return {};
  let out = encoded.get(options);
  if (out) return out;
  for (const [key, value] of Object.entries(options)) {
    if (value !== undefined && key !== "rowMode" && key !== "parsers") {
      throw new Error(`Base intégrée : l'option de requête « ${key} » ne peut pas passer au fil de la base.`);
    }
  }
  const raw: number[] = [];
  for (const [oid, parser] of Object.entries(options.parsers ?? {})) {
    if (parser(PROBE, Number(oid)) !== PROBE) {
      throw new Error(`Base intégrée : seul un analyseur qui rend le texte tel quel peut passer au fil (type ${oid}).`);
    }
    raw.push(Number(oid));
  }
  out = { rowMode: options.rowMode, raw: options.parsers ? raw : undefined };
  encoded.set(options, out);
  return out;
}

/** Where the thread's code is: the build's bundle, or the TypeScript source. */
function workerEntry(): { bundle: string } | { source: string } {
  const here = fileURLToPath(import.meta.url);
  if (here.endsWith(".ts")) return { source: path.join(path.dirname(here), "pglite-worker.server.ts") };
  // In the build this module is inside build/server/…; the bundle is build/pglite-worker.js.
  for (let dir = path.dirname(here), i = 0; i < 4; i++, dir = path.dirname(dir)) {
    const bundle = path.join(dir, "pglite-worker.js");
    if (existsSync(bundle)) return { bundle };
  }
  throw new Error(
    "Base intégrée : pglite-worker.js est introuvable dans le dossier de la version construite (npm run build).",
  );
}

function startWorker(start: ThreadStart): Worker {
  const entry = workerEntry();
  if ("bundle" in entry) return new Worker(entry.bundle, { workerData: start });
  // From source: tsx compiles the worker's TypeScript in its thread (tests, scripts, development).
  const code = `import("tsx/esm/api").then(({ tsImport }) => tsImport(${JSON.stringify(
    new URL(`file://${entry.source}`).href,
  )}, ${JSON.stringify(import.meta.url)}))`;
  return new Worker(code, { eval: true, workerData: start });
}

export interface PgliteThread {
  query<T>(text: string, params?: unknown[], options?: Options): Promise<QueryResult<T>>;
  transaction<T>(fn: (tx: ThreadTransaction) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export interface ThreadTransaction {
  query<T>(text: string, params?: unknown[], options?: Options): Promise<QueryResult<T>>;
  closed: boolean;
}

/** Starts PGlite in its thread; resolves once it is open (or rejects with why it could not open). */
export async function openPgliteThread(start: ThreadStart): Promise<PgliteThread> {
  const worker = startWorker(start);
  const pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  let lastId = 0;
  let stopped: Error | null = null;
  let closing = false;

  const ready = new Promise<void>((resolve, reject) => {
    pending.set(0, { resolve: () => resolve(), reject });
  });

  worker.on("message", (message: ThreadReply) => {
    const waiting = pending.get(message.id);
    if (!waiting) return;
    pending.delete(message.id);
    if (pending.size === 0) worker.unref();
    if (message.ok) waiting.resolve(message.value);
    else waiting.reject(rebuild(message.error));
  });
  const stop = (err: Error) => {
    stopped = err;
    for (const waiting of pending.values()) waiting.reject(err);
    pending.clear();
  };
  worker.on("error", (err) => {
    log.error("embedded database thread failed", { err });
    stop(new Error("La base de données intégrée s'est arrêtée sur une erreur ; redémarrez le site.", { cause: err }));
  });
  worker.on("exit", (code) => {
    if (closing) return stop(new Error("La base de données intégrée est fermée."));
    if (!stopped) log.error("embedded database thread stopped", { code });
    stop(stopped ?? new Error(`La base de données intégrée s'est arrêtée (code ${code}) ; redémarrez le site.`));
  });

  function call<T>(request: RequestBody): Promise<T> {
    if (stopped) return Promise.reject(stopped);
    const id = ++lastId;
    return new Promise<T>((resolve, reject) => {
      if (pending.size === 0) worker.ref();
      pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      worker.postMessage({ ...request, id });
    });
  }

  const query =
    (tx: number) =>
    async <T>(text: string, params: unknown[] = [], options?: Options): Promise<QueryResult<T>> =>
      call<QueryResult<T>>({ op: "query", tx, text, params, ...encodeOptions(options) });

  await ready.catch(async (err: unknown) => {
    closing = true;
    await worker.terminate();
    throw err;
  });
  return {
    query: query(0),
    async transaction<T>(fn: (tx: ThreadTransaction) => Promise<T>): Promise<T> {
      const number = await call<number>({ op: "begin" });
      const tx: ThreadTransaction = { query: query(number), closed: false };
      let result: T;
      try {
        result = await fn(tx);
      } catch (err) {
        tx.closed = true;
        await call({ op: "end", tx: number, commit: false }).catch(() => {});
        throw err;
      }
      tx.closed = true;
      await call({ op: "end", tx: number, commit: true });
      return result;
    },
    async close() {
      if (stopped) return;
      await call({ op: "close" });
      closing = true;
      await worker.terminate();
    },
  };
}

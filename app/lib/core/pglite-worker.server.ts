/**
 * The embedded database's own thread: PGlite runs
 * here, in a worker thread, and the requests' thread sends it each statement
 * (pglite-thread.server.ts). Its WebAssembly then runs on another core while
 * the requests' thread renders pages.
 *
 * Rules:
 * - One PGlite per thread, opened from `workerData` (a folder, or memory with
 *   an optional dump), with its array parsers trimmed and its statements
 *   prepared (pglite-statements.server.ts), as before in process.
 * - Messages are handled in the order they come; PGlite's own locks order the
 *   statements: one outside a transaction waits for the transaction in progress.
 * - A transaction stays open until its `end` message: committed, or rolled back
 *   (PGlite's own `transaction`, so its rules hold).
 * - A reply carries the result, or the error's own fields (code, detail,
 *   constraint…): functions and objects that cannot cross threads are left out.
 * - Only relative imports and packages: this file is bundled on its own
 *   (scripts/build-server.mjs) or run from source through tsx.
 */
import { parentPort, workerData } from "node:worker_threads";
import { PGlite, parse, protocol, types, type QueryOptions, type Transaction } from "@electric-sql/pglite";
import { prepareStatements } from "./pglite-statements.server";
import type { ThreadError, ThreadReply, ThreadRequest, ThreadStart } from "./pglite-thread.server";

/** Element types whose arrays our queries may read back (users.roles is text[]). */
const ARRAY_ELEMENT_TYPES = [
  "BOOL",
  "INT2",
  "INT4",
  "INT8",
  "TEXT",
  "VARCHAR",
  "FLOAT4",
  "FLOAT8",
  "NUMERIC",
  "DATE",
  "TIMESTAMP",
  "TIMESTAMPTZ",
  "JSON",
  "JSONB",
  "UUID",
] as const;

/**
 * PGlite copies its table of type parsers into a new object for every query it answers
 * (`parseResults`: `{ ...parsers, ...options.parsers }`), and at start it has put an array
 * parser there for every array type of the database: 363 entries, one per built-in type and per
 * table's row type, about 70 µs per query, a quarter of a simple read. Its scalar
 * parsers need no entry (a type missing from the table falls back to PGlite's defaults), so the
 * table keeps the arrays of the element types above and their element parsers: about thirty.
 * An array of another type would come back as PostgreSQL's text (`{a,b}`); none is read.
 */
async function trimArrayParsers(client: PGlite): Promise<void> {
  const elements = ARRAY_ELEMENT_TYPES.map((name) => types[name]);
  const { rows } = await client.query<{ oid: number; typarray: number }>(
    "select oid::int4 as oid, typarray::int4 as typarray from pg_catalog.pg_type where oid = any($1::oid[])",
    [elements],
  );
  const kept: PGlite["parsers"] = {};
  for (const { oid, typarray } of rows) {
    if (client.parsers[oid]) kept[oid] = client.parsers[oid];
    if (client.parsers[typarray]) kept[typarray] = client.parsers[typarray];
  }
  client.parsers = kept;
}

const port = parentPort;
if (!port) throw new Error("pglite-worker.server: à lancer comme fil d'exécution (worker_threads)");
const start = workerData as ThreadStart;

const identity = (value: string) => value;
/** Query options by the list of types left as text (Drizzle always gives the same few). */
const optionsByRaw = new Map<string, QueryOptions>();
function queryOptions(rowMode: "array" | "object" | undefined, raw: number[] | undefined): QueryOptions | undefined {
  if (!rowMode && !raw) return undefined;
  const key = `${rowMode ?? ""}:${raw?.join(",") ?? ""}`;
  let options = optionsByRaw.get(key);
  if (!options) {
    options = { rowMode, parsers: raw ? Object.fromEntries(raw.map((oid) => [oid, identity])) : undefined };
    optionsByRaw.set(key, options);
  }
  return options;
}

/**
 * The fields of an error that can cross to the other thread. PGlite may also throw a plain
 * object (Emscripten's `ExitStatus` when a folder cannot be opened): its message is kept.
 */
function errorFields(err: unknown): ThreadError {
  const fields: ThreadError["fields"] = {};
  if (typeof err !== "object" || err === null) return { name: "Error", message: String(err), fields };
  for (const [key, value] of Object.entries(err) as [string, unknown][]) {
    if (key === "queryOptions" || key === "params" || key === "name" || key === "message") continue;
    if (value === null || typeof value === "string" || typeof value === "number" || typeof value === "boolean")
      fields[key] = value;
  }
  const { name, message } = err as { name?: unknown; message?: unknown };
  return {
    name: typeof name === "string" ? name : "Error",
    message: typeof message === "string" ? message : JSON.stringify(fields),
    fields,
  };
}

interface OpenTransaction {
  tx: Transaction;
  /** Ends it: `id` is the `end` message to answer once PGlite has committed or rolled back. */
  finish: (id: number, commit: boolean) => void;
}

/** PGlite opened, or the reason it could not be (its code kept: EROFS, EACCES…), as the first reply. */
async function openDatabase(): Promise<PGlite | null> {
  try {
    const opened = start.dir.startsWith("memory://")
      ? await PGlite.create({ loadDataDir: start.data })
      : await PGlite.create(start.dir);
    await trimArrayParsers(opened);
    // Each statement prepared once, answered in one call.
    prepareStatements(opened, { parse, protocol });
    return opened;
  } catch (err) {
    fail(0, err);
    return null;
  }
}

const transactions = new Map<number, OpenTransaction>();
let lastTransaction = 0;
/** Thrown in PGlite's transaction to roll it back (its `end` said so). */
const ROLLBACK = new Error("rollback asked");

function reply(message: ThreadReply) {
  port!.postMessage(message);
}

function fail(id: number, err: unknown) {
  reply({ id, ok: false, error: errorFields(err) });
}

/** Begins a transaction: answers `id` with its number, then waits for its `end`. */
function begin(database: PGlite, id: number) {
  let begun = false;
  let endId = 0;
  database
    .transaction(async (tx) => {
      const number = ++lastTransaction;
      const commit = await new Promise<boolean>((resolve) => {
        transactions.set(number, {
          tx,
          finish: (end, c) => {
            endId = end;
            resolve(c);
          },
        });
        begun = true;
        reply({ id, ok: true, value: number });
      });
      transactions.delete(number);
      if (!commit) throw ROLLBACK;
    })
    .then(
      () => reply({ id: endId, ok: true, value: null }),
      (err: unknown) => {
        if (!begun) fail(id, err);
        else if (err === ROLLBACK) reply({ id: endId, ok: true, value: null });
        else fail(endId, err);
      },
    );
}

const database = await openDatabase();
// Not opened: the reason is sent; with nothing listening, the thread ends by itself.
if (database) {
  port.on("message", (message: ThreadRequest) => {
    switch (message.op) {
      case "query": {
        const options = queryOptions(message.rowMode, message.raw);
        let run: Promise<unknown>;
        if (message.tx) {
          const open = transactions.get(message.tx);
          run = open
            ? open.tx.query(message.text, message.params, options)
            : Promise.reject(new Error("Transaction is closed"));
        } else {
          run = database.query(message.text, message.params, options);
        }
        run.then(
          (value) => reply({ id: message.id, ok: true, value }),
          (err: unknown) => fail(message.id, err),
        );
        return;
      }
      case "begin":
        begin(database, message.id);
        return;
      case "end": {
        const open = transactions.get(message.tx);
        if (!open) fail(message.id, new Error("Transaction is closed"));
        else open.finish(message.id, message.commit);
        return;
      }
      case "close": {
        database.close().then(
          () => reply({ id: message.id, ok: true, value: null }),
          (err: unknown) => fail(message.id, err),
        );
        return;
      }
    }
  });
  reply({ id: 0, ok: true, value: "ready" });
}

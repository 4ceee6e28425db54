/**
 * PGlite's queries as prepared statements, each answered in one call. Applied
 * in PGlite's own thread (pglite-worker.server.ts).
 *
 * PGlite answers a query with parameters in five calls into its WebAssembly
 * (parse, describe, bind, execute, sync), and PostgreSQL parses and plans the
 * text again every time. Here each statement text is prepared once under a
 * name (its parameters' types learnt then), and every later run sends bind,
 * describe, execute and sync together in one call.
 *
 * Rules:
 * - The same answers as PGlite's own `query`: the parameters serialized by
 *   type with PGlite's serializers, the rows parsed with its parsers, the same
 *   error (with its query and parameters), the same locks (a query outside a
 *   transaction waits for the transaction in progress), the files synced after
 *   a query outside a transaction.
 * - At most MAX_STATEMENTS prepared at once: the least recently used one is
 *   closed (with the next call). A statement PostgreSQL no longer knows, or
 *   whose plan no longer fits its tables, is prepared again (outside a
 *   transaction, the query is run again at once).
 * - Options this path does not handle (a blob for COPY, explicit parameter
 *   types) go to PGlite's own path.
 */
import type { PGlite, QueryOptions, Results, Transaction } from "@electric-sql/pglite";
import type { parse as pgliteParse, protocol as pgliteProtocol } from "@electric-sql/pglite";
import { joinBytes } from "./bytes";

/** A prepared statement with its plans holds about 40 KB of the database's memory (a join, measured): 8 MB at most. */
export const MAX_STATEMENTS = 200;

/** SQLSTATEs after which a prepared statement is dropped: it does not exist; its plan's result changed. */
const STALE_STATEMENT = new Set(["26000", "0A000"]);

interface Statement {
  name: string;
  types: number[];
}

interface Library {
  parse: typeof pgliteParse;
  protocol: typeof pgliteProtocol;
}

/** Replaces `client.query` and the transactions' `query` with the prepared, one-call path. */
export function prepareStatements(client: PGlite, { parse, protocol }: Library): void {
  const { serialize } = protocol;
  const statements = new Map<string, Statement>();
  /** Close messages for evicted statements, sent with the next call. */
  let toClose: Uint8Array[] = [];
  let counter = 0;

  async function send(parts: Uint8Array[], options: QueryOptions | undefined) {
    const closing = toClose;
    toClose = [];
    return client.execProtocolStream(joinBytes([...closing, ...parts]), { ...options, syncToFs: false });
  }

  async function prepare(text: string, options: QueryOptions | undefined): Promise<Statement> {
    const name = `club_${(++counter).toString(36)}`;
    const messages = await send(
      [serialize.parse({ name, text }), serialize.describe({ type: "S", name }), serialize.sync()],
      options,
    );
    const statement = { name, types: parse.parseDescribeStatementResults(messages) };
    statements.set(text, statement);
    if (statements.size > MAX_STATEMENTS) {
      const [oldestText, oldest] = statements.entries().next().value as [string, Statement];
      statements.delete(oldestText);
      toClose.push(serialize.close({ type: "S", name: oldest.name }));
    }
    return statement;
  }

  async function execute(statement: Statement, params: unknown[], options: QueryOptions | undefined) {
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const type = statement.types[i] ?? 0;
      const serializer = options?.serializers?.[type] ?? client.serializers[type];
      // Without a serializer for its type, its text, as PGlite's own path does.
      return serializer ? serializer(value) : (value as { toString(): string }).toString();
    });
    const messages = await send(
      [
        serialize.bind({ statement: statement.name, values }),
        serialize.describe({ type: "P" }),
        serialize.execute({}),
        serialize.sync(),
      ],
      options,
    );
    return parse.parseResults(messages, client.parsers, options)[0] as Results;
  }

  async function run<T>(text: string, params: unknown[], options: QueryOptions | undefined, inTransaction: boolean) {
    try {
      let statement = statements.get(text);
      if (statement) {
        // Most recently used last: the first entry is the one to evict.
        statements.delete(text);
        statements.set(text, statement);
      } else {
        statement = await prepare(text, options);
      }
      try {
        return (await execute(statement, params, options)) as Results<T>;
      } catch (err) {
        if (!STALE_STATEMENT.has((err as { code?: string }).code ?? "")) throw err;
        statements.delete(text);
        toClose.push(serialize.close({ type: "S", name: statement.name }));
        // In a transaction the error has aborted it: the caller sees it, the next run prepares again.
        if (inTransaction) throw err;
        return (await execute(await prepare(text, options), params, options)) as Results<T>;
      }
    } catch (err) {
      // As PGlite's own path does: the error carries its query.
      if (err instanceof Error && "code" in err) Object.assign(err, { query: text, params, queryOptions: options });
      throw err;
    }
  }

  const ownQuery = client.query.bind(client);
  const handledHere = (options?: QueryOptions) => !options?.blob && !options?.paramTypes;

  client.query = async <T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> => {
    if (!handledHere(options)) return ownQuery<T>(text, params, options);
    await client._checkReady();
    return client._runExclusiveTransaction(() =>
      client._runExclusiveQuery(async () => {
        const result = await run<T>(text, params, options, false);
        await client.syncToFs();
        return result;
      }),
    );
  };

  const ownTransaction = client.transaction.bind(client);
  client.transaction = <T>(callback: (tx: Transaction) => Promise<T>): Promise<T> =>
    ownTransaction((tx) => {
      const query = async <R>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<R>> => {
        if (!handledHere(options) || tx.closed) return tx.query<R>(text, params, options);
        return client._runExclusiveQuery(() => run<R>(text, params, options, true));
      };
      return callback(
        new Proxy(tx, {
          get: (target, prop, receiver) =>
            prop === "query" ? query : (Reflect.get(target, prop, receiver) as unknown),
        }),
      );
    });
}

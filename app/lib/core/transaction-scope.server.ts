/**
 * The transaction the running code belongs to (AsyncLocalStorage), apart from the database
 * module so that the read caches can ask about it without importing the database.
 *
 * Rules: only db.server.ts opens a scope (`runInScope`) and closes it; every other module only
 * asks `inTransaction()` (what it reads may still be rolled back).
 */
import { AsyncLocalStorage } from "node:async_hooks";

/** A transaction opened by `transaction()` of db.server.ts. */
export interface TransactionScope<Tx = unknown> {
  tx: Tx;
  open: boolean;
  /** Run once the outermost transaction committed (never after a rollback). */
  afterCommit: Array<() => void>;
  /** The outermost transaction's scope (null: this one is). */
  root: TransactionScope<Tx> | null;
}

const storage = new AsyncLocalStorage<TransactionScope>();

/** The scope the running code is in, if any (db.server.ts knows its transaction's type). */
export function currentScope<Tx>(): TransactionScope<Tx> | undefined {
  return storage.getStore() as TransactionScope<Tx> | undefined;
}

/** Runs `fn` inside the transaction `scope`. */
export function runInScope<Tx, T>(scope: TransactionScope<Tx>, fn: () => T): T {
  return storage.run(scope, fn);
}

/** True while a transaction is open for this code (what it reads may still be rolled back). */
export function inTransaction(): boolean {
  return storage.getStore()?.open === true;
}

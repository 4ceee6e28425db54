/**
 * Reads of the public pages kept in the process until something changes (issue 12, decision 0034).
 *
 * The public pages read the same rows for every visitor (the latest articles, the upcoming
 * events, a news page, a month of the calendar); without the page cache each view paid those
 * queries again (a third of the home page's CPU with a large club).
 *
 * Rules:
 * - A value is dropped by ANY write: every statement other than a read that goes through `db`
 *   (db.server.ts calls `noteWrite()`, and again when a transaction ends), and every change
 *   announced by another process (change-bus.server.ts). Nothing to invalidate by hand.
 * - A value that stops being true by itself says when (`until`): the next scheduled
 *   publication, the end of the first listed event, the next Paris midnight.
 * - A read that overlapped a write is not stored (generation), and concurrent reads of one key
 *   share one query.
 * - Inside a transaction the cache is neither read nor filled (its rows may be rolled back).
 * - `cachedRead` is for data every visitor sees alike, never a member's own data; a
 *   member's own rows go through `accountRead`, under a key the request proved (decision 0048).
 */
import { onChange } from "./change-bus.server";
import { inTransaction } from "./transaction-scope.server";

interface Entry {
  value: unknown;
  until: number;
}

/** What `load` found, and until when it stays true without any write (none: until the next write). */
export interface Fresh<T> {
  value: T;
  until?: Date | number | null;
}

let generation = 0;

/** Freezes a value and everything it holds (a kept account read is shared by requests). */
function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

/**
 * One bounded store of reads, all dropped at every write (the oldest goes first when full).
 * `frozen`: the values are frozen when kept, so a caller that would change one fails loudly
 * instead of changing what the next request reads.
 */
function readStore(maxEntries: number, frozen = false) {
  const entries = new Map<string, Entry>();
  const pending = new Map<string, { generation: number; promise: Promise<unknown> }>();
  return {
    clear() {
      entries.clear();
      pending.clear();
    },
    async read<T>(key: string, load: () => Promise<Fresh<T>>): Promise<T> {
      // Inside a transaction a read may see what is not committed yet: neither served nor kept.
      if (inTransaction()) return (await load()).value;
      const hit = entries.get(key);
      if (hit && hit.until > Date.now()) return hit.value as T;
      if (hit) entries.delete(key);
      const running = pending.get(key);
      if (running && running.generation === generation) return running.promise as Promise<T>;
      const startedAt = generation;
      const promise = load().then(({ value, until }) => {
        if (pending.get(key)?.promise === promise) pending.delete(key);
        if (frozen) deepFreeze(value);
        if (startedAt === generation) {
          if (entries.size >= maxEntries) entries.delete(entries.keys().next().value as string);
          const end = until == null ? Number.POSITIVE_INFINITY : typeof until === "number" ? until : until.getTime();
          entries.set(key, { value, until: end });
        }
        return value;
      });
      pending.set(key, { generation: startedAt, promise });
      promise.catch(() => {
        if (pending.get(key)?.promise === promise) pending.delete(key);
      });
      return promise;
    },
  };
}

const publicReads = readStore(500);
const accountReads = readStore(2000, true);

/** Something was written: every cached read is dropped, and reads in progress are not stored. */
export function noteWrite(): void {
  generation++;
  publicReads.clear();
  accountReads.clear();
}

onChange(noteWrite);

/** Changes at every write: a read kept for one page only is reused while it is unchanged (decision 0039). */
export function writeGeneration(): number {
  return generation;
}

/** A read every visitor sees alike (the public pages' rows), kept until the next write or `until`. */
export function cachedRead<T>(key: string, load: () => Promise<Fresh<T>>): Promise<T> {
  return publicReads.read(key, load);
}

/**
 * A read of ONE account's own rows (its session and user, its profiles' grades…, decision
 * 0048), kept until the next write or `until`, in a store of its own (2,000 entries: a large
 * club's signed-in members do not push the public reads out), frozen.
 * Rules: the value depends on the key alone (the session token whose signature was checked,
 * a user's or a profile's id, the day), never on who asks; who may see it is checked before
 * the read, as for any query.
 */
export function accountRead<T>(key: string, load: () => Promise<Fresh<T>>): Promise<T> {
  return accountReads.read(key, load);
}

/** The earliest of several instants (null when none). */
export function earliest(...instants: Array<Date | number | null | undefined>): number | null {
  let min: number | null = null;
  for (const i of instants) {
    if (i == null) continue;
    const t = typeof i === "number" ? i : i.getTime();
    if (min === null || t < min) min = t;
  }
  return min;
}

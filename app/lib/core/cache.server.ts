/**
 * The caches of a server process, in one place: named caches, one eviction rule, one
 * invalidation rule.
 *
 * Rules:
 * - A cache is declared once, by name, with the most entries it keeps (`namedCache`).
 *   Eviction: when a cache is full, its least recently used entry goes (lru.ts).
 * - Invalidation: ANY write clears EVERY cache: every statement other than a read that goes
 *   through `db` (db.server.ts calls `noteWrite()`, and again when a transaction ends), and every
 *   change announced by another process (change-bus.server.ts: LISTEN/NOTIFY on PostgreSQL). So
 *   nothing that matters lives in one process's memory only, and nothing is invalidated by hand.
 * - A value that stops being true by itself says when (`until`): the next scheduled publication,
 *   the end of the first listed event, the next Paris midnight.
 * - A read that overlapped a write is not stored (the write generation), and concurrent reads of
 *   one key share one query.
 * - Inside a transaction a cache is neither read nor filled (its rows may be rolled back).
 * - `frozen`: values are frozen when kept, so a caller that would change one fails loudly instead
 *   of changing what the next request reads.
 * - What every visitor sees alike goes through `cachedRead`; a member's own rows through
 *   `accountRead`, under a key the request proved (a checked session token, a user's or a
 *   profile's id): the value depends on the key alone, never on who asks, and who may see it is
 *   checked before the read, as for any query.
 */
import { onChange } from "./change-bus.server";
import { LruMap } from "./lru";
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

export interface NamedCache {
  readonly name: string;
  /** The kept value of `key`, else `load`'s (kept unless a write overlapped it). */
  read<T>(key: string, load: () => Promise<Fresh<T>>): Promise<T>;
  /** Synchronous form, for a value computed at once (markup written from kept data). */
  readNow<T>(key: string, compute: () => Fresh<T>): T;
  clear(): void;
  readonly size: number;
}

let generation = 0;
const caches = new Map<string, NamedCache>();

/** Freezes a value and everything it holds (a kept value is shared by requests). */
function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

function instant(until: Fresh<unknown>["until"]): number {
  return until == null ? Number.POSITIVE_INFINITY : typeof until === "number" ? until : until.getTime();
}

/** Declares a cache (once per name). */
export function namedCache(name: string, options: { maxEntries: number; frozen?: boolean }): NamedCache {
  if (caches.has(name)) throw new Error(`Cache déjà déclaré\u00a0: ${name}`);
  const entries = new LruMap<string, Entry>(options.maxEntries);
  const pending = new Map<string, { generation: number; promise: Promise<unknown> }>();
  const keep = (key: string, startedAt: number, { value, until }: Fresh<unknown>) => {
    if (options.frozen) deepFreeze(value);
    if (startedAt === generation) entries.set(key, { value, until: instant(until) });
    return value;
  };
  const kept = (key: string): Entry | undefined => {
    const hit = entries.get(key);
    if (hit && hit.until > Date.now()) return hit;
    if (hit) entries.delete(key);
    return undefined;
  };
  const cache: NamedCache = {
    name,
    get size() {
      return entries.size;
    },
    clear() {
      entries.clear();
      pending.clear();
    },
    readNow<T>(key: string, compute: () => Fresh<T>): T {
      if (inTransaction()) return compute().value;
      const hit = kept(key);
      if (hit) return hit.value as T;
      return keep(key, generation, compute()) as T;
    },
    async read<T>(key: string, load: () => Promise<Fresh<T>>): Promise<T> {
      if (inTransaction()) return (await load()).value;
      const hit = kept(key);
      if (hit) return hit.value as T;
      const running = pending.get(key);
      if (running && running.generation === generation) return running.promise as Promise<T>;
      const startedAt = generation;
      const promise = load().then((fresh) => {
        if (pending.get(key)?.promise === promise) pending.delete(key);
        return keep(key, startedAt, fresh) as T;
      });
      pending.set(key, { generation: startedAt, promise });
      promise.catch(() => {
        if (pending.get(key)?.promise === promise) pending.delete(key);
      });
      return promise;
    },
  };
  caches.set(name, cache);
  return cache;
}

/** Something was written: every cache is cleared, and reads in progress are not stored. */
export function noteWrite(): void {
  generation++;
  for (const cache of caches.values()) cache.clear();
}

onChange(noteWrite);

/** Changes at every write: a value shared within one page load is reused while it is unchanged. */
export function writeGeneration(): number {
  return generation;
}

const publicReads = namedCache("public-reads", { maxEntries: 500 });
/** 2,000 entries: a large club's signed-in members do not push each other out. */
const accountReads = namedCache("account-reads", { maxEntries: 2000, frozen: true });

/** A read every visitor sees alike (the public pages' rows), kept until the next write or `until`. */
export function cachedRead<T>(key: string, load: () => Promise<Fresh<T>>): Promise<T> {
  return publicReads.read(key, load);
}

/** A read of ONE account's own rows (its session and user, its profiles' grades…), frozen. */
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

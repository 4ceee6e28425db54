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
 * - Only for data every visitor sees alike: never a member's own data.
 */
import { onChange } from "./change-bus.server";
import { inTransaction } from "./db.server";

interface Entry {
  value: unknown;
  until: number;
}

const MAX_ENTRIES = 500;
const entries = new Map<string, Entry>();
const pending = new Map<string, { generation: number; promise: Promise<unknown> }>();
let generation = 0;

/** Something was written: every cached read is dropped, and reads in progress are not stored. */
export function noteWrite(): void {
  generation++;
  entries.clear();
  pending.clear();
}

onChange(noteWrite);

/** Changes at every write: a read kept for one page only is reused while it is unchanged (decision 0039). */
export function writeGeneration(): number {
  return generation;
}

/** What `load` found, and until when it stays true without any write (none: until the next write). */
export interface Fresh<T> {
  value: T;
  until?: Date | number | null;
}

export async function cachedRead<T>(key: string, load: () => Promise<Fresh<T>>): Promise<T> {
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
    if (startedAt === generation) {
      if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
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

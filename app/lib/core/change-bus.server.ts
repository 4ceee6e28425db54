/**
 * Changes seen by every server process.
 *
 * Processes keep copies of rarely-changing data in memory (the settings, the
 * anonymous page cache). A write made through one process must be seen at once
 * through the others, so every write announces itself here:
 * - in this process, the local listeners run synchronously (caches dropped);
 * - on PostgreSQL, `NOTIFY club_changes` reaches every process, which runs its
 *   own listeners on receipt (one LISTEN connection per process).
 * `announceChange()` resolves once the announcement came back on this process's
 * own LISTEN connection (or after 2 s, a bound for a database that stopped
 * answering): PostgreSQL delivers a notification to all listeners at commit, so
 * by then the other processes have it too. Normally the echo takes about a
 * millisecond; under heavy load (the 2-core CI running every test file) it took
 * more than 200 ms, the former bound, and another process served a stale page.
 * PGlite has one process: local listeners only.
 * Rules: listeners only drop caches (cheap, no I/O); writers call
 * `announceChange()` after their write committed.
 */
import { randomUUID } from "node:crypto";
import type { Client } from "pg";
import { log } from "./log.server";

const CHANNEL = "club_changes";
const ECHO_TIMEOUT_MS = 2000;
const listeners = new Set<() => void>();
const waiting = new Map<string, () => void>();
let client: Client | null = null;

/** Runs `fn` whenever something changed, here or in another process. Returns the unsubscriber. */
export function onChange(fn: () => void): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

function runListeners() {
  for (const fn of listeners) {
    try {
      fn();
    } catch (err) {
      log.error("change listener failed", { err });
    }
  }
}

/** Drops the caches of every process; resolves when the other processes were told. */
export async function announceChange(): Promise<void> {
  runListeners();
  if (!client) return;
  const id = randomUUID();
  const echoed = new Promise<void>((resolve) => {
    waiting.set(id, resolve);
    setTimeout(resolve, ECHO_TIMEOUT_MS).unref();
  });
  try {
    await client.query("select pg_notify($1, $2)", [CHANNEL, id]);
    await echoed;
  } catch (err) {
    log.warn("change announcement failed", { err });
  } finally {
    waiting.delete(id);
  }
}

/** Listens to the other processes' changes (PostgreSQL only; started once per process). */
export async function startChangeBus(databaseUrl: string | undefined): Promise<void> {
  if (!databaseUrl || client) return;
  const { default: pg } = await import("pg");
  const c = new pg.Client({ connectionString: databaseUrl });
  c.on("notification", (msg) => {
    if (msg.channel !== CHANNEL) return;
    const own = msg.payload ? waiting.get(msg.payload) : undefined;
    if (own) own();
    else runListeners();
  });
  c.on("error", (err) => log.error("change bus connection failed", { err }));
  await c.connect();
  await c.query(`listen ${CHANNEL}`);
  client = c;
}

export async function stopChangeBus(): Promise<void> {
  const c = client;
  client = null;
  await c?.end().catch(() => {});
}

/**
 * Club settings, reading and writing them: one JSON row per key in the
 * `settings` table, validated by the schemas of settings-schemas.ts.
 *
 * Rules:
 *  - A missing row, or a stored value that no longer matches its schema,
 *    reads as the default; a write is validated first (a bad value throws).
 *  - Reads are cached in memory and the cache is dropped on every write, here
 *    or in another server process (change-bus.server.ts: LISTEN/NOTIFY on
 *    PostgreSQL).
 *  - Inside a transaction the cache is neither read nor filled: what the
 *    transaction sees may be rolled back. A write inside one drops the key
 *    again once it commits (a read outside it may have cached the old value).
 */
import { eq } from "drizzle-orm";
import { settings } from "#db/schema";
import { afterCommit, db } from "../core/db.server";
import { inTransaction } from "../core/transaction-scope.server";
import { onChange } from "../core/change-bus.server";
import { defaultSettings, settingsSchemas, type SettingKey, type Settings } from "./settings-schemas";

const cache = new Map<SettingKey, unknown>();
onChange(() => cache.clear());

export async function getSetting<K extends SettingKey>(key: K): Promise<Settings[K]> {
  const cacheable = !inTransaction();
  if (cacheable && cache.has(key)) return cache.get(key) as Settings[K];
  const [row] = await db.select().from(settings).where(eq(settings.key, key));
  const parsed = row ? settingsSchemas[key].safeParse(row.value) : null;
  const value = (parsed?.success ? parsed.data : defaultSettings[key]) as Settings[K];
  if (cacheable) cache.set(key, value);
  return value;
}

export async function setSetting<K extends SettingKey>(
  key: K,
  value: Settings[K],
  updatedBy: string | null = null,
): Promise<void> {
  const parsed = settingsSchemas[key].parse(value);
  await db
    .insert(settings)
    .values({ key, value: parsed, updatedBy })
    .onConflictDoUpdate({ target: settings.key, set: { value: parsed, updatedAt: new Date(), updatedBy } });
  cache.delete(key);
  afterCommit(() => cache.delete(key));
}

/** Tests and the seed: forget cached values. */
export function clearSettingsCache() {
  cache.clear();
}

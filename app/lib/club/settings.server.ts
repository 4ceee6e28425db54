/**
 * Club settings, reading and writing them: one JSON row per key in the
 * `settings` table, validated by the schemas of settings-schemas.ts.
 *
 * Rules:
 *  - A missing row, or a stored value that no longer matches its schema,
 *    reads as the default; a write is validated first (a bad value throws).
 *  - Reads are kept in the "settings" cache of core/cache.server.ts: cleared by
 *    any write, here or in another server process, never read nor filled
 *    inside a transaction.
 */
import { eq } from "drizzle-orm";
import { settings } from "#db/schema";
import { db } from "../core/db.server";
import { namedCache } from "../core/cache.server";
import { defaultSettings, settingsSchemas, type SettingKey, type Settings } from "./settings-schemas";

const cache = namedCache("settings", { maxEntries: Object.keys(settingsSchemas).length });

export function getSetting<K extends SettingKey>(key: K): Promise<Settings[K]> {
  return cache.read(key, async () => {
    const [row] = await db.select().from(settings).where(eq(settings.key, key));
    const parsed = row ? settingsSchemas[key].safeParse(row.value) : null;
    return { value: (parsed?.success ? parsed.data : defaultSettings[key]) as Settings[K] };
  });
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
}

/** Tests and the seed: forget cached values. */
export function clearSettingsCache() {
  cache.clear();
}

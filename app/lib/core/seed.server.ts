/**
 * First-start seed: club settings and content, so that a new site is
 * complete. Runs once: a database that was seeded before (marker row) is never
 * seeded again, so a second start changes nothing. A setting already written
 * (by a script before the first start: the browser tests' club) is kept.
 */
import { eq } from "drizzle-orm";
import { settings } from "#db/schema";
import { db } from "./db.server";
import { log } from "./log.server";
import { clearSettingsCache, setSetting } from "../club/settings.server";
import { defaultSettings, type SettingKey } from "../club/settings-schemas";
import { seeders } from "./seed/index.server";

const MARKER = "_seeded_at";

export async function seedDatabase(): Promise<boolean> {
  const [marker] = await db.select().from(settings).where(eq(settings.key, MARKER));
  if (marker) return false;
  await db.transaction(async () => {
    const written = new Set((await db.select({ key: settings.key }).from(settings)).map((r) => r.key));
    for (const key of Object.keys(defaultSettings) as SettingKey[]) {
      if (!written.has(key)) await setSetting(key, defaultSettings[key], null);
    }
    for (const seeder of seeders) await seeder.run();
    await db.insert(settings).values({ key: MARKER, value: new Date().toISOString() });
  });
  clearSettingsCache();
  log.info("database seeded", { seeders: seeders.map((s) => s.name) });
  return true;
}

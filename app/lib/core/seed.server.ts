/**
 * First-start seed: club settings and content, so that a new site is
 * complete. Runs once: a database that was seeded before (marker row) is never
 * seeded again, so a second start changes nothing.
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
    for (const key of Object.keys(defaultSettings) as SettingKey[]) {
      await setSetting(key, defaultSettings[key], null);
    }
    for (const seeder of seeders) await seeder.run();
    await db.insert(settings).values({ key: MARKER, value: new Date().toISOString() });
  });
  clearSettingsCache();
  log.info("database seeded", { seeders: seeders.map((s) => s.name) });
  return true;
}

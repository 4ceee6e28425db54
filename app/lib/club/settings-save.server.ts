/**
 * Saving the club settings from the admin pages (sections, brochure, banners,
 * campaign) and showing who saved them last.
 *
 * Rules:
 *  - A save is refused when someone else saved the same setting since the
 *    form was loaded (the row's updatedAt, checked under a row lock):
 *    `SETTINGS_CONFLICT_MESSAGE`, nothing is written.
 *  - Every save clears the settings cache (settings.server.ts).
 */
import { eq } from "drizzle-orm";
import { settings, users } from "#db/schema";
import { db } from "../core/db.server";
import type { EditableKey } from "./settings-admin.server";
import { clearSettingsCache, getSetting, setSetting } from "./settings.server";
import { type Settings } from "./settings-schemas";
import { SETTINGS_SECTIONS, type SettingsSection } from "./settings-labels";

export interface SettingMeta {
  updatedAt: string | null;
  updatedByName: string | null;
}

/** When and by whom a setting was last saved. */
export async function settingMeta(key: EditableKey | "brochure" | "banners" | "campaign"): Promise<SettingMeta> {
  const [row] = await db
    .select({ updatedAt: settings.updatedAt, prenom: users.prenom, nom: users.nom, email: users.email })
    .from(settings)
    .leftJoin(users, eq(users.id, settings.updatedBy))
    .where(eq(settings.key, key));
  if (!row) return { updatedAt: null, updatedByName: null };
  const name = row.prenom || row.nom ? `${row.prenom} ${row.nom}`.trim() : (row.email ?? null);
  return { updatedAt: row.updatedAt.toISOString(), updatedByName: name };
}

export const SETTINGS_CONFLICT_MESSAGE =
  "Ces réglages ont été modifiés par quelqu’un d’autre pendant que vous les modifiiez. Vos changements n’ont pas été enregistrés : rechargez la page pour voir la dernière version, puis recommencez.";

/**
 * Saves a setting if it was not saved by someone else since `basedOn` (the
 * updatedAt the form was loaded with, ISO string; "" when the row did not exist).
 */
export async function saveSettingChecked<K extends EditableKey | "brochure" | "banners" | "campaign">(
  key: K,
  value: Settings[K],
  basedOn: string,
  userId: string,
): Promise<{ ok: true } | { ok: false; message: string }> {
  const result = await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ updatedAt: settings.updatedAt })
      .from(settings)
      .where(eq(settings.key, key))
      .for("update");
    const current = row ? row.updatedAt.toISOString() : "";
    if (current !== basedOn) return false;
    await setSetting(key, value, userId);
    return true;
  });
  clearSettingsCache();
  return result ? { ok: true } : { ok: false, message: SETTINGS_CONFLICT_MESSAGE };
}

/** Current value of a section's setting. */
export async function sectionSetting(section: SettingsSection): Promise<Settings[EditableKey]> {
  return getSetting(SETTINGS_SECTIONS[section].key);
}

/**
 * Reminder e-mails are opt-in per season: nothing is sent until a
 * manager turns them on for the season, after a preview of who would get
 * what (dueReminders). A fresh install sends nothing.
 *
 * Rules: stored in the setting "reminders" (the seasons turned on); turning
 * on or off is written to the audit log with its author.
 */
import { transaction } from "../core/db.server";
import { clearSettingsCache, getSetting, setSetting } from "../club/settings.server";
import { audit } from "../core/audit.server";
import { type Actor } from "./users-rules.server";

export async function remindersEnabledFor(season: string): Promise<boolean> {
  return (await getSetting("reminders")).seasons.includes(season);
}

export async function setRemindersEnabled(season: string, enabled: boolean, actor: Actor): Promise<void> {
  await transaction(async () => {
    const current = (await getSetting("reminders")).seasons.filter((s) => s !== season);
    await setSetting("reminders", { seasons: enabled ? [...current, season].sort() : current }, actor.id);
    await audit(
      actor,
      enabled ? "reminders.enable" : "reminders.disable",
      `Rappels par e-mail ${enabled ? "activés" : "désactivés"} pour la saison ${season}.`,
    );
  });
  clearSettingsCache();
}

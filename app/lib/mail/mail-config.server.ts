/**
 * The mail server in effect (issue 19): SMTP_URL from the environment when
 * set, otherwise the server an administrator entered in the browser (setup
 * page or operations page, setting "mail"), otherwise none (messages wait in
 * the outbox).
 *
 * Rules:
 *  - SMTP_URL always wins; the pages say so and do not offer to change it.
 *  - Read at every delivery run (settings are cached in memory and the cache
 *    is dropped on write): a change takes effect without a restart.
 *  - The password is stored in the settings table but never returned to a
 *    page (`mailSettingsView` only says whether one is stored), never logged,
 *    never written to the audit log. An empty password field keeps the stored one.
 */
import type { MailSettingsInput, MailSettingsView } from "./mail-settings";
import { env } from "../core/env.server";
import { log } from "../core/log.server";
import { transaction } from "../core/db.server";
import { clearSettingsCache, getSetting, setSetting } from "../club/settings.server";
import { type Settings } from "../club/settings-schemas";
import { audit } from "../core/audit.server";
import { type Actor } from "../members/users-rules.server";

export interface EffectiveMailConfig {
  /** Where the server comes from: the environment, the settings, or nowhere. */
  source: "env" | "settings" | null;
  /** The nodemailer URL (holds the password: never log it). */
  url: string | null;
  from: string;
}

function settingsUrl(m: Settings["mail"]): string | null {
  if (!m.host.trim()) return null;
  const auth = m.user ? `${encodeURIComponent(m.user)}${m.password ? `:${encodeURIComponent(m.password)}` : ""}@` : "";
  const host = m.host.includes(":") && !m.host.startsWith("[") ? `[${m.host}]` : m.host;
  return `${m.secure ? "smtps" : "smtp"}://${auth}${host}:${m.port}`;
}

export async function effectiveMailConfig(): Promise<EffectiveMailConfig> {
  const e = env();
  if (e.SMTP_URL) return { source: "env", url: e.SMTP_URL, from: e.MAIL_FROM };
  const m = await getSetting("mail");
  const url = settingsUrl(m);
  return { source: url ? "settings" : null, url, from: (url && m.from.trim()) || e.MAIL_FROM };
}

export async function mailSettingsView(): Promise<MailSettingsView> {
  const m = await getSetting("mail");
  return {
    envWins: Boolean(env().SMTP_URL),
    configured: Boolean(env().SMTP_URL) || Boolean(m.host.trim()),
    host: m.host,
    port: m.port,
    secure: m.secure,
    user: m.user,
    from: m.from,
    hasPassword: m.password !== "",
  };
}

/**
 * Stores the mail server entered in the browser. An empty password keeps the
 * stored one (the page never shows it back). Audited without the password.
 */
export async function saveMailSettings(input: MailSettingsInput, actor: Actor | null): Promise<void> {
  const before = await getSetting("mail");
  const value: Settings["mail"] = {
    host: input.smtpHost,
    port: input.smtpPort,
    secure: input.smtpSecure,
    user: input.smtpUser,
    password: input.smtpPassword !== "" ? input.smtpPassword : before.password,
    from: input.smtpFrom,
  };
  await transaction(async () => {
    await setSetting("mail", value, actor?.id ?? null);
    await audit(
      actor,
      "settings.mail",
      `Serveur d'envoi des e-mails réglé : ${value.host}:${value.port}${value.user ? `, identifiant ${value.user}` : ""}${input.smtpPassword ? ", nouveau mot de passe" : ""}.`,
    );
  });
  clearSettingsCache();
  log.info("mail server set in the browser", { host: value.host, port: value.port, actorId: actor?.id ?? null });
}

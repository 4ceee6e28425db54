/**
 * What the operations page (/espace-membre/exploitation) shows an
 * administrator, read in one place: version, uptime, database kind and size,
 * free disk space where the data lives, uploaded files, the outbox, backups,
 * background jobs, and the setup warnings (what is still to do).
 *
 * Rules: read-only; every figure comes from the running system (no guess);
 * anything that cannot be measured says so ("inconnu") instead of a number.
 */
import { readdirSync, statfsSync, statSync } from "node:fs";
import path from "node:path";
import { desc, eq, sql } from "drizzle-orm";
import { jobRuns, outbox } from "#db/schema";
import packageJson from "../../../package.json";
import { db, databaseDriver, inlineCount } from "../core/db.server";
import { env } from "../core/env.server";
import { parisDate } from "../core/time";
import { mailSettingsView } from "../mail/mail-config.server";
import type { MailSettingsView } from "../mail/mail-settings";
import { settingsToFill, type SettingToFill } from "../club/settings-to-fill.server";
import { storagePlaces } from "../content/storage.server";
import { backupDir, lastFailure, listBackups, type BackupFailure, type BackupInfo } from "./backup-folder.server";

const startedAt = new Date();

function folderSize(dir: string): number {
  let total = 0;
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return 0;
  }
  for (const e of entries) {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) total += folderSize(full);
    else if (e.isFile()) total += statSync(full).size;
  }
  return total;
}

function freeSpace(dir: string): { free: number; total: number } | null {
  try {
    const s = statfsSync(dir);
    return { free: s.bavail * s.bsize, total: s.blocks * s.bsize };
  } catch {
    return null;
  }
}

export interface JobStatus {
  name: string;
  label: string;
  lastRun: string | null;
  next: string;
}

export interface OperationsStatus {
  version: string;
  startedAt: string;
  database: { kind: "pglite" | "postgres"; size: number | null };
  disk: { free: number; total: number } | null;
  uploads: number;
  mail: {
    smtp: boolean;
    /** The server set in the browser (no password), and whether SMTP_URL wins over it. */
    settings: MailSettingsView;
    waiting: number;
    failed: Array<{
      id: number;
      to: string;
      subject: string;
      lastError: string | null;
      attempts: number;
      createdAt: string;
    }>;
    lastSent: string | null;
  };
  backups: { list: BackupInfo[]; failure: BackupFailure | null; dir: string; next: string; encrypted: boolean };
  jobs: JobStatus[];
  warnings: string[];
  /** Club settings still empty, hidden on the public pages until filled. */
  toFill: SettingToFill[];
}

/** The next time `hour` (Paris) comes, as a French sentence. */
function nextDaily(hour: number, doneToday: boolean): string {
  return doneToday ? `demain vers ${hour} h` : `aujourd'hui à partir de ${hour} h`;
}

export async function operationsStatus(now: Date = new Date()): Promise<OperationsStatus> {
  const e = env();
  const kind = databaseDriver();
  let size: number | null = null;
  if (kind === "postgres") {
    const rows = await db.execute<{ size: string | number }>(sql`select pg_database_size(current_database()) as size`);
    size = Number((rows as { rows: Array<{ size: string | number }> }).rows?.[0]?.size ?? NaN);
    if (!Number.isFinite(size)) size = null;
  } else size = folderSize(path.join(e.DATA_DIR, "pglite"));

  const counts = await db
    .select({ status: outbox.status, n: sql<number>`count(*)::int` })
    .from(outbox)
    .groupBy(outbox.status);
  const failed = await db
    .select({
      id: outbox.id,
      to: outbox.to,
      subject: outbox.subject,
      lastError: outbox.lastError,
      attempts: outbox.attempts,
      createdAt: outbox.createdAt,
    })
    .from(outbox)
    .where(eq(outbox.status, "failed"))
    .orderBy(desc(outbox.createdAt))
    .limit(inlineCount(20));
  const [sent] = await db.select({ at: sql<Date | null>`max(${outbox.sentAt})` }).from(outbox);

  const runs = new Map((await db.select().from(jobRuns)).map((r) => [r.name, r.lastRunOn]));
  const today = parisDate(now);
  const backups = listBackups();
  const jobs: JobStatus[] = [
    {
      name: "backup",
      label: "Sauvegarde de la nuit",
      lastRun: runs.get("backup") ?? null,
      next: nextDaily(e.BACKUP_HOUR, runs.get("backup") === today),
    },
    {
      name: "reminders",
      label: "Rappels (cotisation, certificat)",
      lastRun: runs.get("reminders") ?? null,
      next: nextDaily(8, runs.get("reminders") === today),
    },
    {
      name: "outbox",
      label: "Envoi des e-mails en attente",
      lastRun: sent?.at ? new Date(sent.at).toISOString() : null,
      next: "toutes les 30 secondes",
    },
  ];

  const mailSettings = await mailSettingsView();
  const waiting = counts.find((c) => c.status === "pending")?.n ?? 0;
  const warnings: string[] = [];
  if (!mailSettings.configured)
    warnings.push(
      "Aucun serveur d'envoi d'e-mails : les e-mails attendent dans la file et ne partent pas. Réglez-le ci-dessous.",
    );
  if (!backups.length) warnings.push("Aucune sauvegarde pour l'instant : lancez-en une ci-dessous.");
  else if (!backups[0]?.verification.ok) warnings.push("La dernière sauvegarde n'a pas passé sa vérification.");
  if (!e.BACKUP_PASSPHRASE)
    warnings.push("Sauvegardes non chiffrées (BACKUP_PASSPHRASE) : gardez-les dans un endroit sûr.");
  if (backupDir().startsWith(e.DATA_DIR + path.sep))
    warnings.push("Les sauvegardes sont sur le même disque que le site : copiez-les régulièrement ailleurs.");
  if (!e.BASE_URL.startsWith("https://")) warnings.push(`Adresse du site sans HTTPS (BASE_URL = ${e.BASE_URL}).`);
  const disk = freeSpace(e.DATA_DIR);
  if (disk && disk.free < 1024 ** 3) warnings.push("Moins de 1 Go d'espace libre sur le disque des données.");

  return {
    version: packageJson.version,
    startedAt: startedAt.toISOString(),
    database: { kind, size },
    disk,
    uploads: folderSize(path.join(e.DATA_DIR, "uploads")) + (await storagePlaces().database.totals()).bytes,
    mail: {
      smtp: mailSettings.configured,
      settings: mailSettings,
      waiting,
      failed: failed.map((f) => ({ ...f, createdAt: f.createdAt.toISOString() })),
      lastSent: sent?.at ? new Date(sent.at).toISOString() : null,
    },
    backups: {
      list: backups,
      failure: lastFailure(),
      dir: backupDir(),
      next: nextDaily(e.BACKUP_HOUR, runs.get("backup") === today),
      encrypted: Boolean(e.BACKUP_PASSPHRASE),
    },
    jobs,
    warnings,
    toFill: await settingsToFill(),
  };
}

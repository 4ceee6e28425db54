/**
 * The nightly backup (imported once by app/entry.server.tsx). The job wakes up
 * every 10 minutes; `runNightlyBackup` backs up once per Paris day, from
 * BACKUP_HOUR on (the day is claimed in job_runs first, so restarts, several
 * processes and several machines on one PostgreSQL never back up twice), then applies the retention rule
 * (BACKUP_KEEP_DAILY days, BACKUP_KEEP_WEEKLY weeks). A failure is mailed to the
 * administrators and shown on the operations page; the earlier backups stay.
 */
import { and, eq } from "drizzle-orm";
import { users } from "#db/schema";
import { holdsCapability } from "../accounts/authorize.server";
import { db } from "../core/db.server";
import { claimDailyRun } from "../core/daily-run.server";
import { env } from "../core/env.server";
import { registerJob } from "../core/jobs.server";
import { log } from "../core/log.server";
import { sendMail } from "../mail/send.server";
import { backupProblemMail, type BackupProblemData } from "../mail/templates/backup-problem";
import { parisDate, parisHour } from "../core/time";
import { createBackup } from "./backup.server";
import { pruneBackups, type BackupInfo } from "./backup-folder.server";

export const BACKUP_JOB = "backup";
export const BACKUP_CHECK_INTERVAL_MS = 10 * 60 * 1000;

export type NightlyResult =
  | { ran: false; why: "too-early" | "already-done" }
  | { ran: true; backup: BackupInfo; removed: string[] }
  | { ran: true; error: string };

export async function runNightlyBackup(now: Date = new Date()): Promise<NightlyResult> {
  const e = env();
  if (parisHour(now) < e.BACKUP_HOUR) return { ran: false, why: "too-early" };
  // One backup a day across every process and machine of one database (core/daily-run.server.ts).
  if (!(await claimDailyRun(BACKUP_JOB, parisDate(now)))) return { ran: false, why: "already-done" };
  try {
    const backup = await createBackup({ reason: "nocturne", now });
    const removed = pruneBackups({ daily: e.BACKUP_KEEP_DAILY, weekly: e.BACKUP_KEEP_WEEKLY });
    if (!backup.verification.ok) await mailAdmins("verification", backup.verification.error ?? "");
    return { ran: true, backup, removed };
  } catch (err) {
    const error = err instanceof Error ? err.message : String(err);
    await mailAdmins("failure", error);
    return { ran: true, error };
  }
}

async function mailAdmins(problem: BackupProblemData["problem"], error: string) {
  try {
    const admins = await db
      .select({ email: users.email, prenom: users.prenom })
      .from(users)
      .where(and(holdsCapability("site:administer"), eq(users.active, true)));
    for (const admin of admins) {
      await sendMail(backupProblemMail, { prenom: admin.prenom, problem, error }, { to: admin.email });
    }
  } catch (err) {
    log.error("backup failure mail not queued", { err });
  }
}

registerJob({
  name: BACKUP_JOB,
  intervalMs: BACKUP_CHECK_INTERVAL_MS,
  run: async () => {
    await runNightlyBackup();
  },
});

/**
 * Benchmark of backups (issue "Running the site without a technician"): a
 * club of 10,000 members (accounts, password logins, own profiles, season
 * statuses) and 5,000 articles in a fresh embedded database folder; then one
 * backup (written and verified by a trial restore) and one restore into an
 * empty folder. Prints the durations and the archive's size. Run by
 * `npm run bench` (section "Sauvegarde") or alone: `tsx scripts/bench-backup.ts`.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { sql } from "drizzle-orm";

export async function benchBackup(members = 10_000, articleCount = 5_000) {
  const dir = mkdtempSync(path.join(os.tmpdir(), "club-bench-backup-"));
  const { setEnvForTests } = await import("../app/lib/core/env.server");
  setEnvForTests({
    NODE_ENV: "production",
    DATA_DIR: dir,
    BASE_URL: "http://localhost:3000",
    SMTP_URL: "",
    DATABASE_URL: "",
    LOG_LEVEL: "error",
  });
  const { openDatabase, closeDatabase, db } = await import("../app/lib/core/db.server");
  const { createBackup } = await import("../app/lib/operations/backup.server");
  const { restoreArchive } = await import("../app/lib/operations/restore.server");
  await openDatabase({ pgliteDir: path.join(dir, "pglite") });
  try {
    await db.execute(sql`insert into users (id, name, email, prenom, nom, roles, email_verified)
      select 'u' || i, 'Prénom' || i || ' Nom' || i, 'membre' || i || '@exemple.fr', 'Prénom' || i, 'Nom' || i, array['membre'], true
      from generate_series(1, ${members}) i`);
    await db.execute(sql`insert into accounts (id, account_id, provider_id, user_id, password)
      select 'a' || i, 'u' || i, 'credential', 'u' || i, 'scrypt-hash-' || md5(i::text) || md5((i * 7)::text)
      from generate_series(1, ${members}) i`);
    await db.execute(sql`insert into profiles (owner_id, is_self, prenom, nom, date_of_birth, relationship, phone)
      select 'u' || i, true, 'Prénom' || i, 'Nom' || i, date '1980-01-01' + (i % 9000), 'moi', '06 12 34 56 78'
      from generate_series(1, ${members}) i`);
    await db.execute(sql`insert into season_statuses (profile_id, season, cotisation_paid_on, cotisation_amount_cents, cotisation_means)
      select id, '2026-2027', date '2026-09-15', 18000, 'cheque' from profiles`);
    await db.execute(sql`insert into articles (slug, title, summary, body, status, published_at)
      select 'article-' || i, 'Article numéro ' || i, 'Résumé de l''article ' || i, repeat('<p>Un paragraphe du club, avec des accents : é è à ç.</p>', 20), 'publie', now() - (i || ' hours')::interval
      from generate_series(1, ${articleCount}) i`);
    let start = performance.now();
    const info = await createBackup({ reason: "commande" });
    const backupMs = performance.now() - start;
    if (!info.verification.ok) throw new Error(info.verification.error);
    await closeDatabase();
    const target = mkdtempSync(path.join(os.tmpdir(), "club-bench-restore-"));
    start = performance.now();
    await restoreArchive({ archive: info.file, dataDir: target });
    const restoreMs = performance.now() - start;
    rmSync(target, { recursive: true, force: true });
    return { backupMs, verifyMs: info.verification.ms, restoreMs, size: info.size };
  } finally {
    await closeDatabase().catch(() => {});
    rmSync(dir, { recursive: true, force: true });
  }
}

export function formatBackupBench(r: { backupMs: number; verifyMs: number; restoreMs: number; size: number }): string {
  return `sauvegarde : ${(r.backupMs / 1000).toFixed(1)} s (dont vérification ${(r.verifyMs / 1000).toFixed(1)} s), archive ${(r.size / 1024 / 1024).toFixed(1)} Mo ; restauration : ${(r.restoreMs / 1000).toFixed(1)} s`;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  void benchBackup().then((r) => console.log(`10 000 membres et 5 000 articles — ${formatBackupBench(r)}`));
}

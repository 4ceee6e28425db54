/**
 * npm run seed:large — a large club for measuring: 10,000 accounts
 * (password logins, own profile, a family profile for one account in three),
 * grades for every profile, 5,000 articles, 2,000 events and three seasons of
 * status rows. Set-based inserts (generate_series): a few seconds.
 *
 * Opens the database exactly like the server (DATABASE_URL, else DATA_DIR's
 * embedded database, which the server must not be holding), migrates and seeds
 * it first. Refuses to run twice on one database. The accounts cannot sign in
 * (their password hash is a placeholder): add one with `npm run user -- add`.
 */
import path from "node:path";
import { pathToFileURL } from "node:url";
import { like, sql } from "drizzle-orm";
import { users } from "#db/schema";
import { db, inlineCount } from "~/lib/core/db.server";
import { vacuumAnalyze } from "~/lib/operations/vacuum.server";

export const LARGE = {
  accounts: 10_000,
  articles: 5_000,
  events: 2_000,
  seasons: ["2024-2025", "2025-2026", "2026-2027"],
};

/** Inserts the large club into an open, migrated and seeded database. */
export async function seedLarge(size = LARGE): Promise<void> {
  const n = size.accounts;
  await db.transaction(async (tx) => {
    await tx.execute(sql`insert into users (id, name, email, prenom, nom, roles, email_verified, created_at)
      select 'large-' || i, 'Prénom' || i || ' Nom' || i, 'membre' || i || '@grand-club.exemple', 'Prénom' || i, 'Nom' || i,
        case when i % 50 = 0 then array['membre', 'professeur'] when i % 20 = 0 then array['pre-inscrit'] else array['membre'] end,
        true, now() - (i || ' minutes')::interval
      from generate_series(1, ${n}) i`);
    await tx.execute(sql`insert into accounts (id, account_id, provider_id, user_id, password)
      select 'large-a' || i, 'large-' || i, 'credential', 'large-' || i, 'scrypt-placeholder-' || md5(i::text)
      from generate_series(1, ${n}) i`);
    await tx.execute(sql`insert into profiles (owner_id, is_self, prenom, nom, date_of_birth, relationship, phone)
      select 'large-' || i, true, 'Prénom' || i, 'Nom' || i, date '1970-01-01' + (i % 15000), 'moi', '06 12 34 56 78'
      from generate_series(1, ${n}) i`);
    await tx.execute(sql`insert into profiles (owner_id, is_self, prenom, nom, date_of_birth, relationship)
      select 'large-' || i, false, 'Enfant' || i, 'Nom' || i, date '2012-01-01' + (i % 3000), 'enfant'
      from generate_series(3, ${n}, 3) i`);
    await tx.execute(sql`insert into grade_history (profile_id, grade_id, awarded_on)
      select p.id, g.id, date '2020-06-15' + (p.id % 1500)
      from profiles p
      join lateral (select id from grades order by position offset (p.id % 6) limit 1) g on true
      where p.owner_id like 'large-%'`);
    for (const [k, season] of size.seasons.entries()) {
      const year = Number(season.slice(0, 4));
      await tx.execute(sql`insert into season_statuses (profile_id, season, cotisation_paid_on, cotisation_amount_cents, cotisation_means,
          health_document_kind, health_document_received_on, health_document_valid_until)
        select id, ${season},
          case when (id + ${k}) % 7 = 0 then null else make_date(${year}, 9, 1 + id % 28) end, 18000, 'cheque',
          'certificat', make_date(${year}, 9, 1 + id % 28), make_date(${year + 3}, 8, 31)
        from profiles where owner_id like 'large-%'`);
    }
    await tx.execute(sql`insert into articles (slug, title, summary, body, status, published_at)
      select 'grand-article-' || i, 'Article numéro ' || i, 'Résumé de l''article ' || i,
        repeat('<p>Un paragraphe du club, avec des accents : é è à ç.</p>', 20),
        case when i % 10 = 0 then 'brouillon' else 'publie' end, now() - (i || ' hours')::interval
      from generate_series(1, ${size.articles}) i`);
    await tx.execute(sql`insert into events (title, description, starts_at, ends_at, place, category, members_only)
      select 'Événement ' || i, 'Description de l''événement ' || i,
        date_trunc('hour', now()) + ((i - ${size.events / 2}) * 9 || ' hours')::interval,
        date_trunc('hour', now()) + ((i - ${size.events / 2}) * 9 + 2 || ' hours')::interval,
        'Gymnase', (array['cours', 'stage', 'competition', 'passage-de-grades', 'demonstration'])[1 + i % 5], i % 4 = 0
      from generate_series(1, ${size.events}) i`);
  });
  // Statistics and the visibility map before anyone reads: what the nightly run keeps.
  await vacuumAnalyze();
}

async function main() {
  const { env } = await import("~/lib/core/env.server");
  const { openDatabase, closeDatabase, runMigrations, withStartupLock } = await import("~/lib/core/db.server");
  const { seedDatabase } = await import("~/lib/core/seed.server");
  const e = env();
  await openDatabase({ url: e.DATABASE_URL, pgliteDir: path.join(e.DATA_DIR, "pglite"), migrate: false });
  try {
    await withStartupLock(async () => {
      await runMigrations();
      await seedDatabase();
    });
    const [existing] = await db
      .select({ id: users.id })
      .from(users)
      .where(like(users.id, "large-%"))
      .limit(inlineCount(1));
    if (existing) {
      console.error("Le grand club est déjà dans cette base\u00a0: rien n'a été ajouté.");
      process.exitCode = 1;
      return;
    }
    const start = performance.now();
    await seedLarge();
    console.log(
      `Grand club ajouté en ${((performance.now() - start) / 1000).toFixed(1)}\u00a0s\u00a0: ${LARGE.accounts} comptes, ${LARGE.articles} articles, ${LARGE.events} événements, saisons ${LARGE.seasons.join(", ")}.`,
    );
  } finally {
    await closeDatabase();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  main().catch((err) => {
    console.error(err instanceof Error ? err.message : String(err));
    process.exit(1);
  });
}

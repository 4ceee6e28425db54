/**
 * The users search on a large club (issue 12): its GIN index takes new accounts
 * at once (no pending list: PGlite runs no autovacuum to merge one), and a search reads the
 * same sorted pages whether it matches a few accounts (matches read through the index, then
 * sorted) or most of the club (the name index walked, matches picked on the way). A page of
 * the list is read with the plan PostgreSQL kept for its statement.
 */
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { app } from "../helpers/app";
import { createUser, type CreatedUser } from "../helpers/auth";
import { databaseDriver, db } from "~/lib/core/db.server";
import { seedDatabase } from "~/lib/core/seed.server";

let manager: CreatedUser;

beforeAll(async () => {
  await seedDatabase();
  manager = await createUser({ roles: ["user_manager"], prenom: "Gérante", nom: "Liste", email: "gerante@exemple.fr" });
  // 2,100 accounts « Prénom<i> Membre<i> »: more matches than the sorted-matches bound (2,000).
  await db.execute(sql`insert into users (id, name, email, prenom, nom, roles, email_verified)
    select 'grand-' || i, 'Prénom' || i || ' Membre' || i, 'membre' || i || '@grand.exemple', 'Prénom' || i,
      'Membre' || lpad(i::text, 4, '0'), array['membre'], true
    from generate_series(1, 2100) i`);
});

type Page = { rows: Array<{ id: string }>; total: number; pages: number };

/** A page of the list as shown: its total and the accounts' ids, in the order of the rows. */
async function list(query: string) {
  const page = (await app.get<Page>(`/espace-membre/utilisateurs?${query}`, { as: manager })).data;
  return { ...page, ids: page.rows.map((row) => row.id) };
}

describe("users search on a large club", () => {
  it("keeps its index free of a pending list of new entries", async () => {
    const result = await db.execute<{ options: string[] | null }>(
      sql`select reloptions as options from pg_class where relname = 'users_search_index'`,
    );
    expect((result as { rows: { options: string[] | null }[] }).rows[0]?.options).toContain("fastupdate=false");
  });

  it("gives the same sorted pages for a broad search (most of the club) and a narrow one", async () => {
    const broad = await list("q=membre&page=2");
    expect(broad.total).toBe(2100);
    expect(broad.ids).toEqual(Array.from({ length: 20 }, (_, k) => `grand-${21 + k}`));
    const narrow = await list("q=membre01&tri=-nom");
    expect(narrow.total).toBe(100); // Membre0100 to Membre0199
    expect(narrow.ids[0]).toBe("grand-199");
    expect(narrow.ids[19]).toBe("grand-180");
    const last = await list("q=membre01&tri=-nom&page=5");
    expect(last.ids.at(-1)).toBe("grand-100");
  });

  it("reads a page of the list with the plan kept for its statement, not planned again at every view", async () => {
    // PGlite: one session, so its prepared statements are all in pg_prepared_statements (a
    // PostgreSQL pool spreads them over its connections).
    if (databaseDriver() !== "pglite") return;
    for (let i = 0; i < 10; i++) await list("page=3");
    const result = await db.execute<{ generic: number; custom: number }>(
      sql`select generic_plans::int as generic, custom_plans::int as custom from pg_prepared_statements
        where statement like '%"on_page"%' and statement like '%offset 40%'
          and statement not like '%pg_prepared_statements%'`,
    );
    const [page] = (result as { rows: { generic: number; custom: number }[] }).rows;
    // PostgreSQL tries five plans made for the values, then keeps its generic one when it is as good.
    expect(page?.custom).toBeLessThanOrEqual(5);
    expect(page?.generic).toBeGreaterThanOrEqual(5);
  });
});

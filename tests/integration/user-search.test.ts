/**
 * The managers' user search ignores accents, Vietnamese ones included
 * ("nguyen" finds "Nguyễn", "dang" finds "Đặng"), on the stored folded column
 * `users.search_text` kept by the database on every write, with its index;
 * the list and its CSV export search the same way (issue 10, decision 0018).
 */
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { users } from "#db/schema";
import { app } from "../helpers/app";
import { createUser, type CreatedUser } from "../helpers/auth";
import { db } from "~/lib/core/db.server";
import { seedDatabase } from "~/lib/core/seed.server";

let manager: CreatedUser;

beforeAll(async () => {
  await seedDatabase();
  manager = await createUser({
    roles: ["user_manager"],
    prenom: "Gérante",
    nom: "Liste",
    email: "gerante.recherche@exemple.fr",
  });
  await createUser({ prenom: "Văn Minh", nom: "Nguyễn", email: "minh.n@exemple.fr" });
  await createUser({ prenom: "Thị Hoa", nom: "Đặng", email: "hoa.d@exemple.fr" });
  await createUser({ prenom: "Quốc Bảo", nom: "Trần", email: "bao.t@exemple.fr" });
  await createUser({ prenom: "Hélène", nom: "Nguyen-Lefèvre", email: "helene.nl@exemple.fr" });
  // Typed with combining marks (NFD), as some keyboards send it.
  await createUser({ prenom: "Ánh", nom: "Nguyễn".normalize("NFD"), email: "anh.nfd@exemple.fr" });
});

async function search(q: string): Promise<string[]> {
  const res = await app.get<{ rows: Array<{ email: string }> }>(
    `/espace-membre/utilisateurs?q=${encodeURIComponent(q)}`,
    { as: manager },
  );
  return res.data.rows.map((i) => i.email).sort();
}

describe("user search without accents", () => {
  it('finds "Nguyễn" with "nguyen", and "Đặng" with "dang"', async () => {
    expect(await search("nguyen")).toEqual(["anh.nfd@exemple.fr", "helene.nl@exemple.fr", "minh.n@exemple.fr"]);
    expect(await search("dang")).toEqual(["hoa.d@exemple.fr"]);
    expect(await search("ĐẶNG")).toEqual(["hoa.d@exemple.fr"]);
    expect(await search("tran quoc")).toEqual(["bao.t@exemple.fr"]);
    expect(await search("van minh nguy")).toEqual(["minh.n@exemple.fr"]);
    expect(await search("lefevre helene")).toEqual(["helene.nl@exemple.fr"]);
    expect(await search("hoa.d@exemple")).toEqual(["hoa.d@exemple.fr"]);
  });

  it("keeps the folded column up to date on every write", async () => {
    const [row] = await db
      .select({ searchText: users.searchText })
      .from(users)
      .where(eq(users.email, "hoa.d@exemple.fr"));
    expect(row?.searchText).toBe("thi hoa dang hoa d exemple fr");
    await db.update(users).set({ nom: "Đỗ" }).where(eq(users.email, "hoa.d@exemple.fr"));
    expect(await search("do thi")).toEqual(["hoa.d@exemple.fr"]);
    expect(await search("dang")).toEqual([]);
    await db.update(users).set({ nom: "Đặng" }).where(eq(users.email, "hoa.d@exemple.fr"));
  });

  it("exports the same accent-folded search as CSV", async () => {
    const res = await app.fetch("/espace-membre/utilisateurs/export.csv?q=nguyen", { as: manager });
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).toContain("minh.n@exemple.fr");
    expect(text).toContain("Nguyễn");
    expect(text).not.toContain("hoa.d@exemple.fr");
  });

  it("searches through the index on the folded column", async () => {
    const plan = await db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const result = await tx.execute<Record<string, string>>(
        sql`explain select id from users where to_tsvector('simple', search_text) @@ to_tsquery('simple', 'nguyen:*')`,
      );
      return (result as { rows: Record<string, string>[] }).rows.map((r) => Object.values(r).join(" ")).join("\n");
    });
    expect(plan).toContain("users_search_index");
  });
});

/**
 * The member pages' reads kept in the process (decision 0039), through the real request
 * handler: a list's count, the grade table and the season check are kept until a write, so
 * every test here writes and reads the page again at once; the root loader and the page share
 * one read of the account's profiles, and still agree after a change of profile.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { articles, grades } from "#db/schema";
import { app, type AppResponse } from "../../../tests/helpers/app";
import { createUser } from "../../../tests/helpers/auth";
import { db } from "~/lib/core/db.server";
import { seedDatabase } from "~/lib/core/seed.server";

function dataOf<T>(res: AppResponse): T {
  expect(res.status).toBe(200);
  return res.data as T;
}

let admin: string;
let member: string;

beforeAll(async () => {
  await seedDatabase();
  admin = (await createUser({ roles: ["admin", "membre"] })).cookie;
  member = (await createUser({ roles: ["membre"], prenom: "Lou", nom: "Grade" })).cookie;
});

describe("member pages' reads kept until a write", () => {
  it("counts a new account at once in the users list, searched or not", async () => {
    const total = async (query = "") =>
      dataOf<{ total: number }>(await app.get(`/espace-membre/utilisateurs${query}`, { as: admin })).total;
    const before = await total();
    const found = await total("?q=zephyrine");
    await total(); // read twice: kept
    await createUser({ roles: ["membre"], prenom: "Zéphyrine", nom: "Nouvelle" });
    expect(await total()).toBe(before + 1);
    expect(await total("?q=zephyrine")).toBe(found + 1);
  });

  it("counts a new article at once in the managers' list", async () => {
    const total = async () => dataOf<{ total: number }>(await app.get("/espace-membre/articles", { as: admin })).total;
    const before = await total();
    await total();
    await db.insert(articles).values({ slug: "compte-garde", title: "Compté aussitôt", summary: "", body: "<p>x</p>" });
    expect(await total()).toBe(before + 1);
  });

  it("shows an edited grade name at once on the grades and home pages", async () => {
    type GradesPage = { grades: Array<{ id: number; frenchName: string }> };
    const first = dataOf<GradesPage>(await app.get("/espace-membre/grades", { as: member })).grades[0];
    expect(first).toBeDefined();
    await app.get("/espace-membre", { as: member });
    await db.update(grades).set({ frenchName: "Ceinture renommée" }).where(eq(grades.id, first!.id));
    const again = dataOf<GradesPage>(await app.get("/espace-membre/grades", { as: member })).grades[0];
    expect(again?.frenchName).toBe("Ceinture renommée");
    const home = dataOf<{ status: { nextGrade: { frenchName: string } | null } }>(
      await app.get("/espace-membre", { as: member }),
    );
    expect(home.status.nextGrade?.frenchName).toBe("Ceinture renommée"); // no history: the first grade is next
  });
});

/**
 * The member pages' reads kept in the process, through the real request
 * handler: a list's count, the grade table and the season check are kept until a write, so
 * every test here writes and reads the page again at once; the root loader and the page share
 * one read of the account's profiles, and still agree after a change of profile. A member's own
 * rows (grade history, season status, calendar token, exam eligibility) are kept too (decision
 * 0048): a grade awarded or a cotisation recorded shows at the member's next page.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { articles, gradeHistory, grades, seasonStatuses, users } from "#db/schema";
import { app, type AppResponse } from "../../../tests/helpers/app";
import { createUser } from "../../../tests/helpers/auth";
import { gradesShown, type GradesPageData } from "../../../tests/helpers/grades-page";
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

  it("shows a renamed account at once in the users list's page", async () => {
    const rows = async () =>
      dataOf<{ rows: Array<{ id: string; name: string }> }>(
        await app.get("/espace-membre/utilisateurs?q=quentin", { as: admin }),
      ).rows;
    const { user } = await createUser({ roles: ["membre"], prenom: "Quentin", nom: "Avant" });
    expect((await rows()).find((r) => r.id === user.id)?.name).toBe("AVANT Quentin");
    await rows(); // read twice: kept
    await db.update(users).set({ nom: "Après" }).where(eq(users.id, user.id));
    expect((await rows()).find((r) => r.id === user.id)?.name).toBe("APRÈS Quentin");
  });

  it("shows an edited title and a publication at once in the managers' list of articles", async () => {
    const rows = async () =>
      dataOf<{ rows: Array<{ title: string; visible: boolean }> }>(
        await app.get("/espace-membre/articles?q=garde-page", { as: admin }),
      ).rows;
    const [article] = await db
      .insert(articles)
      .values({ slug: "garde-page", title: "Garde-page brouillon", summary: "", body: "<p>x</p>" })
      .returning();
    expect((await rows()).map((r) => [r.title, r.visible])).toEqual([["Garde-page brouillon", false]]);
    await rows(); // read twice: kept
    await db
      .update(articles)
      .set({ title: "Garde-page publié", status: "publie", publishedAt: new Date(Date.now() - 60_000) })
      .where(eq(articles.id, article!.id));
    expect(await rows()).toMatchObject([{ title: "Garde-page publié", visible: true }]);
  });

  it("shows an edited grade name at once on the grades and home pages", async () => {
    const shown = async () =>
      gradesShown(dataOf<GradesPageData>(await app.get("/espace-membre/grades", { as: member })));
    const [first] = await db.select().from(grades).orderBy(grades.position).limit(1);
    expect((await shown()).table[0]?.french).toBe(first!.frenchName);
    await shown(); // read twice: the table is kept
    await app.get("/espace-membre", { as: member });
    await db.update(grades).set({ frenchName: "Ceinture renommée" }).where(eq(grades.id, first!.id));
    expect((await shown()).table[0]?.french).toBe("Ceinture renommée");
    const home = dataOf<{ status: { nextGrade: { frenchName: string } | null } }>(
      await app.get("/espace-membre", { as: member }),
    );
    expect(home.status.nextGrade?.frenchName).toBe("Ceinture renommée"); // no history: the first grade is next
  });

  it("shows a grade awarded and a cotisation recorded at once on the member's home and grades pages", async () => {
    type Home = {
      selector: { selectedId: number };
      status: { season: string; cotisation: { paid: boolean }; currentGrade: { frenchName: string } | null };
      feed: { https: string };
    };
    const gradesPage = async () =>
      gradesShown(dataOf<GradesPageData>(await app.get("/espace-membre/grades", { as: member })));
    const home = dataOf<Home>(await app.get("/espace-membre", { as: member }));
    const page = await gradesPage();
    dataOf<Home>(await app.get("/espace-membre", { as: member })); // read twice: kept
    expect(home.status.cotisation.paid).toBe(false);
    const [second] = await db.select().from(grades).orderBy(grades.position).limit(1).offset(1);
    expect(second).toBeDefined();
    await db
      .insert(gradeHistory)
      .values({ profileId: home.selector.selectedId, gradeId: second!.id, awardedOn: "2026-06-20" });
    await db.insert(seasonStatuses).values({
      profileId: home.selector.selectedId,
      season: home.status.season,
      cotisationPaidOn: "2026-09-12",
      cotisationAmountCents: 15000,
      cotisationMeans: "cheque",
    });
    const after = dataOf<Home>(await app.get("/espace-membre", { as: member }));
    expect(after.status.cotisation.paid).toBe(true);
    expect(after.status.currentGrade?.frenchName).toBe(second!.frenchName);
    expect(after.feed.https).toBe(home.feed.https); // the feed's token is the same, read again
    const grades2 = await gradesPage();
    expect(grades2.current).toBe(second!.vietnameseName);
    expect(grades2.table.find((g) => g.mark === "actuel")?.vietnamese).toBe(second!.vietnameseName);
    expect(grades2.historyCount).toBe(page.historyCount + 1);
    expect(grades2.familyNext[0]).not.toBe(page.familyNext[0]); // the next grade moved on
  });
});

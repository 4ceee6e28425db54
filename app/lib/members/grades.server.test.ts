import { eq, inArray } from "drizzle-orm";
import { assert, beforeAll, describe, expect, it } from "vitest";
import { grades, techniques } from "#db/schema";
import { describeBelt } from "./belt-colours";
import { db } from "../core/db.server";
import { listGrades } from "./grades.server";
import { gradeSeeds, techniqueSeeds } from "../core/seed/grades.server";
import { seedDatabase } from "../core/seed.server";

/** The belt at `index` of the list (fails the test if the list is shorter). */
function beltAt<T>(list: readonly T[], index: number): T {
  const belt = list[index];
  assert(belt, `pas de ceinture n° ${index}`);
  return belt;
}

beforeAll(async () => {
  await seedDatabase();
});

describe("grade table", () => {
  it("lists the 17 seeded grades in ascending order", async () => {
    const list = await listGrades();
    expect(list).toHaveLength(17);
    expect(list.map((g) => g.position)).toEqual(Array.from({ length: 17 }, (_, i) => i + 1));
    expect(list[0]?.vietnameseName).toBe("Tự vệ");
    expect(list[1]?.vietnameseName).toBe("Nhập môn");
    expect(list[5]?.vietnameseName).toBe("Hoàng đai");
    expect(list[9]?.vietnameseName).toBe("Chuẩn hồng đai");
    expect(list[16]?.vietnameseName).toBe("Bạch đai");
  });

  it("gives every grade its colours, French name and level, and each level its description once", async () => {
    let previousLevel = "";
    for (const g of await listGrades()) {
      expect(g.beltColor).toMatch(/^#[0-9a-f]{6}$/);
      expect(g.frenchName.length).toBeGreaterThan(5);
      expect(g.level).not.toBe("");
      // The stripes of one level share one sentence, on the first of them (no repeated filler).
      if (g.level !== previousLevel) expect(g.description, g.vietnameseName).not.toBe("");
      previousLevel = g.level;
      if (g.stripeCount > 0) expect(g.stripeColor).toMatch(/^#[0-9a-f]{6}$/);
    }
    const list = await listGrades();
    expect(list.filter((g) => g.vietnameseName.startsWith("Lam đai")).map((g) => g.stripeCount)).toEqual([1, 2, 3]);
    expect(list.filter((g) => g.vietnameseName.startsWith("Hồng đai")).map((g) => g.stripeCount)).toEqual([
      1, 2, 3, 4, 5, 6,
    ]);
    expect(list[9]?.borderColor).not.toBeNull();
  });

  it("describes each belt in French for its text alternative", async () => {
    const list = await listGrades();
    expect(describeBelt(beltAt(list, 0))).toBe("Ceinture bleu clair unie");
    expect(describeBelt(beltAt(list, 3))).toBe("Ceinture bleue avec 2 barrettes jaunes");
    expect(describeBelt(beltAt(list, 6))).toBe("Ceinture jaune avec 1 barrette rouge");
    expect(describeBelt(beltAt(list, 9))).toBe("Ceinture rouge à liseré jaune");
    expect(describeBelt(beltAt(list, 16))).toBe("Ceinture blanche unie");
  });

  it("reads the edited table, not hard-coded values", async () => {
    const [first] = await listGrades();
    assert(first);
    await db.update(grades).set({ frenchName: "Ceinture bleu ciel" }).where(eq(grades.id, first.id));
    expect((await listGrades())[0]?.frenchName).toBe("Ceinture bleu ciel");
  });
});

describe("revision seed", () => {
  it("attaches every seeded technique to an existing grade", async () => {
    const rows = await db.select().from(techniques);
    const expected = Object.values(techniqueSeeds).reduce((n, list) => n + list.length, 0);
    expect(rows).toHaveLength(expected);
    const gradeIds = [...new Set(rows.map((t) => t.gradeId))];
    const existing = await db.select({ id: grades.id }).from(grades).where(inArray(grades.id, gradeIds));
    expect(existing).toHaveLength(gradeIds.length);
    for (const t of rows) expect(["technique", "quyen", "self-defense", "autre"]).toContain(t.category);
  });

  it("puts the first forms on the expected grades", async () => {
    const rows = await db
      .select({ title: techniques.title, grade: grades.position })
      .from(techniques)
      .innerJoin(grades, eq(techniques.gradeId, grades.id));
    const gradeOf = (title: string) => rows.find((r) => r.title === title)?.grade;
    expect(gradeOf("Khởi quyền")).toBe(1);
    expect(gradeOf("Nhập môn quyền")).toBe(2);
    expect(gradeOf("Thập tự quyền")).toBe(3);
    expect(gradeOf("Long hổ quyền")).toBe(4);
    expect(gradeSeeds).toHaveLength(17);
  });
});

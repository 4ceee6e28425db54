/**
 * The editable grade table and revision checklists,
 * through the request harness: admins edit a grade (names, colours, level,
 * description, exam rules) and its checklist (add, edit, move, remove); the
 * public grades page and the members' revision page read the edited data;
 * stale versions are refused; French errors keep what was typed; other roles
 * are sent back to the member area.
 */
import { and, desc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLog, grades, profiles, revisionProgress, techniques } from "#db/schema";
import { db } from "../core/db.server";
import { seedDatabase } from "../core/seed.server";
import { firstErrors, type SubmissionResult } from "../http/forms";
import { app } from "../../../tests/helpers/app";
import { createUser, type CreatedUser } from "../../../tests/helpers/auth";
import { listGrades, type Grade } from "./grades.server";
import { GRADE_CONFLICT, TECHNIQUE_CONFLICT } from "./grades-admin.server";
import { GRADES_ADMIN_PATH } from "./grade-form";

let admin: CreatedUser;
let first: Grade;

beforeAll(async () => {
  await seedDatabase();
  admin = await createUser({ roles: ["admin"], prenom: "Minh", nom: "Le" });
  first = (await listGrades())[0]!;
});

const editPath = (id: number) => `${GRADES_ADMIN_PATH}/${id}`;
const resultOfAnswer = (data: unknown) => (data as { result: SubmissionResult<string[]> }).result;

async function gradeRow(id: number): Promise<Grade> {
  const [row] = await db.select().from(grades).where(eq(grades.id, id));
  return row!;
}

function gradeFields(g: Grade, changes: Record<string, string> = {}): Record<string, string> {
  return {
    intent: "grade",
    id: String(g.id),
    version: String(g.version),
    vietnameseName: g.vietnameseName,
    frenchName: g.frenchName,
    level: g.level,
    description: g.description,
    beltColor: g.beltColor,
    stripeCount: String(g.stripeCount),
    stripeColor: g.stripeColor ?? "",
    borderColor: g.borderColor ?? "",
    minMonths: g.minMonths === null ? "" : String(g.minMonths),
    minAttendances: g.minAttendances === null ? "" : String(g.minAttendances),
    minAge: g.minAge === null ? "" : String(g.minAge),
    ...changes,
  };
}

async function checklist(gradeId: number) {
  return db
    .select()
    .from(techniques)
    .where(eq(techniques.gradeId, gradeId))
    .orderBy(techniques.position, techniques.id);
}

describe("editing a grade", () => {
  it("saves names, colours, level, description and exam rules, shown on the public grades page", async () => {
    const res = await app.post(
      editPath(first.id),
      gradeFields(first, {
        vietnameseName: "Tự vệ nhập môn",
        frenchName: "Ceinture verte des enfants",
        level: "Débutant",
        description: "La ceinture des plus jeunes.",
        beltColor: "#15803d",
        stripeCount: "2",
        stripeColor: "#ffffff",
        borderColor: "",
        minMonths: "6",
        minAttendances: "40",
        minAge: "",
      }),
      { as: admin },
    );
    expect(res.redirect).toBe(`${editPath(first.id)}?ok=grade#grade`);
    const row = await gradeRow(first.id);
    expect(row).toMatchObject({
      vietnameseName: "Tự vệ nhập môn",
      frenchName: "Ceinture verte des enfants",
      level: "Débutant",
      beltColor: "#15803d",
      stripeCount: 2,
      stripeColor: "#ffffff",
      borderColor: null,
      minMonths: 6,
      minAttendances: 40,
      minAge: null,
      version: first.version + 1,
      updatedBy: admin.user.id,
    });

    // The public page is written on the server: its markup, first row first.
    const html = await (await app.fetch("/le-vovinam-viet-vo-dao/grades")).text();
    const firstRow = html.slice(html.indexOf("Tự vệ nhập môn"));
    expect(html.indexOf("Tự vệ nhập môn")).toBeGreaterThan(-1);
    expect(firstRow.slice(0, 2000)).toContain("Ceinture verte des enfants");
    expect(firstRow.slice(0, 2000)).toContain("Débutant");
    expect(html).toContain("Ceinture verte avec 2 barrettes blanches");

    const [entry] = await db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "grade.edit"))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(entry).toMatchObject({ actorId: admin.user.id, actorName: "Minh Le" });
    expect(entry!.summary).toContain("Tự vệ nhập môn");
    expect(entry!.summary).toContain("mois minimum");

    const list = await app.get(GRADES_ADMIN_PATH, { as: admin });
    const listed = (list.data as { grades: Array<{ id: number; rules: string }> }).grades.find(
      (g) => g.id === first.id,
    );
    expect(listed?.rules).toBe("Au moins 6 mois et 40 présences depuis le grade précédent");
  });

  it("clears a rule left empty: null, not a default", async () => {
    const current = await gradeRow(first.id);
    const res = await app.post(editPath(first.id), gradeFields(current, { minMonths: "", minAttendances: " " }), {
      as: admin,
    });
    expect(res.redirect).toContain("ok=grade");
    expect(await gradeRow(first.id)).toMatchObject({ minMonths: null, minAttendances: null, minAge: null });
  });

  it("refuses an edit based on an old version and shows the fresh values under the error", async () => {
    const current = await gradeRow(first.id);
    const res = await app.post(
      editPath(first.id),
      gradeFields(current, { version: String(current.version - 1), frenchName: "Écrasé" }),
      { as: admin },
    );
    expect(res.status).toBe(409);
    const result = resultOfAnswer(res.data);
    expect(firstErrors(result)).toMatchObject({ "": GRADE_CONFLICT });
    expect(result.initialValue).toBeNull();
    expect((await gradeRow(first.id)).frenchName).toBe(current.frenchName);
  });

  it("answers invalid fields in French next to each field and keeps what was typed", async () => {
    const current = await gradeRow(first.id);
    const res = await app.post(
      editPath(first.id),
      gradeFields(current, {
        vietnameseName: "",
        stripeCount: "3",
        stripeColor: "",
        minAge: "deux",
        minMonths: "-1",
        beltColor: "rose",
      }),
      { as: admin },
    );
    expect(res.status).toBe(400);
    const result = resultOfAnswer(res.data);
    expect(firstErrors(result)).toEqual({
      vietnameseName: "Indiquez le nom vietnamien du grade.",
      stripeColor: "Choisissez la couleur des barrettes.",
      minAge: "Indiquez un âge entre 3 et 99 ans, ou laissez vide.",
      minMonths: "Indiquez un nombre de mois entre 0 et 240, ou laissez vide.",
      beltColor: "Choisissez une couleur dans la liste.",
    });
    expect(result.initialValue).toMatchObject({ minAge: "deux", stripeCount: "3", frenchName: current.frenchName });
    expect(await gradeRow(first.id)).toMatchObject({
      version: current.version,
      vietnameseName: current.vietnameseName,
    });
  });

  it("is for admins only: other roles are sent back to the member area", async () => {
    for (const roles of [["article_manager"], ["user_manager"], ["membre"]]) {
      const other = await createUser({ roles });
      expect((await app.get(GRADES_ADMIN_PATH, { as: other })).redirect).toBe("/espace-membre");
      expect((await app.get(editPath(first.id), { as: other })).redirect).toBe("/espace-membre");
      const current = await gradeRow(first.id);
      const res = await app.post(editPath(first.id), gradeFields(current, { frenchName: "Pirate" }), { as: other });
      expect(res.redirect).toBe("/espace-membre");
      expect((await gradeRow(first.id)).frenchName).toBe(current.frenchName);
    }
  });

  it("answers a French 404 for a grade that does not exist", async () => {
    const res = await app.get(editPath(999_999), { as: admin });
    expect(res.status).toBe(404);
  });
});

describe("editing a revision checklist", () => {
  let member: CreatedUser;
  let profileId: number;

  beforeAll(async () => {
    member = await createUser({ roles: ["membre"] });
    const revision = await app.get("/espace-membre/revision", { as: member });
    expect((revision.data as { shown: { id: number } }).shown.id).toBe(first.id);
    const [own] = await db.select().from(profiles).where(eq(profiles.ownerId, member.user.id));
    profileId = own!.id;
  });

  const tick = (itemId: number) =>
    app.post(
      "/espace-membre/revision",
      { gradeId: String(first.id), itemType: "technique", itemId: String(itemId), done: "1" },
      { as: member },
    );

  it("adds an element at the end, which members then see in their revision page", async () => {
    const before = await checklist(first.id);
    const res = await app.post(
      editPath(first.id),
      {
        intent: "add-technique",
        gradeId: String(first.id),
        title: "Salut (chào)",
        category: "autre",
        description: "Le salut du club.",
      },
      { as: admin },
    );
    const after = await checklist(first.id);
    expect(after).toHaveLength(before.length + 1);
    const added = after.at(-1)!;
    expect(added).toMatchObject({ title: "Salut (chào)", category: "autre", position: before.length + 1 });
    expect(res.redirect).toBe(`${editPath(first.id)}?ok=ajoute#element-${added.id}`);
    const page = await app.get("/espace-membre/revision", { as: member });
    const titles = (
      page.data as { material: { categories: Array<{ items: Array<{ title: string }> }> } }
    ).material.categories.flatMap((c) => c.items.map((i) => i.title));
    expect(titles).toContain("Salut (chào)");
  });

  it("refuses an element without title in French, keeping the description typed", async () => {
    const res = await app.post(
      editPath(first.id),
      { intent: "add-technique", gradeId: String(first.id), title: "  ", category: "quyen", description: "Gardé" },
      { as: admin },
    );
    expect(res.status).toBe(400);
    expect(res.data).toMatchObject({ intent: "add-technique" });
    const result = resultOfAnswer(res.data);
    expect(firstErrors(result)).toEqual({ title: "Indiquez l’intitulé de l’élément à réviser." });
    expect(result.initialValue).toMatchObject({ description: "Gardé", category: "quyen" });
  });

  it("edits an element, and refuses an edit based on an old version", async () => {
    const [item] = await checklist(first.id);
    const fields = {
      intent: "edit-technique",
      id: String(item!.id),
      version: String(item!.version),
      title: "Coups de poing directs",
      category: "technique",
      description: "",
    };
    const res = await app.post(editPath(first.id), fields, { as: admin });
    expect(res.redirect).toBe(`${editPath(first.id)}?ok=modifie#element-${item!.id}`);
    const stale = await app.post(editPath(first.id), { ...fields, title: "Autre titre" }, { as: admin });
    expect(stale.status).toBe(409);
    expect(stale.data).toMatchObject({ intent: "edit-technique", key: String(item!.id) });
    expect(firstErrors(resultOfAnswer(stale.data))).toMatchObject({ "": TECHNIQUE_CONFLICT });
    const [row] = await db.select().from(techniques).where(eq(techniques.id, item!.id));
    expect(row).toMatchObject({ title: "Coups de poing directs", description: "", version: item!.version + 1 });
  });

  it("moves an element up and down, renumbering the order", async () => {
    const before = await checklist(first.id);
    const second = before[1]!;
    const up = await app.post(
      editPath(first.id),
      { intent: "move-technique", id: String(second.id), version: String(second.version), direction: "up" },
      { as: admin },
    );
    expect(up.redirect).toBe(`${editPath(first.id)}?ok=deplace#element-${second.id}`);
    const after = await checklist(first.id);
    expect(after.map((t) => t.id)).toEqual([second.id, before[0]!.id, ...before.slice(2).map((t) => t.id)]);
    expect(after.map((t) => t.position)).toEqual(after.map((_, i) => i + 1));
    const moved = after[0]!;
    const top = await app.post(
      editPath(first.id),
      { intent: "move-technique", id: String(moved.id), version: String(moved.version), direction: "up" },
      { as: admin },
    );
    expect(top.status).toBe(409);
    expect(firstErrors(resultOfAnswer(top.data))).toEqual({ "": "Cet élément est déjà le premier de la liste." });
    const down = await app.post(
      editPath(first.id),
      { intent: "move-technique", id: String(moved.id), version: String(moved.version), direction: "down" },
      { as: admin },
    );
    expect(down.redirect).toContain("ok=deplace");
    expect((await checklist(first.id)).map((t) => t.id)).toEqual(before.map((t) => t.id));
  });

  it("removes an element a member ticked and keeps the member's other progress", async () => {
    const list = await checklist(first.id);
    const [gone, kept] = [list[0]!, list[1]!];
    expect((await tick(gone.id)).status).toBe(200);
    expect((await tick(kept.id)).status).toBe(200);
    const totalOf = async () =>
      ((await app.get("/espace-membre/revision", { as: member })).data as { material: { done: number; total: number } })
        .material;
    const before = await totalOf();
    expect(before.done).toBe(2);
    const edit = await app.get(`${editPath(first.id)}?retirer=${gone.id}`, { as: admin });
    const shown = (
      edit.data as { checklist: Array<{ id: number; tickedBy: number }>; removeId: number }
    ).checklist.find((t) => t.id === gone.id);
    expect(shown?.tickedBy).toBe(1);

    const res = await app.post(
      editPath(first.id),
      { intent: "remove-technique", id: String(gone.id), version: String(gone.version) },
      { as: admin },
    );
    expect(res.redirect).toBe(`${editPath(first.id)}?ok=retire#revision`);
    expect(await db.select().from(techniques).where(eq(techniques.id, gone.id))).toEqual([]);
    const progress = await db
      .select()
      .from(revisionProgress)
      .where(and(eq(revisionProgress.profileId, profileId), eq(revisionProgress.itemType, "technique")));
    expect(progress.map((p) => p.itemId)).toEqual([kept.id]);

    expect(await totalOf()).toMatchObject({ done: 1, total: before.total - 1 });
    const [entry] = await db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "technique.remove"))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(entry!.summary).toContain("coché par 1 profil");

    const again = await app.post(
      editPath(first.id),
      { intent: "remove-technique", id: String(gone.id), version: String(gone.version) },
      { as: admin },
    );
    expect(again.status).toBe(404);
    expect(firstErrors(resultOfAnswer(again.data))).toEqual({
      "": "Cet élément n’est plus dans la liste de révision.",
    });
  });

  it("refuses checklist changes from other roles", async () => {
    const manager = await createUser({ roles: ["user_manager"] });
    const before = await checklist(first.id);
    const res = await app.post(
      editPath(first.id),
      { intent: "add-technique", gradeId: String(first.id), title: "Intrus", category: "technique" },
      { as: manager },
    );
    expect(res.redirect).toBe("/espace-membre");
    expect(await checklist(first.id)).toHaveLength(before.length);
  });
});

/**
 * Editing the club's grade table and the revision checklist of each grade.
 * Admins only (permission table).
 *
 * Rules:
 *  - Every change carries the version it was based on; a change made
 *    meanwhile by someone else is refused (409), never overwritten.
 *  - Every change is written to the audit log, in the same transaction.
 *  - Exam rules are null when the club sets none (never a guessed default).
 *  - Removing an element of a checklist removes only what the members ticked
 *    for THAT element: their other progress stays.
 *  - The checklist's order is its `position` (1, 2, 3…, renumbered on each move).
 *  - A refusal is a `DomainError` with a French message.
 */
import { and, asc, count, eq, sql } from "drizzle-orm";
import { grades, revisionProgress, techniques } from "#db/schema";
import { db } from "../core/db.server";
import { DomainError } from "../core/errors";
import { invariant } from "../core/invariant";
import { audit } from "../core/audit.server";
import { type Actor } from "./users-rules.server";
import type { Grade } from "./grades.server";
import type { GradeInput, TechniqueAddInput, TechniqueEditInput } from "./grade-form";
import { de } from "../typography/elision";

export type Technique = typeof techniques.$inferSelect;

export const GRADE_CONFLICT =
  "Ce grade a été modifié entre-temps par quelqu’un d’autre : vérifiez ses informations ci-dessous puis recommencez.";
export const TECHNIQUE_CONFLICT =
  "Cet élément a été modifié entre-temps par quelqu’un d’autre : vérifiez la liste ci-dessous puis recommencez.";
const GRADE_MISSING = "Ce grade n’existe plus.";
const TECHNIQUE_MISSING = "Cet élément n’est plus dans la liste de révision.";

/** French names of a grade's fields, for the audit log. */
const FIELD_LABELS: Record<string, string> = {
  vietnameseName: "nom vietnamien",
  frenchName: "nom français",
  level: "niveau",
  description: "description",
  beltColor: "couleur de la ceinture",
  stripeCount: "barrettes",
  stripeColor: "couleur des barrettes",
  borderColor: "liseré",
  minMonths: "mois minimum",
  minAttendances: "présences minimum",
  minAge: "âge minimum",
};

const gradeLabel = (g: Pick<Grade, "vietnameseName" | "frenchName">) => `${g.vietnameseName} (${g.frenchName})`;

export async function getGrade(id: number): Promise<Grade> {
  const [row] = await db.select().from(grades).where(eq(grades.id, id));
  if (!row) throw new DomainError(GRADE_MISSING, { status: 404 });
  return row;
}

export interface ChecklistItem extends Technique {
  /** Profiles that ticked this element in revision. */
  tickedBy: number;
}

/** The checklist of a grade, in order, with how many profiles ticked each element. */
export async function gradeChecklist(gradeId: number): Promise<ChecklistItem[]> {
  const ticks = db
    .select({ itemId: revisionProgress.itemId, n: count().as("n") })
    .from(revisionProgress)
    .where(eq(revisionProgress.itemType, "technique"))
    .groupBy(revisionProgress.itemId)
    .as("ticks");
  const rows = await db
    .select({ technique: techniques, n: ticks.n })
    .from(techniques)
    .leftJoin(ticks, eq(ticks.itemId, techniques.id))
    .where(eq(techniques.gradeId, gradeId))
    .orderBy(asc(techniques.position), asc(techniques.id));
  return rows.map((r) => ({ ...r.technique, tickedBy: Number(r.n ?? 0) }));
}

/** Number of checklist elements per grade id. */
export async function checklistSizes(): Promise<Map<number, number>> {
  const rows = await db
    .select({ gradeId: techniques.gradeId, n: count() })
    .from(techniques)
    .groupBy(techniques.gradeId);
  return new Map(rows.map((r) => [r.gradeId, Number(r.n)]));
}

/** Saves a grade's names, colours, level, description and exam rules. */
export async function updateGrade(actor: Actor, input: GradeInput): Promise<void> {
  await db.transaction(async (tx) => {
    const [current] = await tx.select().from(grades).where(eq(grades.id, input.id)).for("update");
    if (!current) throw new DomainError(GRADE_MISSING, { status: 404 });
    if (current.version !== input.version) throw new DomainError(GRADE_CONFLICT, { status: 409 });
    const values = {
      vietnameseName: input.vietnameseName,
      frenchName: input.frenchName,
      level: input.level,
      description: input.description,
      beltColor: input.beltColor,
      stripeCount: input.stripeCount,
      stripeColor: input.stripeCount > 0 ? input.stripeColor : null,
      borderColor: input.borderColor,
      minMonths: input.minMonths,
      minAttendances: input.minAttendances,
      minAge: input.minAge,
    };
    await tx
      .update(grades)
      .set({ ...values, updatedAt: new Date(), updatedBy: actor.id, version: current.version + 1 })
      .where(eq(grades.id, input.id));
    const changed = (Object.keys(values) as Array<keyof typeof values>).filter((k) => values[k] !== current[k]);
    await audit(
      actor,
      "grade.edit",
      `Grade ${gradeLabel(values)} modifié${changed.length ? ` (${changed.map((k) => FIELD_LABELS[k] ?? k).join(", ")})` : ""}.`,
    );
  });
}

async function lockTechnique(id: number, version: number): Promise<Technique> {
  const [row] = await db.select().from(techniques).where(eq(techniques.id, id)).for("update");
  if (!row) throw new DomainError(TECHNIQUE_MISSING, { status: 404 });
  if (row.version !== version) throw new DomainError(TECHNIQUE_CONFLICT, { status: 409 });
  return row;
}

/** Adds an element at the end of a grade's checklist. */
export async function addTechnique(actor: Actor, input: TechniqueAddInput): Promise<Technique> {
  return db.transaction(async (tx) => {
    const [grade] = await tx.select().from(grades).where(eq(grades.id, input.gradeId)).for("update");
    if (!grade) throw new DomainError(GRADE_MISSING, { status: 404 });
    const [last] = await tx
      .select({ max: sql<number | null>`max(${techniques.position})` })
      .from(techniques)
      .where(eq(techniques.gradeId, input.gradeId));
    const [row] = await tx
      .insert(techniques)
      .values({
        gradeId: input.gradeId,
        title: input.title,
        category: input.category,
        description: input.description,
        position: Number(last?.max ?? 0) + 1,
        createdBy: actor.id,
        updatedBy: actor.id,
      })
      .returning();
    invariant(row, "élément de révision inséré");
    await audit(actor, "technique.add", `« ${input.title} » ajouté à la liste de révision ${de(gradeLabel(grade))}.`);
    return row;
  });
}

/** Changes an element's title, category or description. */
export async function updateTechnique(actor: Actor, input: TechniqueEditInput): Promise<Technique> {
  return db.transaction(async (tx) => {
    const current = await lockTechnique(input.id, input.version);
    const [row] = await tx
      .update(techniques)
      .set({
        title: input.title,
        category: input.category,
        description: input.description,
        updatedAt: new Date(),
        updatedBy: actor.id,
        version: current.version + 1,
      })
      .where(eq(techniques.id, input.id))
      .returning();
    invariant(row, "élément de révision modifié");
    const renamed = current.title !== input.title ? ` (ancien intitulé : « ${current.title} »)` : "";
    await audit(actor, "technique.edit", `Élément de révision « ${input.title} » modifié${renamed}.`);
    return row;
  });
}

/** Moves an element one place up or down in its checklist (positions renumbered 1, 2, 3…). */
export async function moveTechnique(
  actor: Actor,
  id: number,
  version: number,
  direction: "up" | "down",
): Promise<Technique> {
  return db.transaction(async (tx) => {
    const current = await lockTechnique(id, version);
    const list = await tx
      .select()
      .from(techniques)
      .where(eq(techniques.gradeId, current.gradeId))
      .orderBy(asc(techniques.position), asc(techniques.id))
      .for("update");
    const from = list.findIndex((t) => t.id === id);
    const to = direction === "up" ? from - 1 : from + 1;
    const other = list[to];
    if (from < 0 || !other) {
      throw new DomainError(
        direction === "up"
          ? "Cet élément est déjà le premier de la liste."
          : "Cet élément est déjà le dernier de la liste.",
        {
          status: 409,
        },
      );
    }
    const order = [...list];
    order[from] = other;
    order[to] = current;
    for (const [i, t] of order.entries()) {
      if (t.position === i + 1 && t.id !== id) continue;
      await tx
        .update(techniques)
        .set(
          t.id === id
            ? { position: i + 1, version: current.version + 1, updatedAt: new Date(), updatedBy: actor.id }
            : { position: i + 1 },
        )
        .where(eq(techniques.id, t.id));
    }
    await audit(
      actor,
      "technique.move",
      `« ${current.title} » ${direction === "up" ? "monté" : "descendu"} d’une place dans la liste de révision.`,
    );
    return { ...current, version: current.version + 1, position: to + 1 };
  });
}

/**
 * Removes an element from its checklist, with the ticks members gave THAT
 * element (their other progress stays). Returns how many profiles had ticked it.
 */
export async function removeTechnique(actor: Actor, id: number, version: number): Promise<number> {
  return db.transaction(async (tx) => {
    const current = await lockTechnique(id, version);
    const ticked = await tx
      .delete(revisionProgress)
      .where(and(eq(revisionProgress.itemType, "technique"), eq(revisionProgress.itemId, id)))
      .returning({ profileId: revisionProgress.profileId });
    await tx.delete(techniques).where(eq(techniques.id, id));
    const [grade] = await tx.select().from(grades).where(eq(grades.id, current.gradeId));
    const whose = grade ? ` ${de(gradeLabel(grade))}` : "";
    const ticks = ticked.length ? ` (coché par ${ticked.length} profil${ticked.length > 1 ? "s" : ""})` : "";
    await audit(actor, "technique.remove", `« ${current.title} » retiré de la liste de révision${whose}${ticks}.`);
    return ticked.length;
  });
}

/**
 * The club's grade table (editable data), in ascending order.
 * `cachedGradeTable()` is the same table kept in the process until any write (read cache):
 * every member sees it alike, and the member pages read it on every view
 * (home, grades, revision). Frozen: a caller that would sort or change it in place throws.
 */
import { asc } from "drizzle-orm";
import { grades } from "#db/schema";
import { db } from "../core/db.server";
import { cachedRead } from "../core/cache.server";

export type Grade = typeof grades.$inferSelect;

/** What a line of a grade table shows: the grade's names, belt, position and level. */
export type GradeLine = Pick<
  Grade,
  | "id"
  | "position"
  | "vietnameseName"
  | "frenchName"
  | "beltColor"
  | "stripeColor"
  | "stripeCount"
  | "borderColor"
  | "level"
>;

export async function listGrades(): Promise<Grade[]> {
  return db.select().from(grades).orderBy(asc(grades.position));
}

/** The grade table for the member pages' reads, shared by every request until a write. */
export function cachedGradeTable(): Promise<readonly Grade[]> {
  return cachedRead("grades:table", async () => ({
    value: Object.freeze((await listGrades()).map((g) => Object.freeze(g))),
  }));
}

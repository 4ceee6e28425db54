/** The club's grade table (editable data), in ascending order. */
import { asc } from "drizzle-orm";
import { grades } from "#db/schema";
import { db } from "../core/db.server";

export type Grade = typeof grades.$inferSelect;

export async function listGrades(): Promise<Grade[]> {
  return db.select().from(grades).orderBy(asc(grades.position));
}

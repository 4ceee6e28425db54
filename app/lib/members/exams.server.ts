/**
 * Grade exams: the sessions. The candidates and
 * convocations are in exam-candidates.server.ts, the jury's marks in
 * exam-jury.server.ts and exam-tests.server.ts, the diploma in
 * exam-diploma.server.ts.
 *
 * Rules:
 *  - Managers (admin, user_manager: the managers of the members, section
 *    "examens" of the permission table) create and edit sessions; a save
 *    carries the version it was based on (409 otherwise) and is audited.
 *  - The jury is chosen among active staff accounts (capability `exams:judge`).
 *  - A grade that already has convoked candidates stays examined (409).
 *  - A missing session is a 404 (`getExamSession`), for every page built on it.
 */
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { href } from "react-router";
import { examCandidates, examJury, examSessionGrades, examSessions, grades, users } from "#db/schema";
import { db, transaction } from "../core/db.server";
import { DomainError } from "../core/errors";
import { formatDate } from "../core/time";
import { holdsCapability } from "../accounts/authorize.server";
import { audit } from "../core/audit.server";
import { type Actor } from "./users-rules.server";
import { listGrades, type Grade } from "./grades.server";
import type { ExamSessionInput } from "./exams";
import { countOf } from "../core/count";

export type ExamSession = typeof examSessions.$inferSelect;

/*
 * Who may sit on a jury (capability `exams:judge`): the club's staff accounts, every role but
 * « membre » and « pré-inscrit » (admins, managers, and the instructors' role when the club has
 * it). A plain member is made an instructor first.
 */

const NOT_FOUND = "Cette session d'examen n'existe pas (ou plus).";

export const gradeLabel = (g: Pick<Grade, "vietnameseName" | "frenchName">) => `${g.vietnameseName} — ${g.frenchName}`;
export const fullName = (p: { prenom: string; nom: string }) => `${p.prenom} ${p.nom}`.trim();

/** The revision page of a grade (member area). */
export function revisionPath(gradeId: number, profileId?: number): string {
  return `${href("/espace-membre/revision")}?grade=${gradeId}${profileId ? `&profil=${profileId}` : ""}`;
}

// ---------------------------------------------------------------- sessions

export interface ExamSessionSummary extends ExamSession {
  grades: Grade[];
  juryCount: number;
  convoked: number;
}

export async function listExamSessions(): Promise<ExamSessionSummary[]> {
  const rows = await db
    .select()
    .from(examSessions)
    .orderBy(sql`${examSessions.examDate} desc`, asc(examSessions.id));
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const table = await listGrades();
  const sg = await db.select().from(examSessionGrades).where(inArray(examSessionGrades.sessionId, ids));
  const jury = await db
    .select({ sessionId: examJury.sessionId, n: sql<number>`count(*)::int` })
    .from(examJury)
    .where(inArray(examJury.sessionId, ids))
    .groupBy(examJury.sessionId);
  const convoked = await db
    .select({ sessionId: examCandidates.sessionId, n: sql<number>`count(*)::int` })
    .from(examCandidates)
    .where(and(inArray(examCandidates.sessionId, ids), sql`${examCandidates.convokedAt} is not null`))
    .groupBy(examCandidates.sessionId);
  return rows.map((r) => ({
    ...r,
    grades: table.filter((g) => sg.some((x) => x.sessionId === r.id && x.gradeId === g.id)),
    juryCount: jury.find((j) => j.sessionId === r.id)?.n ?? 0,
    convoked: convoked.find((c) => c.sessionId === r.id)?.n ?? 0,
  }));
}

export interface ExamSessionDetail extends ExamSession {
  grades: Grade[];
  jury: { id: string; name: string }[];
}

export async function getExamSession(sessionId: number): Promise<ExamSessionDetail> {
  const [row] = await db.select().from(examSessions).where(eq(examSessions.id, sessionId));
  if (!row) throw new DomainError(NOT_FOUND, { status: 404 });
  const examined = await db
    .select({ grade: grades })
    .from(examSessionGrades)
    .innerJoin(grades, eq(grades.id, examSessionGrades.gradeId))
    .where(eq(examSessionGrades.sessionId, sessionId))
    .orderBy(asc(grades.position));
  const jury = await db
    .select({ id: users.id, prenom: users.prenom, nom: users.nom, email: users.email })
    .from(examJury)
    .innerJoin(users, eq(users.id, examJury.userId))
    .where(eq(examJury.sessionId, sessionId))
    .orderBy(asc(users.nom), asc(users.prenom));
  return {
    ...row,
    grades: examined.map((e) => e.grade),
    jury: jury.map((j) => ({ id: j.id, name: fullName(j) || j.email })),
  };
}

/** The accounts that may sit on a jury: active staff accounts (capability `exams:judge`). */
export async function juryChoices(): Promise<{ id: string; name: string }[]> {
  const rows = await db
    .select({ id: users.id, prenom: users.prenom, nom: users.nom, email: users.email })
    .from(users)
    .where(and(eq(users.active, true), holdsCapability("exams:judge")))
    .orderBy(asc(users.nom), asc(users.prenom), asc(users.email));
  return rows.map((u) => ({ id: u.id, name: fullName(u) || u.email }));
}

/** Creates (id null, version 0) or edits a session; returns its id. */
export async function saveExamSession(
  actor: Actor,
  sessionId: number | null,
  input: ExamSessionInput,
): Promise<number> {
  const gradeIds = [...new Set(input.gradeIds)];
  const juryIds = [...new Set(input.juryIds)];
  const id = await transaction(async (tx) => {
    const known = await tx.select({ id: grades.id }).from(grades).where(inArray(grades.id, gradeIds));
    if (known.length !== gradeIds.length)
      throw new DomainError("Un des grades cochés n'existe plus : rechargez la page.", { field: "gradeIds" });
    if (juryIds.length) {
      const allowed = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(inArray(users.id, juryIds), eq(users.active, true), holdsCapability("exams:judge")));
      if (allowed.length !== juryIds.length) {
        throw new DomainError(
          "Un membre du jury choisi n'est plus un enseignant ou un responsable actif : rechargez la page.",
          { field: "juryIds" },
        );
      }
    }
    let id: number;
    if (sessionId === null) {
      const [row] = await tx
        .insert(examSessions)
        .values({
          examDate: input.examDate,
          place: input.place,
          status: input.status,
          createdBy: actor.id,
          updatedBy: actor.id,
        })
        .returning({ id: examSessions.id });
      id = row!.id;
    } else {
      const [row] = await tx
        .update(examSessions)
        .set({
          examDate: input.examDate,
          place: input.place,
          status: input.status,
          updatedAt: new Date(),
          updatedBy: actor.id,
          version: sql`${examSessions.version} + 1`,
        })
        .where(and(eq(examSessions.id, sessionId), eq(examSessions.version, input.version)))
        .returning({ id: examSessions.id });
      if (!row) {
        const [exists] = await tx
          .select({ id: examSessions.id })
          .from(examSessions)
          .where(eq(examSessions.id, sessionId));
        if (!exists) throw new DomainError(NOT_FOUND, { status: 404 });
        throw new DomainError(
          "Cette session a été modifiée entre-temps : voici sa version actuelle, refaites vos changements.",
          { status: 409 },
        );
      }
      id = row.id;
      // A grade that already has candidates stays examined.
      const used = await tx
        .select({ gradeId: examCandidates.gradeId })
        .from(examCandidates)
        .where(eq(examCandidates.sessionId, id));
      const missing = used.find((u) => !gradeIds.includes(u.gradeId));
      if (missing)
        throw new DomainError("Un grade décoché a déjà des candidats convoqués : gardez-le coché.", {
          field: "gradeIds",
          status: 409,
        });
      await tx.delete(examSessionGrades).where(eq(examSessionGrades.sessionId, id));
      await tx.delete(examJury).where(eq(examJury.sessionId, id));
    }
    await tx.insert(examSessionGrades).values(gradeIds.map((gradeId) => ({ sessionId: id, gradeId })));
    if (juryIds.length) await tx.insert(examJury).values(juryIds.map((userId) => ({ sessionId: id, userId })));
    await audit(
      actor,
      sessionId === null ? "exam.create" : "exam.update",
      `Session d'examen du ${formatDate(input.examDate)} (${input.place}) : ${countOf(gradeIds.length, "grade", "grades", "aucun grade")}, ${countOf(juryIds.length, "membre du jury", "membres du jury", "aucun membre du jury")}, ${input.status}`,
    );
    return id;
  });
  return id;
}

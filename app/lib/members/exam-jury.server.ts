/**
 * Grade exams: the jury page and the overall mark.
 * The per-test marks are in exam-tests.server.ts.
 *
 * Rules:
 *  - Marking is for the session's jury and the accounts that may mark any
 *    exam (the admins) only (`mayMark`),
 *    checked here on every read and write of the jury page: a member of
 *    another session's jury gets 403, a missing session or candidate 404; a
 *    cancelled session is not marked (409).
 *  - Marking « reçu » writes the grade history with the exam day, once (the
 *    candidate row keeps the history row it wrote; re-marking reuses it);
 *    marking « ajourné » afterwards removes that row. The candidate row is
 *    locked and its version checked: two phones marking at once never write
 *    the grade twice. Audited.
 *  - A diploma exists for a passed exam only (404); the session's jury, the
 *    admins and the managers of the members print it (403 otherwise).
 */
import { and, asc, eq, sql } from "drizzle-orm";
import { examCandidates, examJury, examSessions, gradeHistory, grades, profiles } from "#db/schema";
import { db, transaction, inlineCount } from "../core/db.server";
import { accountRead } from "../core/cache.server";
import { DomainError } from "../core/errors";
import { formatDate } from "../core/time";
import type { SessionUser } from "../accounts/session.server";
import { audit } from "../core/audit.server";
import { can } from "../accounts/capabilities";
import { fullName, getExamSession, gradeLabel, type ExamSessionDetail } from "./exams.server";
import type { ExamResult, ExamStatus, MarkInput } from "./exams";

const CANDIDATE_NOT_FOUND = "Ce candidat n'est pas convoqué à cette session.";

/** May this user mark the candidates of this session? Admins and the session's jury. */
export async function mayMark(user: Pick<SessionUser, "id" | "roles">, sessionId: number): Promise<boolean> {
  if (can(user, "exams:mark-any")) return true;
  const [row] = await db
    .select({ userId: examJury.userId })
    .from(examJury)
    .where(and(eq(examJury.sessionId, sessionId), eq(examJury.userId, user.id)));
  return !!row;
}

export async function requireJury(
  user: Pick<SessionUser, "id" | "roles">,
  sessionId: number,
): Promise<ExamSessionDetail> {
  const session = await getExamSession(sessionId);
  if (!(await mayMark(user, sessionId))) {
    throw new DomainError(
      "Seuls les membres du jury de cette session et les administrateurs peuvent noter ses candidats.",
      { status: 403 },
    );
  }
  return session;
}

export interface JuryCandidate {
  id: number;
  profileId: number;
  name: string;
  grade: { id: number; label: string; vietnameseName: string; frenchName: string };
  result: ExamResult | null;
  note: string;
  version: number;
  markedAt: Date | null;
}

/** The jury page: the session and its convoked candidates. */
export async function juryView(user: Pick<SessionUser, "id" | "roles">, sessionId: number) {
  const session = await requireJury(user, sessionId);
  const rows = await db
    .select({ c: examCandidates, p: profiles, g: grades })
    .from(examCandidates)
    .innerJoin(profiles, eq(profiles.id, examCandidates.profileId))
    .innerJoin(grades, eq(grades.id, examCandidates.gradeId))
    .where(and(eq(examCandidates.sessionId, sessionId), sql`${examCandidates.convokedAt} is not null`))
    .orderBy(asc(grades.position), asc(profiles.nom), asc(profiles.prenom));
  const candidates: JuryCandidate[] = rows.map(({ c, p, g }) => ({
    id: c.id,
    profileId: p.id,
    name: fullName(p),
    grade: { id: g.id, label: gradeLabel(g), vietnameseName: g.vietnameseName, frenchName: g.frenchName },
    result: (c.result as ExamResult | null) ?? null,
    note: c.note,
    version: c.version,
    markedAt: c.markedAt,
  }));
  return { session, candidates };
}

/** The sessions this user sits on as jury (upcoming first), for their member pages (kept until the next write). */
export function myJurySessions(
  userId: string,
): Promise<{ id: number; examDate: string; place: string; status: ExamStatus }[]> {
  return accountRead(`jury-sessions:${userId}`, async () => ({ value: await readJurySessions(userId) }));
}

async function readJurySessions(
  userId: string,
): Promise<{ id: number; examDate: string; place: string; status: ExamStatus }[]> {
  const rows = await db
    .select({
      id: examSessions.id,
      examDate: examSessions.examDate,
      place: examSessions.place,
      status: examSessions.status,
    })
    .from(examJury)
    .innerJoin(examSessions, eq(examSessions.id, examJury.sessionId))
    .where(and(eq(examJury.userId, userId), sql`${examSessions.status} <> 'annulee'`))
    .orderBy(sql`${examSessions.examDate} desc`)
    .limit(inlineCount(5));
  return rows.map((r) => ({ ...r, status: r.status as ExamStatus }));
}

/** Marks a candidate; « reçu » writes the grade history once, with the exam day. */
export async function markCandidate(user: SessionUser, sessionId: number, input: MarkInput): Promise<void> {
  const session = await requireJury(user, sessionId);
  if (session.status === "annulee")
    throw new DomainError("Cette session est annulée : ses candidats ne se notent pas.", { status: 409 });
  await transaction(async (tx) => {
    const [cand] = await tx
      .select()
      .from(examCandidates)
      .where(
        and(
          eq(examCandidates.id, input.candidateId),
          eq(examCandidates.sessionId, sessionId),
          sql`${examCandidates.convokedAt} is not null`,
        ),
      )
      .for("update");
    if (!cand) throw new DomainError(CANDIDATE_NOT_FOUND, { status: 404 });
    if (cand.version !== input.version) {
      throw new DomainError(
        "Ce candidat a été noté entre-temps par un autre membre du jury : voici sa note actuelle.",
        { status: 409 },
      );
    }
    let historyId = cand.gradeHistoryId;
    if (input.result === "reussi" && historyId === null) {
      const [h] = await tx
        .insert(gradeHistory)
        .values({
          profileId: cand.profileId,
          gradeId: cand.gradeId,
          awardedOn: session.examDate,
          note: `Examen du ${formatDate(session.examDate)} (${session.place})`,
          createdBy: user.id,
        })
        .returning({ id: gradeHistory.id });
      historyId = h!.id;
    } else if (input.result === "reussi" && historyId !== null) {
      await tx.update(gradeHistory).set({ awardedOn: session.examDate }).where(eq(gradeHistory.id, historyId));
    } else if (input.result === "ajourne" && historyId !== null) {
      await tx.delete(gradeHistory).where(eq(gradeHistory.id, historyId));
      historyId = null;
    }
    await tx
      .update(examCandidates)
      .set({
        result: input.result,
        note: input.note,
        markedAt: new Date(),
        markedBy: user.id,
        gradeHistoryId: historyId,
        version: cand.version + 1,
      })
      .where(eq(examCandidates.id, cand.id));
    const [g] = await tx.select().from(grades).where(eq(grades.id, cand.gradeId));
    await audit(
      user,
      "exam.mark",
      `Examen du ${formatDate(session.examDate)} : ${input.result === "reussi" ? "réussi" : "non réussi"} au grade ${g ? gradeLabel(g) : cand.gradeId}`,
      { profileId: cand.profileId },
    );
  });
}

/** The facts of a passed candidate's diploma (jury of the session, admins and user managers). */
export async function diplomaFacts(user: Pick<SessionUser, "id" | "roles">, candidateId: number) {
  const [row] = await db
    .select({ c: examCandidates, p: profiles, g: grades, s: examSessions })
    .from(examCandidates)
    .innerJoin(profiles, eq(profiles.id, examCandidates.profileId))
    .innerJoin(grades, eq(grades.id, examCandidates.gradeId))
    .innerJoin(examSessions, eq(examSessions.id, examCandidates.sessionId))
    .where(eq(examCandidates.id, candidateId));
  if (!row || row.c.result !== "reussi")
    throw new DomainError("Aucun diplôme : cet examen n'est pas réussi.", { status: 404 });
  if (!can(user, "exams:manage") && !(await mayMark(user, row.s.id))) {
    throw new DomainError(
      "Seuls les membres du jury de cette session et les responsables peuvent imprimer ses diplômes.",
      { status: 403 },
    );
  }
  return { name: fullName(row.p), grade: row.g, examDate: row.s.examDate, place: row.s.place };
}

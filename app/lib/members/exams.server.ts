/**
 * Grade exams (issue 15, decision 0027): sessions, convocations, marking.
 *
 * Rules:
 *  - Managers (admin, user_manager: the managers of the members, section
 *    "examens" of the permission table) create and edit sessions; a save
 *    carries the version it was based on (409 otherwise) and is audited.
 *  - The jury is chosen among active staff accounts (JURY_ROLES). Marking is for the
 *    session's jury and the admins only (`mayMark`), checked here on every
 *    read and write of the jury page: a member of another session's jury
 *    gets 403, a missing session or candidate 404.
 *  - Candidates of a session: the profiles of active member accounts whose
 *    next grade is one the session examines, with their eligibility at the
 *    exam day (exam-eligibility.server.ts), and the profiles already convoked.
 *  - Convoking queues ONE e-mail per family (account) through the outbox,
 *    naming the date, the place, and for each convoked profile its grade and
 *    the link to the revision page of that grade; a profile already convoked
 *    is not convoked twice.
 *  - Marking « reçu » writes the grade history with the exam day, once (the
 *    candidate row keeps the history row it wrote; re-marking reuses it);
 *    marking « ajourné » afterwards removes that row. The candidate row is
 *    locked and its version checked: two phones marking at once never write
 *    the grade twice.
 */
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import {
  examCandidates,
  examJury,
  examSessionGrades,
  examSessions,
  gradeHistory,
  grades,
  profiles,
  users,
} from "#db/schema";
import { db, transaction } from "../core/db.server";
import { DomainError } from "../core/errors";
import { env } from "../core/env.server";
import { formatDate, formatLongDate } from "../core/time";
import { frenchText } from "../typography/french";
import { deliverPendingMail, queueMail } from "../mail/mail.server";
import { getSetting } from "../club/settings.server";
import type { SessionUser } from "../accounts/session.server";
import { ROLES } from "../accounts/roles";
import { audit, memberRolesArray, type Actor } from "./users-rules.server";
import { eligibilityOf } from "./exam-eligibility.server";
import type { Eligibility } from "./exam-eligibility";
import { listGrades, type Grade } from "./grades.server";
import type { ExamResult, ExamSessionInput, ExamStatus, MarkInput } from "./exams";

export type ExamSession = typeof examSessions.$inferSelect;

/**
 * Who may sit on a jury: the club's staff accounts, every role but « membre »
 * and « pré-inscrit » (admins, managers, and the instructors' role when the
 * club has it). A plain member is made an instructor first.
 */
const JURY_ROLES = ROLES.filter((r) => r !== "membre" && r !== "pré-inscrit");
const juryRolesArray = sql`ARRAY[${sql.join(
  JURY_ROLES.map((r) => sql`${r}`),
  sql`, `,
)}]::text[]`;

const NOT_FOUND = "Cette session d'examen n'existe pas (ou plus).";
const CANDIDATE_NOT_FOUND = "Ce candidat n'est pas convoqué à cette session.";

export const gradeLabel = (g: Pick<Grade, "vietnameseName" | "frenchName">) => `${g.vietnameseName} — ${g.frenchName}`;
const fullName = (p: { prenom: string; nom: string }) => `${p.prenom} ${p.nom}`.trim();

/** The revision page of a grade (member area). */
export function revisionPath(gradeId: number, profileId?: number): string {
  return `/espace-membre/revision?grade=${gradeId}${profileId ? `&profil=${profileId}` : ""}`;
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

/** The accounts that may sit on a jury: active staff accounts (JURY_ROLES). */
export async function juryChoices(): Promise<{ id: string; name: string }[]> {
  const rows = await db
    .select({ id: users.id, prenom: users.prenom, nom: users.nom, email: users.email })
    .from(users)
    .where(and(eq(users.active, true), sql`${users.roles} && ${juryRolesArray}`))
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
        .where(and(inArray(users.id, juryIds), eq(users.active, true), sql`${users.roles} && ${juryRolesArray}`));
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
      `Session d'examen du ${formatDate(input.examDate)} (${input.place}) : ${gradeIds.length} grade(s), ${juryIds.length} membre(s) du jury, ${input.status}`,
    );
    return id;
  });
  return id;
}

// ---------------------------------------------------------------- candidates

export interface CandidateRow {
  profileId: number;
  name: string;
  ownerId: string;
  dateOfBirth: string | null;
  current: { label: string; awardedOn: string } | null;
  target: { id: number; label: string } | null;
  eligibility: Eligibility | null;
  convokedAt: Date | null;
  result: ExamResult | null;
}

/** The session's possible candidates (next grade examined) and those already convoked, by grade then name. */
export async function sessionCandidates(sessionId: number): Promise<CandidateRow[]> {
  const session = await getExamSession(sessionId);
  const examined = new Set(session.grades.map((g) => g.id));
  const people = await db
    .select({
      id: profiles.id,
      prenom: profiles.prenom,
      nom: profiles.nom,
      ownerId: profiles.ownerId,
      dateOfBirth: profiles.dateOfBirth,
    })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.ownerId))
    .where(and(eq(users.active, true), sql`${users.roles} && ${memberRolesArray}`));
  const already = await db.select().from(examCandidates).where(eq(examCandidates.sessionId, sessionId));
  const extra = already.filter((c) => !people.some((p) => p.id === c.profileId)).map((c) => c.profileId);
  if (extra.length) {
    people.push(
      ...(await db
        .select({
          id: profiles.id,
          prenom: profiles.prenom,
          nom: profiles.nom,
          ownerId: profiles.ownerId,
          dateOfBirth: profiles.dateOfBirth,
        })
        .from(profiles)
        .where(inArray(profiles.id, extra))),
    );
  }
  const elig = await eligibilityOf(
    people.map((p) => p.id),
    session.examDate,
  );
  const table = await listGrades();
  const rows: CandidateRow[] = [];
  for (const p of people) {
    const e = elig.get(p.id);
    const cand = already.find((c) => c.profileId === p.id);
    if (!cand && !(e?.target && examined.has(e.target.id))) continue;
    // A convoked candidate presents the grade of their convocation (even if their history changed since).
    const target = cand ? (table.find((g) => g.id === cand.gradeId) ?? null) : (e?.target ?? null);
    rows.push({
      profileId: p.id,
      name: fullName(p),
      ownerId: p.ownerId,
      dateOfBirth: p.dateOfBirth,
      current: e?.current ? { label: gradeLabel(e.current.grade), awardedOn: e.current.awardedOn } : null,
      target: target ? { id: target.id, label: gradeLabel(target) } : null,
      eligibility: cand && target?.id !== e?.target?.id ? null : (e?.eligibility ?? null),
      convokedAt: cand?.convokedAt ?? null,
      result: (cand?.result as ExamResult | null) ?? null,
    });
  }
  const position = (id: number | undefined) => table.find((g) => g.id === id)?.position ?? 0;
  rows.sort((a, b) => position(a.target?.id) - position(b.target?.id) || a.name.localeCompare(b.name, "fr"));
  return rows;
}

/**
 * Convokes these profiles: one candidate row each (the grade after their
 * current one, which the session must examine) and ONE e-mail per family.
 * Returns the number of profiles newly convoked and of e-mails queued.
 */
export async function convokeCandidates(
  actor: Actor,
  sessionId: number,
  profileIds: number[],
): Promise<{ convoked: number; mails: number }> {
  const session = await getExamSession(sessionId);
  if (session.status !== "prevue")
    throw new DomainError("Cette session n'est plus prévue : on ne peut plus y convoquer.", { status: 409 });
  const ids = [...new Set(profileIds)];
  const candidates = await sessionCandidates(sessionId);
  const chosen = ids.map((id) => candidates.find((c) => c.profileId === id));
  if (chosen.some((c) => !c || !c.target)) {
    throw new DomainError("Un des profils cochés ne présente pas un grade de cette session : rechargez la page.", {
      field: "profileIds",
    });
  }
  const identity = await getSetting("identity");
  const base = env().BASE_URL;
  const result = await transaction(async (tx) => {
    const fresh: CandidateRow[] = [];
    for (const c of chosen as CandidateRow[]) {
      const [row] = await tx
        .insert(examCandidates)
        .values({ sessionId, profileId: c.profileId, gradeId: c.target!.id, convokedAt: new Date() })
        .onConflictDoUpdate({
          target: [examCandidates.sessionId, examCandidates.profileId],
          set: { convokedAt: sql`coalesce(${examCandidates.convokedAt}, excluded."convoked_at")` },
          setWhere: sql`${examCandidates.convokedAt} is null`,
        })
        .returning({ id: examCandidates.id });
      if (row) fresh.push(c);
    }
    const families = new Map<string, CandidateRow[]>();
    for (const c of fresh) families.set(c.ownerId, [...(families.get(c.ownerId) ?? []), c]);
    const owners = families.size
      ? await tx
          .select({ id: users.id, email: users.email, prenom: users.prenom })
          .from(users)
          .where(inArray(users.id, [...families.keys()]))
      : [];
    for (const owner of owners) {
      const members = families.get(owner.id)!;
      const lines = members.flatMap((c) => [
        `• ${c.name} présente le grade ${c.target!.label}.`,
        `  Le programme à réviser : ${base}${revisionPath(c.target!.id, c.profileId)}`,
      ]);
      await queueMail({
        to: owner.email,
        subject: frenchText(`Convocation au passage de grade du ${formatDate(session.examDate)}`),
        text: frenchText(
          [
            `Bonjour${owner.prenom ? ` ${owner.prenom}` : ""},`,
            "",
            `${identity.clubName} a le plaisir de convoquer au passage de grade du ${formatLongDate(session.examDate)}, lieu : ${session.place} :`,
            "",
            ...lines,
            "",
            "Venez en tenue (võ phục) avec votre ceinture actuelle, un peu avant l'heure indiquée par les enseignants.",
            "",
            `Sportivement,`,
            identity.clubName,
          ].join("\n"),
        ),
      });
    }
    if (fresh.length) {
      await audit(
        actor,
        "exam.convoke",
        `Session d'examen du ${formatDate(session.examDate)} : ${fresh.length} candidat(s) convoqué(s), ${owners.length} e-mail(s)`,
      );
    }
    return { convoked: fresh.length, mails: owners.length };
  });
  if (result.mails) void deliverPendingMail();
  return result;
}

// ---------------------------------------------------------------- the jury

/** May this user mark the candidates of this session? Admins and the session's jury. */
export async function mayMark(user: Pick<SessionUser, "id" | "roles">, sessionId: number): Promise<boolean> {
  if (user.roles.includes("admin")) return true;
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

/** The sessions this user sits on as jury (upcoming first), for their member pages. */
export async function myJurySessions(
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
    .limit(5);
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

// ---------------------------------------------------------------- diploma

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
  if (!user.roles.includes("user_manager") && !(await mayMark(user, row.s.id))) {
    throw new DomainError(
      "Seuls les membres du jury de cette session et les responsables peuvent imprimer ses diplômes.",
      { status: 403 },
    );
  }
  return { name: fullName(row.p), grade: row.g, examDate: row.s.examDate, place: row.s.place };
}

/**
 * Grade exams (issue 15, decision 0027): the candidates of a session and
 * their convocations.
 *
 * Rules:
 *  - Candidates of a session: the profiles of active member accounts whose
 *    next grade is one the session examines, with their eligibility at the
 *    exam day (exam-eligibility.server.ts), and the profiles already convoked
 *    (they present the grade of their convocation, even if their history
 *    changed since).
 *  - Convoking is for a session still « prévue » (409 otherwise) and queues ONE
 *    e-mail per family (account) through the outbox, naming the date, the
 *    place, and for each convoked profile its grade and the link to the
 *    revision page of that grade; a profile already convoked is not convoked
 *    twice. Audited.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import { examCandidates, profiles, users } from "#db/schema";
import { db, transaction } from "../core/db.server";
import { DomainError } from "../core/errors";
import { formatDate } from "../core/time";
import { deliverPendingMail } from "../mail/mail.server";
import { sendMail } from "../mail/send.server";
import { examConvocationMail } from "../mail/templates/exam-convocation";
import { audit } from "../core/audit.server";
import { memberRolesArray, type Actor } from "./users-rules.server";
import { eligibilityOf } from "./exam-eligibility.server";
import type { Eligibility } from "./exam-eligibility";
import { listGrades } from "./grades.server";
import { fullName, getExamSession, gradeLabel, revisionPath } from "./exams.server";
import type { ExamResult } from "./exams";
import { countOf } from "../core/count";

export interface CandidateRow {
  /** The candidate row once convoked (or met by the jury), else null. */
  candidateId: number | null;
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

/** What a candidate row needs of a profile. */
const PERSON = {
  id: profiles.id,
  prenom: profiles.prenom,
  nom: profiles.nom,
  ownerId: profiles.ownerId,
  dateOfBirth: profiles.dateOfBirth,
};

/** The session's possible candidates (next grade examined) and those already convoked, by grade then name. */
export async function sessionCandidates(sessionId: number): Promise<CandidateRow[]> {
  const session = await getExamSession(sessionId);
  const examined = new Set(session.grades.map((g) => g.id));
  const people = await db
    .select(PERSON)
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.ownerId))
    .where(and(eq(users.active, true), sql`${users.roles} && ${memberRolesArray}`));
  const already = await db.select().from(examCandidates).where(eq(examCandidates.sessionId, sessionId));
  const extra = already.filter((c) => !people.some((p) => p.id === c.profileId)).map((c) => c.profileId);
  if (extra.length) {
    people.push(...(await db.select(PERSON).from(profiles).where(inArray(profiles.id, extra))));
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
      candidateId: cand?.id ?? null,
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
      await sendMail(
        examConvocationMail,
        {
          prenom: owner.prenom,
          examDate: session.examDate,
          place: session.place,
          candidates: members.map((c) => ({
            name: c.name,
            grade: c.target!.label,
            revisionPath: revisionPath(c.target!.id, c.profileId),
          })),
        },
        { to: owner.email },
      );
    }
    if (fresh.length) {
      await audit(
        actor,
        "exam.convoke",
        `Session d'examen du ${formatDate(session.examDate)} : ${countOf(fresh.length, "candidat convoqué", "candidats convoqués")}, ${countOf(owners.length, "e-mail", "e-mails", "aucun e-mail")}`,
      );
    }
    return { convoked: fresh.length, mails: owners.length };
  });
  if (result.mails) void deliverPendingMail();
  return result;
}

/**
 * A profile's status for the current season: cotisation, health document
 * (medical certificate or health questionnaire) and grades.
 */
import { and, desc, eq } from "drizzle-orm";
import { gradeHistory, grades, seasonStatuses } from "#db/schema";
import { db } from "../core/db.server";
import { accountRead } from "../core/cache.server";
import { cachedGradeTable, type Grade } from "./grades.server";
import { parisDate } from "../core/time";
import { currentSeasonAt } from "./seasons.server";

export type { Grade };
export type SeasonStatus = typeof seasonStatuses.$inferSelect;

export interface GradeHistoryEntry {
  id: number;
  gradeId: number;
  awardedOn: string;
  note: string;
  grade: Grade;
}

export interface ProfileStatus {
  season: string;
  cotisation: { paid: boolean; paidOn: string | null; amountCents: number | null; means: string | null };
  health: {
    kind: "certificat" | "questionnaire" | null;
    receivedOn: string | null;
    validUntil: string | null;
    /** Received and not expired today. */
    valid: boolean;
  };
  currentGrade: Grade | null;
  currentGradeAwardedOn: string | null;
  nextGrade: Grade | null;
}

export const HEALTH_DOCUMENT_LABELS: Record<string, string> = {
  certificat: "Certificat médical",
  questionnaire: "Attestation du questionnaire de santé",
};

export const PAYMENT_MEANS_LABELS: Record<string, string> = {
  cheque: "chèque",
  virement: "virement",
  especes: "espèces",
  carte: "carte bancaire",
  "pass-sport": "Pass'Sport",
  helloasso: "HelloAsso",
  autre: "autre moyen",
};

/** A profile's grade history, most recent first (kept until the next write). */
export function getGradeHistory(profileId: number): Promise<GradeHistoryEntry[]> {
  return accountRead(`grade-history:${profileId}`, async () => ({ value: await readGradeHistory(profileId) }));
}

async function readGradeHistory(profileId: number): Promise<GradeHistoryEntry[]> {
  const rows = await db
    .select({ entry: gradeHistory, grade: grades })
    .from(gradeHistory)
    .innerJoin(grades, eq(grades.id, gradeHistory.gradeId))
    .where(eq(gradeHistory.profileId, profileId))
    .orderBy(desc(gradeHistory.awardedOn), desc(grades.position), desc(gradeHistory.id));
  return rows.map(({ entry, grade }) => ({
    id: entry.id,
    gradeId: entry.gradeId,
    awardedOn: entry.awardedOn,
    note: entry.note,
    grade,
  }));
}

/**
 * Current grade (the highest grade of the history) and the next one in the
 * table. Without history the next grade is the first of the table.
 */
export function currentAndNextGrade(
  table: readonly Grade[],
  history: GradeHistoryEntry[],
): { current: GradeHistoryEntry | null; next: Grade | null } {
  let current: GradeHistoryEntry | null = null;
  for (const h of history) {
    if (!current || h.grade.position > current.grade.position) current = h;
  }
  const next = current ? (table.find((g) => g.position > current.grade.position) ?? null) : (table[0] ?? null);
  return { current, next };
}

/** A profile's status row for a season (kept until the next write). */
export function getSeasonStatus(profileId: number, season: string): Promise<SeasonStatus | null> {
  return accountRead(`season-status:${profileId}:${season}`, async () => {
    const [row] = await db
      .select()
      .from(seasonStatuses)
      .where(and(eq(seasonStatuses.profileId, profileId), eq(seasonStatuses.season, season)));
    return { value: row ?? null };
  });
}

/** Everything the member home shows about a profile for the current season. */
export async function getProfileStatus(profileId: number, date: Date = new Date()): Promise<ProfileStatus> {
  const season = await currentSeasonAt(date);
  const [status, table, history] = await Promise.all([
    getSeasonStatus(profileId, season),
    cachedGradeTable(),
    getGradeHistory(profileId),
  ]);
  const { current, next } = currentAndNextGrade(table, history);
  const today = parisDate(date);
  const kind =
    status?.healthDocumentKind === "certificat" || status?.healthDocumentKind === "questionnaire"
      ? status.healthDocumentKind
      : null;
  const receivedOn = status?.healthDocumentReceivedOn ?? null;
  const validUntil = status?.healthDocumentValidUntil ?? null;
  return {
    season,
    cotisation: {
      paid: Boolean(status?.cotisationPaidOn),
      paidOn: status?.cotisationPaidOn ?? null,
      amountCents: status?.cotisationAmountCents ?? null,
      means: status?.cotisationMeans ?? null,
    },
    health: {
      kind,
      receivedOn,
      validUntil,
      valid: Boolean(receivedOn) && (!validUntil || validUntil >= today),
    },
    currentGrade: current?.grade ?? null,
    currentGradeAwardedOn: current?.awardedOn ?? null,
    nextGrade: next,
  };
}

/**
 * Seasons on the server: the one current season (`currentSeasonAt`, Paris
 * time and the club's start month; the pure season arithmetic is in
 * core/time.ts), the validity of a health document, the start of a new season
 * and the sync of the spec's two user flags (users.aPayeCotisation,
 * users.certificatMedicalFourni).
 *
 * Status lives per profile and per season (season_statuses). Starting a
 * season keeps every past row (history) and creates no cotisation: everyone
 * has to renew. A medical certificate whose validity still covers the new
 * season is carried over (a new row with the same document); an expired one,
 * or a questionnaire (valid for one season only), leaves the new season
 * without a health document, so it shows as missing.
 */
import { eq, inArray, sql } from "drizzle-orm";
import { profiles, seasonStarts, seasonStatuses, users } from "#db/schema";
import { audit, type AuditPerson } from "../core/audit.server";
import { db } from "../core/db.server";
import { cachedRead } from "../core/cache.server";
import { getSetting } from "../club/settings.server";
import {
  addMonths,
  nextSeason,
  parisDate,
  previousSeason,
  seasonBounds,
  seasonOf,
  seasonStartYear,
} from "../core/time";

function shiftSeason(season: string, by: number): string {
  let s = season;
  for (let i = 0; i < by; i++) s = nextSeason(s);
  return s;
}

export type HealthKind = "certificat" | "questionnaire";

/**
 * Last day a health document is valid.
 *  - questionnaire: the end of the season it is recorded for;
 *  - certificat: the end of the last season covered, counting
 *    `certificateValiditySeasons` seasons from the season it was received in
 *    (a certificate received during the summer before the recorded season
 *    counts from that season).
 */
export function healthValidUntil(
  kind: HealthKind,
  receivedOn: string,
  season: string,
  membership: { seasonStartMonth: number; certificateValiditySeasons: number },
): string {
  const startMonth = membership.seasonStartMonth;
  if (kind === "questionnaire") return seasonBounds(season, startMonth).end;
  let first = seasonOf(receivedOn, startMonth);
  const seasonStart = seasonBounds(season, startMonth).start;
  if (seasonStartYear(first) === seasonStartYear(season) - 1 && receivedOn >= addMonths(seasonStart, -3))
    first = season;
  const last = shiftSeason(first, Math.max(1, membership.certificateValiditySeasons) - 1);
  return seasonBounds(last, startMonth).end;
}

/** The season running at `now` in Paris (club setting for its first month): the one "current season". */
export async function currentSeasonAt(now: Date = new Date()): Promise<string> {
  const { seasonStartMonth } = await getSetting("membership");
  return seasonOf(parisDate(now), seasonStartMonth);
}

/**
 * Keeps users.aPayeCotisation and users.certificatMedicalFourni (the spec's
 * fields) equal to the account holder's own profile status for the current
 * season. Pass no userIds to resync everyone.
 */
export async function syncUserFlags(userIds: string[] | null, now: Date = new Date()): Promise<void> {
  if (userIds && userIds.length === 0) return;
  const season = await currentSeasonAt(now);
  const today = parisDate(now);
  const paid = sql<boolean>`exists (select 1 from ${profiles} p join ${seasonStatuses} s on s.profile_id = p.id
    where p.owner_id = ${users.id} and p.is_self and s.season = ${season} and s.cotisation_paid_on is not null)`;
  const health = sql<boolean>`exists (select 1 from ${profiles} p join ${seasonStatuses} s on s.profile_id = p.id
    where p.owner_id = ${users.id} and p.is_self and s.season = ${season} and s.health_document_received_on is not null
    and (s.health_document_valid_until is null or s.health_document_valid_until >= ${today}))`;
  await db
    .update(users)
    .set({ aPayeCotisation: paid, certificatMedicalFourni: health })
    .where(userIds ? inArray(users.id, userIds) : undefined);
}

export async function isSeasonStarted(season: string): Promise<boolean> {
  const [row] = await db
    .select({ season: seasonStarts.season })
    .from(seasonStarts)
    .where(eq(seasonStarts.season, season));
  return Boolean(row);
}

export interface SeasonStartResult {
  season: string;
  /** False when the season had already been started (nothing done). */
  started: boolean;
  carriedOver: number;
}

/**
 * Starts `season` once: marks it started and carries over every medical
 * certificate of the previous season whose validity covers the new season's
 * first day. Runs in its own transaction (a savepoint when called inside one).
 */
export async function startSeason(
  season: string,
  actor: AuditPerson | null,
  now: Date = new Date(),
): Promise<SeasonStartResult> {
  return db.transaction(async (): Promise<SeasonStartResult> => {
    const claimed = await db
      .insert(seasonStarts)
      .values({ season, startedBy: actor?.id ?? null })
      .onConflictDoNothing()
      .returning({ season: seasonStarts.season });
    if (claimed.length === 0) return { season, started: false, carriedOver: 0 };

    const { seasonStartMonth } = await getSetting("membership");
    const { start } = seasonBounds(season, seasonStartMonth);
    // One statement, in the database (not a row at a time from JavaScript): on the large club
    // (13,000 certificates) the loop of an insert and an update per row kept the first manager
    // to open the users list of a new season waiting 18.7 s; this takes well under a second.
    // A row already recorded for the new season gets the certificate only if it has none.
    const actorId = actor?.id ?? null;
    const carried = await db.execute(sql`
      insert into ${seasonStatuses} as s (profile_id, season, health_document_kind,
        health_document_received_on, health_document_valid_until, created_by, updated_by)
      select p.profile_id, ${season}, p.health_document_kind, p.health_document_received_on,
        p.health_document_valid_until, ${actorId}, ${actorId}
      from ${seasonStatuses} p
      where p.season = ${previousSeason(season)} and p.health_document_kind = 'certificat'
        and p.health_document_valid_until >= ${start}
      on conflict (profile_id, season) do update set
        health_document_kind = excluded.health_document_kind,
        health_document_received_on = excluded.health_document_received_on,
        health_document_valid_until = excluded.health_document_valid_until,
        updated_at = ${now.toISOString()}, updated_by = ${actorId}, version = s.version + 1
      where s.health_document_received_on is null
      returning s.id`);
    const count = (carried as { rows: unknown[] }).rows.length;
    await db.update(seasonStarts).set({ carriedOver: count }).where(eq(seasonStarts.season, season));
    await audit(
      actor,
      "season.start",
      `Saison ${season} démarrée : ${count} certificat${count > 1 ? "s" : ""} médica${count > 1 ? "ux" : "l"} encore valable${count > 1 ? "s" : ""} reporté${count > 1 ? "s" : ""}.`,
    );
    if (season === (await currentSeasonAt(now))) await syncUserFlags(null, now);
    return { season, started: true, carriedOver: count };
  });
}

/** Starts the season running today if nobody did yet (daily job, pages of the managers). */
export async function ensureCurrentSeasonStarted(now: Date = new Date()): Promise<void> {
  const season = await currentSeasonAt(now);
  // Asked on every view of the users list: kept until any write (read cache).
  const started = await cachedRead(`season-started:${season}`, async () => ({ value: await isSeasonStarted(season) }));
  if (started) return;
  await startSeason(season, null, now);
}

/**
 * The season the admin's « Démarrer la saison » button offers: the current
 * one if it was never started, else the next one.
 */
export async function seasonToStart(now: Date = new Date()): Promise<string> {
  const current = await currentSeasonAt(now);
  return (await isSeasonStarted(current)) ? nextSeason(current) : current;
}

/** Seasons started so far, latest first. */
export async function startedSeasons() {
  return db
    .select()
    .from(seasonStarts)
    .orderBy(sql`${seasonStarts.season} desc`);
}

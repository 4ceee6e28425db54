/**
 * The season as the managers follow it: every profile registered
 * (sent registrations), its group, payment and medical compliance (computed
 * with the `medical` setting from the dates and types received), the counts
 * per group, the money collected by payment method and what is still due
 * (an instalment counts once collected), and the CSV exports.
 *
 * CSV rules: `;` separator, UTF-8 with a byte-order mark and CRLF (opened as
 * is by a French spreadsheet); a cell starting with = + - @ is prefixed with
 * an apostrophe (no formula injection).
 */
import { and, asc, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import {
  paymentAlerts,
  payments,
  profiles,
  registrationLines,
  registrations,
  seasonDocuments,
  seasonStatuses,
  users,
} from "#db/schema";
import { db } from "../core/db.server";
import { getSetting } from "../club/settings.server";
import { parisDate, seasonBounds } from "../core/time";
import { isMinorOn } from "./campaign";
import { medicalStatus, type HealthDocument, type MedicalStatus } from "./medical";
import { scheduleOf } from "./payment-schedule";
import { registrationsMoney } from "./registration-settlement.server";

interface RegisteredMember {
  profileId: number;
  prenom: string;
  nom: string;
  dateOfBirth: string | null;
  group: string;
  amountCents: number;
  paid: boolean;
  medical: MedicalStatus;
  parentName: string;
  parentEmail: string;
  ownerId: string;
}

interface GroupCounts {
  group: string;
  registered: number;
  paid: number;
  compliant: number;
  pending: number;
}

/** Medical status of each of `profileIds` for `season`. */
export async function medicalStatuses(
  people: { profileId: number; dateOfBirth: string | null; competitor: boolean }[],
  season: string,
  now: Date = new Date(),
): Promise<Map<number, MedicalStatus>> {
  const rules = await getSetting("medical");
  const { seasonStartMonth } = await getSetting("membership");
  const seasonStart = seasonBounds(season, seasonStartMonth).start;
  const ids = people.map((p) => p.profileId);
  const rows = ids.length
    ? await db
        .select({
          profileId: seasonStatuses.profileId,
          season: seasonStatuses.season,
          kind: seasonStatuses.healthDocumentKind,
          receivedOn: seasonStatuses.healthDocumentReceivedOn,
        })
        .from(seasonStatuses)
        .where(and(inArray(seasonStatuses.profileId, ids), isNotNull(seasonStatuses.healthDocumentReceivedOn)))
    : [];
  const docs = new Map<number, HealthDocument[]>();
  for (const r of rows) {
    if (r.kind !== "certificat" && r.kind !== "questionnaire") continue;
    const list = docs.get(r.profileId) ?? [];
    list.push({ season: r.season, kind: r.kind, receivedOn: r.receivedOn! });
    docs.set(r.profileId, list);
  }
  const at = { season, seasonStart, today: parisDate(now) };
  return new Map(
    people.map((p) => [
      p.profileId,
      medicalStatus(
        { minor: isMinorOn(p.dateOfBirth, seasonStart), competitor: p.competitor },
        docs.get(p.profileId) ?? [],
        at,
        rules,
      ),
    ]),
  );
}

export async function registeredMembers(season: string, now: Date = new Date()): Promise<RegisteredMember[]> {
  const rows = await db
    .select({
      profileId: profiles.id,
      prenom: profiles.prenom,
      nom: profiles.nom,
      dateOfBirth: profiles.dateOfBirth,
      group: registrationLines.groupName,
      amountCents: registrationLines.amountCents,
      competitor: registrationLines.competitor,
      status: registrations.status,
      parentPrenom: users.prenom,
      parentNom: users.nom,
      parentEmail: users.email,
      ownerId: users.id,
    })
    .from(registrationLines)
    .innerJoin(registrations, eq(registrations.id, registrationLines.registrationId))
    .innerJoin(profiles, eq(profiles.id, registrationLines.profileId))
    .innerJoin(users, eq(users.id, registrations.ownerId))
    .where(and(eq(registrations.season, season), inArray(registrations.status, ["en-attente", "payee"])))
    .orderBy(asc(registrationLines.groupName), sql`lower(${profiles.nom})`, sql`lower(${profiles.prenom})`);
  const medical = await medicalStatuses(rows, season, now);
  return rows.map((r) => ({
    profileId: r.profileId,
    prenom: r.prenom,
    nom: r.nom,
    dateOfBirth: r.dateOfBirth,
    group: r.group,
    amountCents: r.amountCents,
    paid: r.status === "payee",
    medical: medical.get(r.profileId) ?? "certificate-due",
    parentName: `${r.parentPrenom} ${r.parentNom}`.trim(),
    parentEmail: r.parentEmail,
    ownerId: r.ownerId,
  }));
}

export function countsByGroup(members: RegisteredMember[]): GroupCounts[] {
  const byGroup = new Map<string, GroupCounts>();
  for (const m of members) {
    const c = byGroup.get(m.group) ?? { group: m.group, registered: 0, paid: 0, compliant: 0, pending: 0 };
    c.registered++;
    if (m.paid) c.paid++;
    else c.pending++;
    if (m.medical === "ok") c.compliant++;
    byGroup.set(m.group, c);
  }
  return [...byGroup.values()];
}

export async function draftCount(season: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(registrations)
    .where(and(eq(registrations.season, season), eq(registrations.status, "brouillon")));
  return row?.n ?? 0;
}

/**
 * Money collected in the season by method, in cents: a HelloAsso
 * instalment counts once `Authorized`, each one a payment; an instalment to
 * come, refused or refunded does not.
 */
export async function takingsByMethod(
  season: string,
): Promise<{ method: string; count: number; totalCents: number }[]> {
  const rows = await db
    .select()
    .from(payments)
    .where(and(eq(payments.season, season), inArray(payments.state, ["appliquee", "remboursee"])));
  const byMethod = new Map<string, { method: string; count: number; totalCents: number }>();
  for (const line of rows.flatMap(scheduleOf)) {
    if (line.state !== "encaisse") continue;
    const t = byMethod.get(line.method) ?? { method: line.method, count: 0, totalCents: 0 };
    t.count++;
    t.totalCents += line.amountCents;
    byMethod.set(line.method, t);
  }
  return [...byMethod.values()].sort((a, b) => a.method.localeCompare(b.method));
}

/**
 * The season's income: what was collected, what HelloAsso will
 * still collect (instalments to come), and what the families still owe
 * beyond that (sent registrations not covered), in cents.
 */
export async function seasonIncome(
  season: string,
): Promise<{ collectedCents: number; scheduledCents: number; restCents: number; incomplete: number }> {
  const regs = await db
    .select({ id: registrations.id, totalCents: registrations.totalCents })
    .from(registrations)
    .where(and(eq(registrations.season, season), inArray(registrations.status, ["en-attente", "payee"])));
  const money = [...(await registrationsMoney(regs)).values()];
  const sum = (f: (m: (typeof money)[number]) => number) => money.reduce((s, m) => s + f(m), 0);
  return {
    collectedCents: sum((m) => m.collectedCents),
    scheduledCents: sum((m) => (m.situation === "payee" ? 0 : m.scheduledCents)),
    restCents: sum((m) => (m.situation === "payee" ? 0 : m.restCents)),
    incomplete: money.filter((m) => m.situation === "incomplet").length,
  };
}

function cell(value: string | number | null): string {
  let s = value === null ? "" : String(value);
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[";\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** A CSV file for a French spreadsheet. */
export function toCsv(rows: (string | number | null)[][]): string {
  return "\uFEFF" + rows.map((r) => r.map(cell).join(";")).join("\r\n") + "\r\n";
}

/**
 * The season's counts for the managers' dashboard: members
 * registered (sent registrations), paid, families awaiting payment, members
 * whose medical file is not in order, HelloAsso payments to match, papers
 * to check, payment alerts open; and the counts per group.
 */
export async function seasonDashboardCounts(now: Date = new Date()) {
  const { season } = await getSetting("campaign");
  const members = await registeredMembers(season, now);
  const [awaiting] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(registrations)
    .where(and(eq(registrations.season, season), eq(registrations.status, "en-attente")));
  const [unmatched] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(payments)
    .where(eq(payments.state, "a-rapprocher"));
  const [toCheck] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(seasonDocuments)
    .where(
      and(
        eq(seasonDocuments.season, season),
        eq(seasonDocuments.state, "a-verifier"),
        inArray(seasonDocuments.kind, ["certificat", "questionnaire"]),
      ),
    );
  const [alerts] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(paymentAlerts)
    .where(isNull(paymentAlerts.handledAt));
  return {
    season,
    registered: members.length,
    paid: members.filter((m) => m.paid).length,
    awaitingFamilies: awaiting?.n ?? 0,
    medicalIncomplete: members.filter((m) => m.medical !== "ok").length,
    unmatchedPayments: unmatched?.n ?? 0,
    papersToCheck: toCheck?.n ?? 0,
    paymentAlerts: alerts?.n ?? 0,
    groups: countsByGroup(members),
  };
}

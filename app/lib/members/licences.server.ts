/**
 * Federation licences: one licence number per profile and season
 * (season_statuses.licence_number), typed by a manager or imported from the
 * federation's list, and the licence list exported for the federation.
 *
 * Rules:
 *  - Only a profile registered for the season (the follow-up page's list,
 *    `registeredMembers`) gets a number; two profiles never share a number in
 *    a season (French error naming the holder).
 *  - An import matches each line to ONE registered profile by name (nom or
 *    birth name), first name and date of birth, ignoring case, accents and
 *    hyphens; it saves every line or none: any line unread, unmatched,
 *    ambiguous, repeated, or whose number is another member's, is refused
 *    with its own French error and nothing is written.
 *  - Every change is in the audit log.
 *  - The exported row carries the civil identity the family filled on the
 *    profile (birth name, sex, place of birth, nationality, address), the
 *    phone (the profile's, else the account holder's), the account's e-mail,
 *    this season's and last season's numbers, and the highest grade.
 */
import { and, eq, inArray } from "drizzle-orm";
import { gradeHistory, grades, profiles, seasonStatuses, selfProfile, users } from "#db/schema";
import { db, transaction } from "../core/db.server";
import { DomainError } from "../core/errors";
import { formatDate, previousSeason } from "../core/time";
import { MEDICAL_STATUS_LABELS } from "./medical";
import { nameKey, parseLicenceImport } from "./licences";
import { registeredMembers } from "./season-overview.server";
import { de } from "../typography/elision";
import { audit } from "../core/audit.server";
import { type Actor } from "./users-rules.server";

export interface LicenceRow {
  profileId: number;
  name: string;
  nom: string;
  prenom: string;
  birthName: string;
  sex: string | null;
  dateOfBirth: string | null;
  placeOfBirth: string;
  nationality: string;
  address: string;
  postalCode: string;
  city: string;
  phone: string;
  email: string;
  licenceNumber: string | null;
  previousLicence: string | null;
  grade: string;
  group: string;
  paid: boolean;
  medical: string;
  parentName: string;
}

/** Every profile registered for `season`, with what a licence form asks for. */
export async function licenceRows(season: string): Promise<LicenceRow[]> {
  const members = await registeredMembers(season);
  const ids = members.map((m) => m.profileId);
  if (!ids.length) return [];
  const people = await db
    .select({ profile: profiles, email: users.email })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.ownerId))
    .where(inArray(profiles.id, ids));
  const owners = [...new Set(people.map((p) => p.profile.ownerId))];
  const ownerPhones = await db
    .select({ ownerId: profiles.ownerId, phone: profiles.phone })
    .from(profiles)
    .where(and(inArray(profiles.ownerId, owners), selfProfile));
  const numbers = await db
    .select({ profileId: seasonStatuses.profileId, season: seasonStatuses.season, n: seasonStatuses.licenceNumber })
    .from(seasonStatuses)
    .where(
      and(inArray(seasonStatuses.profileId, ids), inArray(seasonStatuses.season, [season, previousSeason(season)])),
    );
  const history = await db
    .select({
      profileId: gradeHistory.profileId,
      position: grades.position,
      label: grades.vietnameseName,
      french: grades.frenchName,
    })
    .from(gradeHistory)
    .innerJoin(grades, eq(grades.id, gradeHistory.gradeId))
    .where(inArray(gradeHistory.profileId, ids));
  const top = new Map<number, { position: number; text: string }>();
  for (const h of history) {
    const known = top.get(h.profileId);
    if (!known || h.position > known.position)
      top.set(h.profileId, { position: h.position, text: `${h.label} (${h.french})` });
  }
  const byId = new Map(people.map((p) => [p.profile.id, p]));
  const numberOf = (id: number, s: string) => numbers.find((n) => n.profileId === id && n.season === s)?.n ?? null;
  return members.map((m) => {
    const p = byId.get(m.profileId)!;
    return {
      profileId: m.profileId,
      name: `${m.prenom} ${m.nom}`.trim(),
      nom: m.nom,
      prenom: m.prenom,
      birthName: p.profile.birthName,
      sex: p.profile.sex,
      dateOfBirth: m.dateOfBirth,
      placeOfBirth: p.profile.placeOfBirth,
      nationality: p.profile.nationality,
      address: p.profile.address,
      postalCode: p.profile.postalCode,
      city: p.profile.city,
      phone: p.profile.phone || (ownerPhones.find((o) => o.ownerId === p.profile.ownerId)?.phone ?? ""),
      email: p.email,
      licenceNumber: numberOf(m.profileId, season),
      previousLicence: numberOf(m.profileId, previousSeason(season)),
      grade: top.get(m.profileId)?.text ?? "",
      group: m.group,
      paid: m.paid,
      medical: MEDICAL_STATUS_LABELS[m.medical],
      parentName: m.parentName,
    };
  });
}

/** licences.csv's rows, in the order of LICENCE_COLUMNS (without the header). */
export function licenceCsvRows(rows: LicenceRow[]): string[][] {
  return rows.map((r) => [
    r.licenceNumber ?? "",
    r.previousLicence ?? "",
    r.birthName || r.nom,
    r.nom,
    r.prenom,
    r.sex === "f" ? "F" : r.sex === "m" ? "M" : "",
    r.dateOfBirth ? r.dateOfBirth.split("-").reverse().join("/") : "",
    r.placeOfBirth,
    r.nationality,
    r.address,
    r.postalCode,
    r.city,
    r.phone,
    r.email,
    r.grade,
    r.group,
    r.paid ? "payée" : "en attente",
    r.medical,
    r.parentName,
  ]);
}

/** The holder of `number` in `season` other than `profileId`, if any. */
async function holderOf(season: string, number: string, profileId: number): Promise<string | null> {
  const [row] = await db
    .select({ id: profiles.id, prenom: profiles.prenom, nom: profiles.nom })
    .from(seasonStatuses)
    .innerJoin(profiles, eq(profiles.id, seasonStatuses.profileId))
    .where(and(eq(seasonStatuses.season, season), eq(seasonStatuses.licenceNumber, number)));
  return row && row.id !== profileId ? `${row.prenom} ${row.nom}`.trim() : null;
}

async function writeNumber(profileId: number, season: string, number: string | null, by: string) {
  await db
    .insert(seasonStatuses)
    .values({ profileId, season, licenceNumber: number, createdBy: by, updatedBy: by })
    .onConflictDoUpdate({
      target: [seasonStatuses.profileId, seasonStatuses.season],
      set: { licenceNumber: number, updatedAt: new Date(), updatedBy: by },
    });
}

/** A manager types (or clears, with "") one registered member's licence number. */
export async function setLicenceNumber(actor: Actor, season: string, profileId: number, number: string): Promise<void> {
  const member = (await registeredMembers(season)).find((m) => m.profileId === profileId);
  if (!member)
    throw new DomainError(`Ce membre n'est pas inscrit pour la saison ${season} : rechargez la page.`, {
      field: "licenceNumber",
    });
  const name = `${member.prenom} ${member.nom}`.trim();
  await transaction(async () => {
    if (number) {
      const holder = await holderOf(season, number, profileId);
      if (holder)
        throw new DomainError(`Le numéro ${number} est déjà celui ${de(holder)} pour cette saison.`, {
          field: "licenceNumber",
        });
    }
    await writeNumber(profileId, season, number || null, actor.id);
    await audit(
      actor,
      "licence.set",
      number ? `Licence ${season} ${de(name)} : ${number}.` : `Licence ${season} ${de(name)} effacée.`,
      { profileId },
    );
  });
}

/** Imports the federation's list: every line saved, or none and one French error per wrong line. */
export async function importLicences(
  actor: Actor,
  season: string,
  text: string,
): Promise<{ saved: number; errors: string[] }> {
  const { lines, errors } = parseLicenceImport(text);
  const members = await registeredMembers(season);
  const people = members.length
    ? await db
        .select({ id: profiles.id, birthName: profiles.birthName })
        .from(profiles)
        .where(
          inArray(
            profiles.id,
            members.map((m) => m.profileId),
          ),
        )
    : [];
  const birthNames = new Map(people.map((p) => [p.id, p.birthName]));
  const chosen = new Map<number, { line: number; number: string }>();
  const numbers = new Map<string, number>();
  for (const l of lines) {
    const said = `${l.prenom} ${l.nom} (${formatDate(l.dateOfBirth)})`;
    const matches = members.filter(
      (m) =>
        m.dateOfBirth === l.dateOfBirth &&
        nameKey(m.prenom) === nameKey(l.prenom) &&
        [m.nom, birthNames.get(m.profileId) ?? ""].some((n) => n && nameKey(n) === nameKey(l.nom)),
    );
    if (matches.length === 0) {
      errors.push(`Ligne ${l.line} : aucun membre inscrit pour la saison ${season} ne correspond à ${said}.`);
      continue;
    }
    if (matches.length > 1) {
      errors.push(
        `Ligne ${l.line} : plusieurs membres inscrits correspondent à ${said} ; saisissez ce numéro à la main.`,
      );
      continue;
    }
    const profileId = matches[0]!.profileId;
    const before = chosen.get(profileId);
    if (before) {
      errors.push(`Ligne ${l.line} : ${l.prenom} ${l.nom} figure déjà ligne ${before.line}.`);
      continue;
    }
    const sameNumber = numbers.get(l.number);
    if (sameNumber !== undefined) {
      errors.push(`Ligne ${l.line} : le numéro ${l.number} figure déjà ligne ${sameNumber}.`);
      continue;
    }
    chosen.set(profileId, { line: l.line, number: l.number });
    numbers.set(l.number, l.line);
  }
  // A number already held by a member the list does not renumber.
  const held = chosen.size
    ? await db
        .select({ profileId: seasonStatuses.profileId, n: seasonStatuses.licenceNumber })
        .from(seasonStatuses)
        .where(and(eq(seasonStatuses.season, season), inArray(seasonStatuses.licenceNumber, [...numbers.keys()])))
    : [];
  for (const h of held) {
    if (chosen.has(h.profileId)) continue;
    const m = members.find((x) => x.profileId === h.profileId);
    const line = numbers.get(h.n!);
    errors.push(
      `Ligne ${line} : le numéro ${h.n} est déjà celui ${de(m ? `${m.prenom} ${m.nom}`.trim() : "un autre membre")} pour cette saison.`,
    );
  }
  if (errors.length) return { saved: 0, errors: errors.sort((a, b) => lineOf(a) - lineOf(b)) };
  await transaction(async () => {
    for (const [profileId, c] of chosen) await writeNumber(profileId, season, c.number, actor.id);
    await audit(
      actor,
      "licence.import",
      `Licences ${season} : ${chosen.size} numéro${chosen.size > 1 ? "s" : ""} importé${chosen.size > 1 ? "s" : ""}.`,
    );
  });
  return { saved: chosen.size, errors: [] };
}

const lineOf = (message: string) => Number(/^Ligne (\d+)/.exec(message)?.[1] ?? 0);

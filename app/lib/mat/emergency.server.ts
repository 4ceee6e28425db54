/**
 * The emergency sheet of a session: for each person
 * on the roster, the parents' phones (the account holder's own profile, and
 * the person's own phone if any), the emergency contacts (the profile's and
 * those of the season's registration line) and who may collect them.
 *
 * Rules:
 *  - Only the instructors of that slot and the admins open it (the same
 *    ownership check as attendance: 403 otherwise, nothing read); a session
 *    that does not exist is a 404.
 *  - Every opening is written to the audit log (who, which session, how many
 *    people), before anything is returned.
 *  - Read online only: the service worker never keeps it (public/appel-sw.js),
 *    and the page is `no-store` like every member page.
 */
import { and, eq, inArray } from "drizzle-orm";
import { profiles, registrationLines, registrations, selfProfile, users } from "#db/schema";
import { audit } from "../core/audit.server";
import { db } from "../core/db.server";
import type { ClassSession } from "../club/class-sessions.server";
import { formatLongDate } from "../core/time";
import { openSession, roster, seasonOfDay, SENT_REGISTRATION } from "./attendance.server";
import type { SessionRef } from "./attendance";

interface Reader {
  id: string;
  prenom: string;
  nom: string;
  email: string;
  roles: readonly string[];
}

export interface EmergencyEntry {
  profileId: number;
  name: string;
  dateOfBirth: string | null;
  /** The account holder (parent) and their phone, then the person's own phone when given. */
  phones: Array<{ who: string; phone: string }>;
  contacts: string[];
  authorisedPickup: string;
}

export interface EmergencySheet {
  session: ClassSession;
  people: EmergencyEntry[];
}

export async function emergencySheet(reader: Reader, ref: SessionRef): Promise<EmergencySheet> {
  const session = await openSession(reader, ref);
  const people = await roster(session);
  const ids = people.map((p) => p.profileId);
  const owners = [...new Set(people.map((p) => p.ownerId))];
  const season = await seasonOfDay(session.date);
  const [details, holders, lines] = await Promise.all([
    ids.length
      ? db
          .select({
            id: profiles.id,
            phone: profiles.phone,
            emergencyContact: profiles.emergencyContact,
            authorisedPickup: profiles.authorisedPickup,
          })
          .from(profiles)
          .where(inArray(profiles.id, ids))
      : [],
    owners.length
      ? db
          .select({ ownerId: profiles.ownerId, prenom: users.prenom, nom: users.nom, phone: profiles.phone })
          .from(profiles)
          .innerJoin(users, eq(users.id, profiles.ownerId))
          .where(and(inArray(profiles.ownerId, owners), selfProfile))
      : [],
    ids.length
      ? db
          .select({ profileId: registrationLines.profileId, contacts: registrationLines.emergencyContacts })
          .from(registrationLines)
          .innerJoin(registrations, eq(registrations.id, registrationLines.registrationId))
          .where(
            and(
              inArray(registrationLines.profileId, ids),
              eq(registrations.season, season),
              inArray(registrations.status, [...SENT_REGISTRATION]),
            ),
          )
      : [],
  ]);
  const entries: EmergencyEntry[] = people.map((p) => {
    const own = details.find((d) => d.id === p.profileId);
    const holder = holders.find((h) => h.ownerId === p.ownerId);
    const phones: EmergencyEntry["phones"] = [];
    const holderName = holder ? `${holder.prenom} ${holder.nom}`.trim() : "";
    if (holder?.phone) phones.push({ who: holderName || "Titulaire du compte", phone: holder.phone });
    if (own?.phone && own.phone !== holder?.phone)
      phones.push({ who: `${p.prenom} ${p.nom}`.trim(), phone: own.phone });
    const contacts = [
      own?.emergencyContact ?? "",
      ...lines.filter((l) => l.profileId === p.profileId).map((l) => l.contacts),
    ]
      .map((c) => c.trim())
      .filter((c, i, all) => c && all.indexOf(c) === i);
    return {
      profileId: p.profileId,
      name: `${p.prenom} ${p.nom}`.trim(),
      dateOfBirth: p.dateOfBirth,
      phones,
      contacts,
      authorisedPickup: own?.authorisedPickup ?? "",
    };
  });
  await audit(
    reader,
    "emergency.open",
    `fiche d’urgence ouverte\u00a0: ${session.slot.group}, ${formatLongDate(session.date)} (${entries.length} personne${entries.length > 1 ? "s" : ""})`,
  );
  return { session, people: entries };
}

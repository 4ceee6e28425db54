/**
 * The family's registration flow: one form for every profile
 * of the account, pre-filled from the draft, else from this season's sent
 * registration, else from last season's; save and resume; sending prices it
 * with the campaign setting and leaves it awaiting payment.
 *
 * Rules: the campaign must be open; each registered profile needs a group of
 * the campaign, the club rules of the current version accepted, an emergency
 * contact, and, for a minor on the season's first day, a parent's
 * authorisation. An aid code must be one of the campaign's, its amount
 * confirmed for the season. Errors are
 * French `DomainError`s on the field concerned (`profiles[i].group`…).
 */
import { and, asc, desc, eq, lt } from "drizzle-orm";
import { profiles, registrationLines, registrations } from "#db/schema";
import { db, inlineCount } from "../core/db.server";
import { DomainError } from "../core/errors";
import { getSetting } from "../club/settings.server";
import { seasonBounds } from "../core/time";
import { confirmedAids, isMinorOn, priceLines, type Campaign, type FamilyRegistrationInput } from "./campaign";
import type { MedicalStatus } from "./medical";
import { submitRegistration } from "./registrations.server";
import { registrationMoney } from "./registration-settlement.server";
import { medicalStatuses } from "./season-overview.server";
import { de } from "../typography/elision";

interface FamilyProfileView {
  profileId: number;
  prenom: string;
  nom: string;
  minor: boolean;
  register: boolean;
  group: string;
  aidCode: string;
  photoConsent: "oui" | "non";
  parentalAuthorisation: boolean;
  rulesAccepted: boolean;
  emergencyContacts: string;
  competitor: boolean;
  /** Medical compliance for the campaign's season (computed). */
  medical: MedicalStatus;
  /** Last season's group, when there was one (re-registration). */
  lastGroup: string | null;
}

export async function getCampaign(): Promise<Campaign> {
  return getSetting("campaign");
}

type DraftProfile = Partial<Record<keyof FamilyProfileView, unknown>>;

/** What the family's form shows. */
export async function familyRegistrationView(ownerId: string) {
  const campaign = await getCampaign();
  const { seasonStartMonth } = await getSetting("membership");
  const firstDay = seasonBounds(campaign.season, seasonStartMonth).start;
  const family = await db
    .select()
    .from(profiles)
    .where(eq(profiles.ownerId, ownerId))
    .orderBy(desc(profiles.isSelf), asc(profiles.id));
  const [current] = await db
    .select()
    .from(registrations)
    .where(and(eq(registrations.ownerId, ownerId), eq(registrations.season, campaign.season)));
  const currentLines = current
    ? await db.select().from(registrationLines).where(eq(registrationLines.registrationId, current.id))
    : [];
  const [previous] = await db
    .select()
    .from(registrations)
    .where(and(eq(registrations.ownerId, ownerId), lt(registrations.season, campaign.season)))
    .orderBy(desc(registrations.season))
    .limit(inlineCount(1));
  const previousLines = previous
    ? await db.select().from(registrationLines).where(eq(registrationLines.registrationId, previous.id))
    : [];
  const draft = (current?.draft ?? {}) as { instalments?: number; profiles?: DraftProfile[] };
  const draftOf = (id: number) => draft.profiles?.find((p) => Number(p.profileId) === id);
  const views: FamilyProfileView[] = family.map((p) => {
    const now = currentLines.find((l) => l.profileId === p.id);
    const before = previousLines.find((l) => l.profileId === p.id);
    const d = draftOf(p.id);
    const base: FamilyProfileView = {
      profileId: p.id,
      prenom: p.prenom,
      nom: p.nom,
      minor: isMinorOn(p.dateOfBirth, firstDay),
      register: Boolean(now ?? before),
      group: now?.groupName ?? before?.groupName ?? "",
      aidCode: "",
      photoConsent: ((now ?? before)?.photoConsent as "oui" | "non" | undefined) ?? "non",
      parentalAuthorisation: Boolean(now?.parentalAuthorisation),
      // A new version of the rules asks again.
      rulesAccepted: Boolean(now && now.rulesVersion === campaign.rulesVersion),
      emergencyContacts: now?.emergencyContacts ?? before?.emergencyContacts ?? p.emergencyContact,
      competitor: (now ?? before)?.competitor ?? false,
      lastGroup: before?.groupName ?? null,
      medical: "ok",
    };
    if (!d) return base;
    return {
      ...base,
      register: d.register === true,
      group: typeof d.group === "string" ? d.group : base.group,
      aidCode: typeof d.aidCode === "string" ? d.aidCode : base.aidCode,
      photoConsent: d.photoConsent === "oui" ? "oui" : "non",
      parentalAuthorisation: d.parentalAuthorisation === true,
      rulesAccepted: d.rulesAccepted === true,
      emergencyContacts: typeof d.emergencyContacts === "string" ? d.emergencyContacts : base.emergencyContacts,
      competitor: d.competitor === true,
    };
  });
  const medical = await medicalStatuses(
    family.map((p) => ({
      profileId: p.id,
      dateOfBirth: p.dateOfBirth,
      competitor: views.find((v) => v.profileId === p.id)?.competitor ?? false,
    })),
    campaign.season,
  );
  for (const v of views) v.medical = medical.get(v.profileId) ?? "certificate-due";
  return {
    campaign,
    registration: current
      ? {
          id: current.id,
          status: current.status,
          totalCents: current.totalCents,
          instalments: current.instalments,
          version: current.version,
          // Its schedule and what was collected.
          money: await registrationMoney(current.id, current.totalCents),
        }
      : null,
    instalments: typeof draft.instalments === "number" ? draft.instalments : (current?.instalments ?? 1),
    profiles: views,
  };
}

/** Keeps what the family typed, without checking it (save and resume). */
export async function saveFamilyDraft(
  ownerId: string,
  input: FamilyRegistrationInput,
  now: Date = new Date(),
): Promise<void> {
  const campaign = await getCampaign();
  const owned = new Set(
    (await db.select({ id: profiles.id }).from(profiles).where(eq(profiles.ownerId, ownerId))).map((p) => p.id),
  );
  const draft = { instalments: input.instalments, profiles: input.profiles.filter((p) => owned.has(p.profileId)) };
  await db
    .insert(registrations)
    .values({ ownerId, season: campaign.season, status: "brouillon", draft, createdBy: ownerId, updatedBy: ownerId })
    .onConflictDoUpdate({
      target: [registrations.ownerId, registrations.season],
      set: { draft, updatedAt: now, updatedBy: ownerId },
    });
}

/** Checks and sends the family's registration; returns its id. */
export async function submitFamilyRegistration(
  ownerId: string,
  input: FamilyRegistrationInput,
  now: Date = new Date(),
): Promise<number> {
  const campaign = await getCampaign();
  if (!campaign.open) throw new DomainError(`Les inscriptions pour la saison ${campaign.season} ne sont pas ouvertes.`);
  if (input.instalments > campaign.maxInstalments) {
    throw new DomainError(`Le paiement se fait en ${campaign.maxInstalments} fois au plus.`, { field: "instalments" });
  }
  const { seasonStartMonth } = await getSetting("membership");
  const firstDay = seasonBounds(campaign.season, seasonStartMonth).start;
  const family = new Map((await db.select().from(profiles).where(eq(profiles.ownerId, ownerId))).map((p) => [p.id, p]));
  const chosen = input.profiles.map((p, i) => ({ p, i })).filter(({ p }) => p.register);
  if (chosen.length === 0) throw new DomainError("Cochez au moins une personne à inscrire.");
  for (const { p, i } of chosen) {
    const profile = family.get(p.profileId);
    if (!profile) throw new DomainError("Ce profil n'appartient pas à votre famille.", { status: 403 });
    const who = profile.prenom;
    if (!campaign.prices.some((x) => x.group === p.group))
      throw new DomainError(`Choisissez le groupe ${de(who)}.`, { field: `profiles[${i}].group` });
    if (p.aidCode && !confirmedAids(campaign).some((a) => a.code === p.aidCode))
      throw new DomainError("Cette aide n'est pas proposée pour cette saison : choisissez-en une dans la liste.", {
        field: `profiles[${i}].aidCode`,
      });
    if (!p.emergencyContacts)
      throw new DomainError(`Indiquez au moins un contact en cas d'urgence pour ${who}.`, {
        field: `profiles[${i}].emergencyContacts`,
      });
    if (isMinorOn(profile.dateOfBirth, firstDay) && !p.parentalAuthorisation) {
      throw new DomainError(`${who} est mineur : l'autorisation d'un parent est nécessaire.`, {
        field: `profiles[${i}].parentalAuthorisation`,
      });
    }
    if (!p.rulesAccepted)
      throw new DomainError(`Acceptez le règlement du club (version ${campaign.rulesVersion}) pour ${who}.`, {
        field: `profiles[${i}].rulesAccepted`,
      });
  }
  const priced = priceLines(
    campaign,
    chosen.map(({ p }) => ({ profileId: p.profileId, group: p.group, aidCode: p.aidCode })),
  );
  return submitRegistration(
    ownerId,
    campaign.season,
    {
      instalments: input.instalments,
      aidCodes: [...new Set(chosen.map(({ p }) => p.aidCode).filter(Boolean))],
      lines: priced.map((l) => {
        const entry = chosen.find(({ p }) => p.profileId === l.profileId)!.p;
        return {
          profileId: l.profileId,
          groupName: l.group,
          priceCents: l.priceCents,
          discountCents: l.discountCents,
          aidCents: l.aidCents,
          parentalAuthorisation: entry.parentalAuthorisation,
          photoConsent: entry.photoConsent,
          rulesVersion: campaign.rulesVersion,
          emergencyContacts: entry.emergencyContacts,
          competitor: entry.competitor,
          aidCode: entry.aidCode || null,
        };
      }),
    },
    now,
  );
}

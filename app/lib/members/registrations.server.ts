/**
 * A family's registration for a season (decision 0024): one per account and
 * season, one line per profile with its group and amount in cents.
 *
 * Rules:
 *  - Only the account's own profiles can be registered.
 *  - Sending it (`submitRegistration`) replaces the lines, computes the total
 *    and leaves it "en-attente" (de paiement); a paid registration, or one
 *    with money collected or instalments under way, is never changed by the
 *    family any more (the amounts would no longer match).
 *  - The draft (what was typed, not sent) is kept separately (save and resume).
 */
import { and, eq, sql } from "drizzle-orm";
import { profiles, registrationLines, registrations } from "#db/schema";
import { db } from "../core/db.server";
import { DomainError } from "../core/errors";
import { ownProfiles } from "../accounts/ownership.server";
import { registrationMoney } from "./registration-settlement.server";

export interface RegistrationLineInput {
  profileId: number;
  groupName: string;
  priceCents: number;
  discountCents: number;
  aidCents: number;
  parentalAuthorisation: boolean;
  photoConsent: "oui" | "non";
  rulesVersion: string;
  emergencyContacts: string;
  competitor?: boolean;
  /** The aid code declared (decision 0029): the line waits for a manager's check of its proof. */
  aidCode?: string | null;
}

interface SubmitInput {
  lines: RegistrationLineInput[];
  instalments: number;
  aidCodes: string[];
}

const lineAmount = (l: Pick<RegistrationLineInput, "priceCents" | "discountCents" | "aidCents">) =>
  Math.max(0, l.priceCents - l.discountCents - l.aidCents);

/** Sends the family's registration: it waits for its payment. Returns its id. */
export async function submitRegistration(
  ownerId: string,
  season: string,
  input: SubmitInput,
  now: Date = new Date(),
): Promise<number> {
  if (input.lines.length === 0) throw new DomainError("Choisissez au moins une personne à inscrire.");
  if (input.instalments < 1 || input.instalments > 3)
    throw new DomainError("Le paiement se fait en 1 à 3 fois.", { field: "instalments" });
  return db.transaction(async (tx) => {
    const ids = input.lines.map((l) => l.profileId);
    const owned = await tx.select({ id: profiles.id }).from(profiles).where(ownProfiles(ownerId, ids));
    if (owned.length !== new Set(ids).size)
      throw new DomainError("Ce profil n'appartient pas à votre famille.", { status: 403 });
    const total = input.lines.reduce((s, l) => s + lineAmount(l), 0);
    const values = {
      status: "en-attente",
      totalCents: total,
      instalments: input.instalments,
      aidCodes: input.aidCodes,
      draft: {},
      submittedAt: now,
      updatedAt: now,
      updatedBy: ownerId,
    };
    const [existing] = await tx
      .select()
      .from(registrations)
      .where(and(eq(registrations.ownerId, ownerId), eq(registrations.season, season)))
      .for("update");
    let id: number;
    if (existing) {
      if (existing.status === "payee")
        throw new DomainError("Cette inscription est déjà payée : demandez au club pour la modifier.", { status: 409 });
      const money = await registrationMoney(existing.id, existing.totalCents);
      if (money.collectedCents + money.scheduledCents > 0)
        throw new DomainError("Un paiement est en cours pour cette inscription : demandez au club pour la modifier.", {
          status: 409,
        });
      await tx
        .update(registrations)
        .set({ ...values, version: sql`${registrations.version} + 1` })
        .where(eq(registrations.id, existing.id));
      await tx.delete(registrationLines).where(eq(registrationLines.registrationId, existing.id));
      id = existing.id;
    } else {
      const [row] = await tx
        .insert(registrations)
        .values({ ownerId, season, ...values, createdBy: ownerId })
        .returning({ id: registrations.id });
      id = row!.id;
    }
    await tx.insert(registrationLines).values(
      input.lines.map((l) => ({
        registrationId: id,
        profileId: l.profileId,
        groupName: l.groupName,
        priceCents: l.priceCents,
        discountCents: l.discountCents,
        aidCents: l.aidCents,
        amountCents: lineAmount(l),
        parentalAuthorisation: l.parentalAuthorisation ? now : null,
        photoConsent: l.photoConsent,
        rulesVersion: l.rulesVersion,
        rulesAcceptedAt: now,
        emergencyContacts: l.emergencyContacts,
        competitor: l.competitor ?? false,
        aidCode: l.aidCode || null,
        aidStatus: l.aidCode ? "a-verifier" : null,
      })),
    );
    return id;
  });
}

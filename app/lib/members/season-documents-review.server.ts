/**
 * The season's papers, the managers' review: the
 * list of papers and aids awaiting a decision, and the decisions.
 *
 * Rules:
 *  - Medical status stays computed (medical.ts): accepting a paper writes its
 *    type and date into the profile's season status (a certificate is never
 *    replaced by an attestation of the same season; otherwise the later date
 *    wins); refusing it mails the reason to the family.
 *  - Aids: a refusal removes the deduction, the line and the registration's
 *    total are recomputed; a registration paid before and no longer covered
 *    goes back to awaiting payment for the rest.
 *  - Retention set here: a refused paper's file (or aid proof) is deleted at
 *    once; an accepted certificate's file the day after its validity ends; an
 *    attestation's the day after the season ends.
 *  - Every decision is audited; versions guard against two managers deciding
 *    the same paper.
 */
import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import { profiles, registrationLines, registrations, seasonDocuments, seasonStatuses, users } from "#db/schema";
import { getSetting } from "../club/settings.server";
import { db } from "../core/db.server";
import { DomainError } from "../core/errors";
import { formatEuros } from "../core/money";
import { addDays, addMonths, formatDate } from "../core/time";
import { storage } from "../content/storage.server";
import { sendMail } from "../mail/send.server";
import { aidRefusedMail } from "../mail/templates/aid-refused";
import { documentRefusedMail } from "../mail/templates/document-refused";
import { DOCUMENT_KIND_LABELS } from "./season-documents";
import { campaignSeason } from "./season-documents.server";
import { registrationMoney } from "./registration-settlement.server";
import { audit } from "../core/audit.server";
import { type Actor } from "./users-rules.server";

const GONE = "Ce document n'existe plus (il a peut-être été traité entre-temps).";
const CHANGED = "Ce document a été traité entre-temps : rechargez la page.";

/** Papers and aids waiting for a manager's decision, for the campaign's season. */
export async function papersToReview() {
  const { season } = await campaignSeason();
  const health = await db
    .select({
      doc: seasonDocuments,
      prenom: profiles.prenom,
      nom: profiles.nom,
      ownerId: profiles.ownerId,
      parentEmail: users.email,
    })
    .from(seasonDocuments)
    .innerJoin(profiles, eq(profiles.id, seasonDocuments.profileId))
    .innerJoin(users, eq(users.id, profiles.ownerId))
    .where(
      and(
        eq(seasonDocuments.season, season),
        eq(seasonDocuments.state, "a-verifier"),
        inArray(seasonDocuments.kind, ["certificat", "questionnaire"]),
      ),
    )
    .orderBy(asc(seasonDocuments.createdAt));
  const aids = await db
    .select({
      line: registrationLines,
      prenom: profiles.prenom,
      nom: profiles.nom,
      parentEmail: users.email,
      status: registrations.status,
    })
    .from(registrationLines)
    .innerJoin(registrations, eq(registrations.id, registrationLines.registrationId))
    .innerJoin(profiles, eq(profiles.id, registrationLines.profileId))
    .innerJoin(users, eq(users.id, registrations.ownerId))
    .where(
      and(
        eq(registrations.season, season),
        eq(registrationLines.aidStatus, "a-verifier"),
        inArray(registrations.status, ["en-attente", "payee"]),
      ),
    )
    .orderBy(asc(registrationLines.id));
  const proofs = aids.length
    ? await db
        .select()
        .from(seasonDocuments)
        .where(
          and(
            eq(seasonDocuments.season, season),
            eq(seasonDocuments.kind, "aide"),
            inArray(
              seasonDocuments.profileId,
              aids.map((a) => a.line.profileId),
            ),
          ),
        )
        .orderBy(asc(seasonDocuments.createdAt))
    : [];
  return {
    season,
    health: health.map((h) => ({
      id: h.doc.id,
      version: h.doc.version,
      kind: h.doc.kind,
      documentDate: h.doc.documentDate,
      name: `${h.prenom} ${h.nom}`.trim(),
      parentEmail: h.parentEmail,
      hasFile: h.doc.storageKey !== null && h.doc.fileDeletedAt === null,
      sentAt: h.doc.createdAt.toISOString(),
    })),
    aids: aids.map((a) => ({
      lineId: a.line.id,
      name: `${a.prenom} ${a.nom}`.trim(),
      parentEmail: a.parentEmail,
      aidCode: a.line.aidCode ?? "",
      aidCents: a.line.aidCents,
      paid: a.status === "payee",
      proofs: proofs
        .filter((p) => p.profileId === a.line.profileId && p.aidCode === a.line.aidCode)
        .map((p) => ({
          id: p.id,
          reference: p.reference,
          hasFile: p.storageKey !== null && p.fileDeletedAt === null,
          sentAt: p.createdAt.toISOString(),
        })),
    })),
  };
}

async function lockDocument(documentId: number, version: number) {
  const [doc] = await db.select().from(seasonDocuments).where(eq(seasonDocuments.id, documentId)).for("update");
  if (!doc || doc.profileId === null) throw new DomainError(GONE, { status: 404 });
  if (doc.version !== version || doc.state !== "a-verifier") throw new DomainError(CHANGED, { status: 409 });
  const [profile] = await db
    .select({
      id: profiles.id,
      prenom: profiles.prenom,
      nom: profiles.nom,
      ownerId: profiles.ownerId,
      email: users.email,
      parentPrenom: users.prenom,
    })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.ownerId))
    .where(eq(profiles.id, doc.profileId));
  if (!profile) throw new DomainError(GONE, { status: 404 });
  return { doc, profile };
}

/**
 * Accepts a medical paper: its type and date become the profile's season
 * status, from which the medical status is computed.
 */
export async function acceptHealthDocument(
  actor: Actor,
  documentId: number,
  version: number,
  now: Date = new Date(),
): Promise<void> {
  const { certificateValidityYears } = await getSetting("medical");
  const { end } = await campaignSeason();
  await db.transaction(async (tx) => {
    const { doc, profile } = await lockDocument(documentId, version);
    if (doc.kind !== "certificat" && doc.kind !== "questionnaire") throw new DomainError(GONE, { status: 404 });
    const date = doc.documentDate!;
    const validUntil = doc.kind === "certificat" ? addDays(addMonths(date, 12 * certificateValidityYears), -1) : end;
    await tx
      .update(seasonDocuments)
      .set({
        state: "acceptee",
        reviewedBy: actor.id,
        reviewedAt: now,
        deleteFileOn: addDays(validUntil, 1),
        version: sql`${seasonDocuments.version} + 1`,
      })
      .where(eq(seasonDocuments.id, doc.id));
    const [current] = await tx
      .select()
      .from(seasonStatuses)
      .where(and(eq(seasonStatuses.profileId, profile.id), eq(seasonStatuses.season, doc.season)))
      .for("update");
    const keepCurrent =
      current?.healthDocumentReceivedOn &&
      ((current.healthDocumentKind === "certificat" && doc.kind === "questionnaire") ||
        (current.healthDocumentKind === doc.kind && current.healthDocumentReceivedOn >= date));
    if (!keepCurrent) {
      const values = {
        healthDocumentKind: doc.kind,
        healthDocumentReceivedOn: date,
        healthDocumentValidUntil: validUntil,
      };
      if (current) {
        await tx
          .update(seasonStatuses)
          .set({ ...values, updatedAt: now, updatedBy: actor.id, version: sql`${seasonStatuses.version} + 1` })
          .where(eq(seasonStatuses.id, current.id));
      } else {
        await tx
          .insert(seasonStatuses)
          .values({ profileId: profile.id, season: doc.season, ...values, createdBy: actor.id, updatedBy: actor.id });
      }
    }
    await audit(
      actor,
      "season-document.accept",
      `${DOCUMENT_KIND_LABELS[doc.kind]} du ${formatDate(date)} accepté pour ${profile.prenom} ${profile.nom}.`,
      {
        userId: profile.ownerId,
        profileId: profile.id,
      },
    );
  });
}

/** Refuses a medical paper: the family gets the reason by e-mail, the file is deleted at once. */
export async function refuseHealthDocument(
  actor: Actor,
  documentId: number,
  version: number,
  reason: string,
  now: Date = new Date(),
): Promise<void> {
  const key = await db.transaction(async (tx) => {
    const { doc, profile } = await lockDocument(documentId, version);
    await tx
      .update(seasonDocuments)
      .set({
        state: "refusee",
        reason,
        reviewedBy: actor.id,
        reviewedAt: now,
        fileDeletedAt: doc.storageKey ? now : null,
        deleteFileOn: null,
        version: sql`${seasonDocuments.version} + 1`,
      })
      .where(eq(seasonDocuments.id, doc.id));
    const label = DOCUMENT_KIND_LABELS[doc.kind] ?? "Document";
    await audit(actor, "season-document.refuse", `${label} refusé pour ${profile.prenom} ${profile.nom} : ${reason}`, {
      userId: profile.ownerId,
      profileId: profile.id,
    });
    await sendMail(
      documentRefusedMail,
      { parentPrenom: profile.parentPrenom, prenom: profile.prenom, nom: profile.nom, label, reason },
      { to: profile.email },
    );
    return doc.storageKey;
  });
  if (key) await storage().delete(key);
}

async function lockAidLine(lineId: number) {
  const [row] = await db
    .select({
      line: registrationLines,
      reg: registrations,
      prenom: profiles.prenom,
      nom: profiles.nom,
      email: users.email,
      parentPrenom: users.prenom,
    })
    .from(registrationLines)
    .innerJoin(registrations, eq(registrations.id, registrationLines.registrationId))
    .innerJoin(profiles, eq(profiles.id, registrationLines.profileId))
    .innerJoin(users, eq(users.id, registrations.ownerId))
    .where(eq(registrationLines.id, lineId))
    .for("update");
  if (!row || !row.line.aidCode) throw new DomainError("Cette aide n'existe plus.", { status: 404 });
  if (row.line.aidStatus !== "a-verifier")
    throw new DomainError("Cette aide a été traitée entre-temps : rechargez la page.", { status: 409 });
  return row;
}

/** Accepts a declared aid: the deduction stays. */
export async function acceptAid(actor: Actor, lineId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const { line, reg, prenom, nom } = await lockAidLine(lineId);
    await tx.update(registrationLines).set({ aidStatus: "acceptee" }).where(eq(registrationLines.id, line.id));
    await audit(
      actor,
      "aid.accept",
      `Aide ${line.aidCode} (${formatEuros(line.aidCents)}) acceptée pour ${prenom} ${nom}.`,
      { userId: reg.ownerId, profileId: line.profileId },
    );
  });
}

/**
 * Refuses a declared aid: the deduction is removed, the amount due is
 * recomputed, the family gets the reason and the new amount by e-mail.
 */
export async function refuseAid(
  actor: Actor,
  lineId: number,
  reason: string,
  now: Date = new Date(),
): Promise<{ totalCents: number }> {
  const result = await db.transaction(async (tx) => {
    const { line, reg, prenom, nom, email, parentPrenom } = await lockAidLine(lineId);
    const amountCents = Math.max(0, line.priceCents - line.discountCents);
    await tx
      .update(registrationLines)
      .set({ aidStatus: "refusee", aidCents: 0, amountCents })
      .where(eq(registrationLines.id, line.id));
    const [sum] = await tx
      .select({ total: sql<number>`coalesce(sum(${registrationLines.amountCents}), 0)::int` })
      .from(registrationLines)
      .where(eq(registrationLines.registrationId, reg.id));
    const totalCents = sum?.total ?? 0;
    // What was collected (HelloAsso instalments already taken, cheques…), not an order's whole amount.
    const money = await registrationMoney(reg.id, totalCents);
    const reopened = reg.status === "payee" && money.collectedCents < totalCents;
    await tx
      .update(registrations)
      .set({
        totalCents,
        ...(reopened ? { status: "en-attente", paidAt: null } : {}),
        updatedAt: now,
        updatedBy: actor.id,
        version: sql`${registrations.version} + 1`,
      })
      .where(eq(registrations.id, reg.id));
    await audit(
      actor,
      "aid.refuse",
      `Aide ${line.aidCode} refusée pour ${prenom} ${nom} : ${reason}. Total de l'inscription : ${formatEuros(totalCents)}.`,
      {
        userId: reg.ownerId,
        profileId: line.profileId,
      },
    );
    // Beyond the HelloAsso instalments still to come.
    const rest = money.restCents;
    await sendMail(
      aidRefusedMail,
      {
        parentPrenom,
        prenom,
        nom,
        aidCode: line.aidCode,
        reason,
        aid: formatEuros(line.aidCents),
        total: formatEuros(totalCents),
        rest: rest > 0 && rest !== totalCents ? formatEuros(rest) : null,
      },
      { to: email },
    );
    const proofs = await tx
      .update(seasonDocuments)
      .set({ state: "refusee", reason, reviewedBy: actor.id, reviewedAt: now, fileDeletedAt: now, deleteFileOn: null })
      .where(
        and(
          eq(seasonDocuments.profileId, line.profileId),
          eq(seasonDocuments.season, reg.season),
          eq(seasonDocuments.kind, "aide"),
          isNull(seasonDocuments.fileDeletedAt),
        ),
      )
      .returning({ key: seasonDocuments.storageKey });
    return { totalCents, keys: proofs.map((p) => p.key).filter((k): k is string => k !== null) };
  });
  for (const key of result.keys) await storage().delete(key);
  return { totalCents: result.totalCents };
}

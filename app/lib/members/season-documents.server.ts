/**
 * The season's papers (issue 14, decision 0029): medical certificates and
 * health-questionnaire attestations sent by the family, proofs of declared
 * aids, the managers' decisions, and the retention of the files.
 *
 * Rules:
 *  - A file is a PDF, a JPEG or a PNG (read from its first bytes, never from
 *    its name or declared type) of at most MAX_SEASON_FILE_BYTES; it is stored
 *    under a random key and served only to the family that owns the profile
 *    and to the managers of the season (permission table, section "saison"),
 *    never cached by a shared cache (`readSeasonFile`).
 *  - Only the owner family sends papers for its profiles. Nothing of the
 *    questionnaire's answers is asked or stored: the attestation only.
 *  - Medical status stays computed (medical.ts): accepting a paper writes its
 *    type and date into the profile's season status (a certificate is never
 *    replaced by an attestation of the same season; otherwise the later date
 *    wins); refusing it mails the reason to the family.
 *  - Aids: a refusal removes the deduction, the line and the registration's
 *    total are recomputed; a registration paid before and no longer covered
 *    goes back to awaiting payment for the rest.
 *  - Retention (RGPD, health data): a refused paper's file is deleted at once;
 *    an accepted certificate's file the day after its validity ends; an
 *    attestation's and an aid proof's the day after the season ends; a paper
 *    never reviewed the day after the season ends; a deleted profile's files at
 *    the next purge. The purge (`purgeSeasonFiles`) runs daily; the row keeps
 *    the type, the dates and the decision.
 *  - Every decision is audited; versions guard against two managers deciding
 *    the same paper.
 */
import { randomBytes } from "node:crypto";
import { and, asc, eq, inArray, isNotNull, isNull, lte, or, sql } from "drizzle-orm";
import {
  payments,
  profiles,
  registrationLines,
  registrations,
  seasonDocuments,
  seasonStatuses,
  users,
} from "#db/schema";
import { findSection } from "../accounts/permissions";
import { getSetting } from "../club/settings.server";
import { db, type Queryable } from "../core/db.server";
import { env } from "../core/env.server";
import { DomainError } from "../core/errors";
import { log } from "../core/log.server";
import { formatEuros } from "../core/money";
import { addDays, addMonths, formatDate, parisDate, seasonBounds } from "../core/time";
import { formatMegabytes } from "../content/upload-limits";
import { storage } from "../content/storage.server";
import { sniffImage, sniffPdf } from "../content/uploads.server";
import { queueMail } from "../mail/mail.server";
import { MEDICAL_STATUS_LABELS } from "./medical";
import { DOCUMENT_KIND_LABELS, MAX_SEASON_FILE_BYTES, type HealthKind } from "./season-documents";
import { medicalStatuses } from "./season-overview.server";
import { audit, type Actor } from "./users-rules.server";

const PAPERS_PAGE = "/espace-membre/inscription/pieces";

const FILE_TYPES = { pdf: "application/pdf", jpeg: "image/jpeg", png: "image/png" } as const;

const GONE = "Ce document n'existe plus (il a peut-être été traité entre-temps).";
const CHANGED = "Ce document a été traité entre-temps : rechargez la page.";

async function campaignSeason(): Promise<{ season: string; end: string }> {
  const { season } = await getSetting("campaign");
  const { seasonStartMonth } = await getSetting("membership");
  return { season, end: seasonBounds(season, seasonStartMonth).end };
}

/** Checks and stores a sent file; returns what the row keeps about it. */
async function storeFile(file: File) {
  if (file.size > MAX_SEASON_FILE_BYTES) {
    throw new DomainError(`Ce fichier est trop volumineux : ${formatMegabytes(MAX_SEASON_FILE_BYTES)} au plus.`, {
      field: "file",
      status: 413,
    });
  }
  const bytes = new Uint8Array(await file.arrayBuffer());
  const image = sniffImage(bytes);
  const type = sniffPdf(bytes) ? "pdf" : image === "jpeg" || image === "png" ? image : null;
  if (!type) throw new DomainError("Ce fichier n'est ni un PDF, ni une image JPEG ou PNG.", { field: "file" });
  const key = `papiers/${randomBytes(16).toString("hex")}.${type === "jpeg" ? "jpg" : type}`;
  await storage().put(key, bytes);
  return {
    storageKey: key,
    contentType: FILE_TYPES[type],
    sizeBytes: bytes.byteLength,
    originalName: file.name.slice(0, 200),
  };
}

/** Runs `write` with a stored file; the file is deleted again when the write fails. */
async function withStoredFile<T>(
  file: File | undefined,
  write: (stored: Awaited<ReturnType<typeof storeFile>> | null) => Promise<T>,
): Promise<T> {
  const stored = file && file.size > 0 ? await storeFile(file) : null;
  try {
    return await write(stored);
  } catch (err) {
    if (stored) await storage().delete(stored.storageKey);
    throw err;
  }
}

async function ownedProfile(q: Queryable, ownerId: string, profileId: number) {
  const [p] = await q
    .select()
    .from(profiles)
    .where(and(eq(profiles.id, profileId), eq(profiles.ownerId, ownerId)));
  if (!p) throw new DomainError("Ce profil n'appartient pas à votre famille.", { status: 403 });
  return p;
}

// ------------------------------------------------------------ the family

/** A medical certificate or questionnaire attestation sent by the family. */
export async function uploadHealthDocument(
  user: Actor,
  input: { profileId: number; kind: HealthKind; documentDate: string; file: File },
  now: Date = new Date(),
): Promise<number> {
  const profile = await ownedProfile(db, user.id, input.profileId);
  const today = parisDate(now);
  if (input.documentDate > today)
    throw new DomainError("La date ne peut pas être dans le futur.", { field: "documentDate" });
  const { certificateValidityYears } = await getSetting("medical");
  if (input.kind === "certificat" && addMonths(input.documentDate, 12 * certificateValidityYears) <= today) {
    throw new DomainError(`Ce certificat a plus de ${certificateValidityYears} ans : il n'est plus valable.`, {
      field: "documentDate",
    });
  }
  const { season, end } = await campaignSeason();
  return withStoredFile(input.file, (stored) =>
    db.transaction(async (tx) => {
      const [row] = await tx
        .insert(seasonDocuments)
        .values({
          profileId: profile.id,
          season,
          kind: input.kind,
          documentDate: input.documentDate,
          ...stored,
          uploadedBy: user.id,
          createdAt: now,
          deleteFileOn: addDays(end, 1),
        })
        .returning({ id: seasonDocuments.id });
      await audit(
        tx,
        user,
        "season-document.upload",
        `${DOCUMENT_KIND_LABELS[input.kind]} déposé pour ${profile.prenom} ${profile.nom} (saison ${season}).`,
        { userId: user.id, profileId: profile.id },
      );
      return row!.id;
    }),
  );
}

/** The proof of a declared aid: a file, a reference (a Pass'Sport code…), or both. */
export async function giveAidProof(
  user: Actor,
  input: { profileId: number; reference: string; file?: File },
  now: Date = new Date(),
): Promise<number> {
  const profile = await ownedProfile(db, user.id, input.profileId);
  if (!input.reference && !(input.file && input.file.size > 0)) {
    throw new DomainError("Joignez le justificatif ou indiquez son numéro.", { field: "reference" });
  }
  const { season, end } = await campaignSeason();
  const [line] = await db
    .select({ id: registrationLines.id, aidCode: registrationLines.aidCode, aidStatus: registrationLines.aidStatus })
    .from(registrationLines)
    .innerJoin(registrations, eq(registrations.id, registrationLines.registrationId))
    .where(
      and(
        eq(registrationLines.profileId, profile.id),
        eq(registrations.season, season),
        eq(registrations.ownerId, user.id),
      ),
    );
  if (!line?.aidCode) throw new DomainError(`Aucune aide n'est déclarée pour ${profile.prenom} cette saison.`);
  if (line.aidStatus === "acceptee")
    throw new DomainError("Cette aide est déjà acceptée par le club.", { status: 409 });
  if (line.aidStatus === "refusee")
    throw new DomainError("Cette aide a été refusée : contactez le club si vous pensez à une erreur.", { status: 409 });
  return withStoredFile(input.file, (stored) =>
    db.transaction(async (tx) => {
      const [row] = await tx
        .insert(seasonDocuments)
        .values({
          profileId: profile.id,
          season,
          kind: "aide",
          aidCode: line.aidCode,
          reference: input.reference,
          ...stored,
          uploadedBy: user.id,
          createdAt: now,
          deleteFileOn: addDays(end, 1),
        })
        .returning({ id: seasonDocuments.id });
      await audit(
        tx,
        user,
        "season-document.aid-proof",
        `Justificatif de l'aide ${line.aidCode} donné pour ${profile.prenom} ${profile.nom}.`,
        { userId: user.id, profileId: profile.id },
      );
      return row!.id;
    }),
  );
}

/** What the family's papers page shows: each registered profile, its medical status, its aid and its papers. */
export async function familyPapers(ownerId: string, now: Date = new Date()) {
  const { season } = await campaignSeason();
  const family = await db.select().from(profiles).where(eq(profiles.ownerId, ownerId)).orderBy(asc(profiles.id));
  const [reg] = await db
    .select()
    .from(registrations)
    .where(and(eq(registrations.ownerId, ownerId), eq(registrations.season, season)));
  const lines =
    reg && reg.status !== "brouillon"
      ? await db.select().from(registrationLines).where(eq(registrationLines.registrationId, reg.id))
      : [];
  const registered = family.filter((p) => lines.some((l) => l.profileId === p.id));
  const medical = await medicalStatuses(
    registered.map((p) => ({
      profileId: p.id,
      dateOfBirth: p.dateOfBirth,
      competitor: lines.find((l) => l.profileId === p.id)?.competitor ?? false,
    })),
    season,
    now,
  );
  const docs = registered.length
    ? await db
        .select()
        .from(seasonDocuments)
        .where(
          and(
            inArray(
              seasonDocuments.profileId,
              registered.map((p) => p.id),
            ),
            eq(seasonDocuments.season, season),
          ),
        )
        .orderBy(asc(seasonDocuments.createdAt))
    : [];
  return {
    season,
    profiles: registered.map((p) => {
      const line = lines.find((l) => l.profileId === p.id)!;
      return {
        profileId: p.id,
        name: `${p.prenom} ${p.nom}`.trim(),
        medical: medical.get(p.id) ?? "certificate-due",
        medicalLabel: MEDICAL_STATUS_LABELS[medical.get(p.id) ?? "certificate-due"],
        aid: line.aidCode ? { code: line.aidCode, status: line.aidStatus ?? "a-verifier", cents: line.aidCents } : null,
        documents: docs
          .filter((d) => d.profileId === p.id)
          .map((d) => ({
            id: d.id,
            kind: d.kind,
            documentDate: d.documentDate,
            reference: d.reference,
            state: d.state,
            reason: d.reason,
            hasFile: d.storageKey !== null && d.fileDeletedAt === null,
            sentAt: d.createdAt.toISOString(),
          })),
      };
    }),
  };
}

// ------------------------------------------------------------ reading a file

function isSeasonManager(roles: readonly string[]): boolean {
  const allowed = findSection("saison").roles as readonly string[];
  return roles.some((r) => allowed.includes(r));
}

/** The file of a paper for its owner family or a manager; null for anyone else or once deleted. */
export async function readSeasonFile(user: { id: string; roles: readonly string[] }, documentId: number) {
  const [row] = await db
    .select({ doc: seasonDocuments, ownerId: profiles.ownerId })
    .from(seasonDocuments)
    .innerJoin(profiles, eq(profiles.id, seasonDocuments.profileId))
    .where(eq(seasonDocuments.id, documentId));
  if (!row || !row.doc.storageKey || row.doc.fileDeletedAt || !row.doc.contentType) return null;
  if (row.ownerId !== user.id && !isSeasonManager(user.roles)) return null;
  const object = await storage().get(row.doc.storageKey);
  if (!object) return null;
  return {
    body: object.body,
    contentType: row.doc.contentType,
    name: row.doc.originalName || `document-${row.doc.id}`,
    size: object.size,
  };
}

// ------------------------------------------------------------ the managers

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

async function lockDocument(tx: Queryable, documentId: number, version: number) {
  const [doc] = await tx.select().from(seasonDocuments).where(eq(seasonDocuments.id, documentId)).for("update");
  if (!doc || doc.profileId === null) throw new DomainError(GONE, { status: 404 });
  if (doc.version !== version || doc.state !== "a-verifier") throw new DomainError(CHANGED, { status: 409 });
  const [profile] = await tx
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
    const { doc, profile } = await lockDocument(tx, documentId, version);
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
      tx,
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
    const { doc, profile } = await lockDocument(tx, documentId, version);
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
    await audit(
      tx,
      actor,
      "season-document.refuse",
      `${label} refusé pour ${profile.prenom} ${profile.nom} : ${reason}`,
      { userId: profile.ownerId, profileId: profile.id },
    );
    await queueMail(
      {
        to: profile.email,
        subject: `${label} de ${profile.prenom} : à renvoyer`,
        text: [
          `Bonjour ${profile.parentPrenom},`.replace(" ,", ","),
          "",
          `Le club n'a pas pu accepter le document envoyé pour ${profile.prenom} ${profile.nom} (${label.toLowerCase()}) :`,
          reason,
          "",
          `Pour en déposer un autre : ${env().BASE_URL}${PAPERS_PAGE}`,
          "",
          "Le fichier refusé a été supprimé.",
        ].join("\n"),
      },
      tx,
    );
    return doc.storageKey;
  });
  if (key) await storage().delete(key);
}

async function lockAidLine(tx: Queryable, lineId: number) {
  const [row] = await tx
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
    const { line, reg, prenom, nom } = await lockAidLine(tx, lineId);
    await tx.update(registrationLines).set({ aidStatus: "acceptee" }).where(eq(registrationLines.id, line.id));
    await audit(
      tx,
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
    const { line, reg, prenom, nom, email, parentPrenom } = await lockAidLine(tx, lineId);
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
    const [paid] = await tx
      .select({ sum: sql<number>`coalesce(sum(${payments.amountCents}), 0)::int` })
      .from(payments)
      .where(and(eq(payments.registrationId, reg.id), eq(payments.state, "appliquee")));
    const covered = paid?.sum ?? 0;
    const reopened = reg.status === "payee" && covered < totalCents;
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
      tx,
      actor,
      "aid.refuse",
      `Aide ${line.aidCode} refusée pour ${prenom} ${nom} : ${reason}. Total de l'inscription : ${formatEuros(totalCents)}.`,
      {
        userId: reg.ownerId,
        profileId: line.profileId,
      },
    );
    const rest = Math.max(0, totalCents - covered);
    await queueMail(
      {
        to: email,
        subject: `Aide ${line.aidCode} pour ${prenom} : non acceptée`,
        text: [
          `Bonjour ${parentPrenom},`.replace(" ,", ","),
          "",
          `Le club n'a pas pu accepter l'aide ${line.aidCode} déclarée pour ${prenom} ${nom} :`,
          reason,
          "",
          `La réduction de ${formatEuros(line.aidCents)} est retirée : l'inscription s'élève désormais à ${formatEuros(totalCents)}${rest > 0 && rest !== totalCents ? `, dont ${formatEuros(rest)} restent à payer` : ""}.`,
          `Pour payer : ${env().BASE_URL}/espace-membre/inscription/paiement`,
        ].join("\n"),
      },
      tx,
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

// ------------------------------------------------------------ retention

/** Deletes the files whose retention has ended, and the papers of deleted profiles. Returns the count. */
export async function purgeSeasonFiles(now: Date = new Date()): Promise<number> {
  const today = parisDate(now);
  const due = await db
    .select({ id: seasonDocuments.id, key: seasonDocuments.storageKey, profileId: seasonDocuments.profileId })
    .from(seasonDocuments)
    .where(
      or(
        isNull(seasonDocuments.profileId),
        and(
          isNotNull(seasonDocuments.storageKey),
          isNull(seasonDocuments.fileDeletedAt),
          lte(seasonDocuments.deleteFileOn, today),
        ),
      ),
    );
  for (const d of due) {
    if (d.key) await storage().delete(d.key);
    if (d.profileId === null) await db.delete(seasonDocuments).where(eq(seasonDocuments.id, d.id));
    else await db.update(seasonDocuments).set({ fileDeletedAt: now }).where(eq(seasonDocuments.id, d.id));
  }
  if (due.length) log.info("season files purged", { count: due.length });
  return due.length;
}

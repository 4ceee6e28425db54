/**
 * The season's papers, the family's side: medical
 * certificates and health-questionnaire attestations, proofs of declared aids,
 * the family's papers page, and reading a stored file. The managers' decisions
 * are in season-documents-review.server.ts, the retention purge in
 * season-documents-purge.server.ts.
 *
 * Rules:
 *  - A file is a PDF, a JPEG or a PNG (read from its first bytes, never from
 *    its name or declared type) of at most MAX_SEASON_FILE_BYTES; it is stored
 *    under a random key and served only to the family that owns the profile
 *    and to the managers of the season (permission table, section "saison"),
 *    never cached by a shared cache (`readSeasonFile`).
 *  - Only the owner family sends papers for its profiles. Nothing of the
 *    questionnaire's answers is asked or stored: the attestation only.
 *  - A certificate older than its validity or a date in the future is refused
 *    at once; an aid proof is taken only while the aid awaits its decision.
 *  - Until reviewed, a file is kept until the day after the season ends
 *    (`deleteFileOn`); every upload is audited.
 */
import { randomBytes } from "node:crypto";
import { and, asc, eq, inArray } from "drizzle-orm";
import { profiles, registrationLines, registrations, seasonDocuments } from "#db/schema";
import { can } from "../accounts/capabilities";
import { owns, ownProfile } from "../accounts/ownership.server";
import { getSetting } from "../club/settings.server";
import { db } from "../core/db.server";
import { DomainError } from "../core/errors";
import { addDays, addMonths, parisDate, seasonBounds } from "../core/time";
import { formatMegabytes } from "../content/upload-limits";
import { storage } from "../content/storage.server";
import { sniffImage, sniffPdf } from "../content/uploads.server";
import { MEDICAL_STATUS_LABELS } from "./medical";
import { DOCUMENT_KIND_LABELS, MAX_SEASON_FILE_BYTES, type HealthKind } from "./season-documents";
import { medicalStatuses } from "./season-overview.server";
import { audit } from "../core/audit.server";
import { type Actor } from "./users-rules.server";

const FILE_TYPES = { pdf: "application/pdf", jpeg: "image/jpeg", png: "image/png" } as const;

/** The season the registration campaign is open for, and its last day. */
export async function campaignSeason(): Promise<{ season: string; end: string }> {
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

async function ownedProfile(ownerId: string, profileId: number) {
  const [p] = await db.select().from(profiles).where(ownProfile(ownerId, profileId));
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
  const profile = await ownedProfile(user.id, input.profileId);
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
  const profile = await ownedProfile(user.id, input.profileId);
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

/** The file of a paper for its owner family or a manager; null for anyone else or once deleted. */
export async function readSeasonFile(user: { id: string; roles: readonly string[] }, documentId: number) {
  const [row] = await db
    .select({ doc: seasonDocuments, ownerId: profiles.ownerId })
    .from(seasonDocuments)
    .innerJoin(profiles, eq(profiles.id, seasonDocuments.profileId))
    .where(eq(seasonDocuments.id, documentId));
  if (!row || !row.doc.storageKey || row.doc.fileDeletedAt || !row.doc.contentType) return null;
  if (!owns(user, row) && !can(user, "season:manage")) return null;
  const object = await storage().open(row.doc.storageKey);
  if (!object) return null;
  return {
    body: object.body,
    contentType: row.doc.contentType,
    name: row.doc.originalName || `document-${row.doc.id}`,
    size: object.size,
  };
}

/**
 * Import of the club's former Firebase site: every account with its password,
 * in one transaction (issue "Move in from the original Firebase site").
 *
 * Rules:
 *  - Accounts keep their Firebase id (users.id = localId), e-mail, verification
 *    state, creation date, disabled state and Google link (an accounts row for
 *    the `google` provider with the Google subject, so signing in with Google
 *    lands on the same account).
 *  - Password accounts keep their Firebase hash (./scrypt.server.ts); it is
 *    checked and replaced by the site's own hash at the first sign-in.
 *  - The Firestore document of an account gives prenom, nom, roles (the spec's
 *    values; an unknown value is reported and left out, never guessed; no valid
 *    role gives the spec's default, pré-inscrit), and for this season the
 *    cotisation and medical certificate flags of the account holder's own
 *    profile (recorded on the import date, valid until the end of the season).
 *  - Idempotent: an account already present with the same id and e-mail is left
 *    as it is (the site's data wins), except that a password still waiting for
 *    its first sign-in follows a changed Firebase hash, and a missing Google link
 *    is added. An e-mail present under another id is a conflict: nothing is
 *    written unless the caller chose to skip conflicts.
 *  - A dry run computes the same report and writes nothing.
 */
import { randomUUID } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import { accounts, profiles, seasonStatuses, users } from "#db/schema";
import { audit, auditMany } from "../../core/audit.server";
import { db } from "../../core/db.server";
import { getSetting } from "../../club/settings.server";
import { currentSeasonAt } from "../../members/seasons.server";
import { parisDate, seasonBounds } from "../../core/time";
import { GOOGLE_PROVIDER_ID } from "../auth.server";
import type { ImportInput } from "./files.server";
import { isFirebaseHash } from "./scrypt.server";
import { plan, type Planned } from "./plan.server";
import type { ImportReport } from "./report";

// The plan's role rule and the report's text, for the callers of this module.
export { mapRole } from "./plan.server";
export { formatReport } from "./report";

export const IMPORT_ACTOR = "Import de l'ancien site (ligne de commande)";
const CHUNK = 500;

export interface ImportOptions {
  dryRun?: boolean;
  /** Import the other accounts when some conflict with existing ones (default: write nothing). */
  skipConflicts?: boolean;
  now?: Date;
  onProgress?: (done: number, total: number) => void;
}

function chunks<T>(items: T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** Imports (or, with dryRun, only reports) a checked Firebase export. */
export async function importFirebase(input: ImportInput, options: ImportOptions = {}): Promise<ImportReport> {
  const now = options.now ?? new Date();
  const notes: string[] = [];
  const planned = plan(input, notes);
  const report: ImportReport = {
    dryRun: options.dryRun === true,
    created: 0,
    updated: 0,
    unchanged: 0,
    conflicts: [],
    notes,
    passwords: 0,
    google: 0,
    disabled: 0,
    aborted: false,
  };

  // What is already there: by id and by e-mail.
  const existingById = new Map<string, { email: string }>();
  const existingByEmail = new Map<string, string>();
  for (const part of chunks(planned, 1000)) {
    const rows = await db
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(
        inArray(
          users.id,
          part.map((p) => p.user.localId),
        ),
      );
    for (const r of rows) existingById.set(r.id, { email: r.email });
    const byMail = await db
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(
        inArray(
          users.email,
          part.map((p) => p.email),
        ),
      );
    for (const r of byMail) existingByEmail.set(r.email, r.id);
  }

  const toCreate: Planned[] = [];
  const present: Planned[] = [];
  for (const p of planned) {
    const sameId = existingById.get(p.user.localId);
    const otherId = existingByEmail.get(p.email);
    if (sameId && sameId.email.toLowerCase() === p.email) present.push(p);
    else if (sameId)
      report.conflicts.push(
        `Le compte ${p.user.localId} existe déjà sur le site avec une autre adresse (${sameId.email}, ici ${p.email}).`,
      );
    else if (otherId)
      report.conflicts.push(
        `L'adresse ${p.email} est déjà utilisée sur le site par un autre compte : le compte Firebase ${p.user.localId} n'est pas importé.`,
      );
    else toCreate.push(p);
  }

  // Accounts already imported: follow a changed Firebase hash while the member has
  // not signed in yet; add a Google link that is missing.
  const updates: Array<{ p: Planned; password?: string; google?: string }> = [];
  if (present.length) {
    const ids = present.map((p) => p.user.localId);
    const rows: Array<{ userId: string; providerId: string; password: string | null; accountId: string }> = [];
    for (const part of chunks(ids, 1000)) {
      rows.push(
        ...(await db
          .select({
            userId: accounts.userId,
            providerId: accounts.providerId,
            password: accounts.password,
            accountId: accounts.accountId,
          })
          .from(accounts)
          .where(inArray(accounts.userId, part))),
      );
    }
    for (const p of present) {
      const mine = rows.filter((r) => r.userId === p.user.localId);
      const credential = mine.find((r) => r.providerId === "credential");
      const update: { p: Planned; password?: string; google?: string } = { p };
      if (p.password && credential && isFirebaseHash(credential.password) && credential.password !== p.password)
        update.password = p.password;
      if (p.googleSubject && !mine.some((r) => r.providerId === GOOGLE_PROVIDER_ID)) update.google = p.googleSubject;
      if (update.password || update.google) updates.push(update);
      else report.unchanged++;
    }
  }

  report.created = toCreate.length;
  report.updated = updates.length;
  report.passwords = toCreate.filter((p) => p.password).length;
  report.google = toCreate.filter((p) => p.googleSubject).length;
  report.disabled = toCreate.filter((p) => p.user.disabled).length;
  if (report.conflicts.length && !options.skipConflicts) {
    report.aborted = true;
    return report;
  }
  if (report.dryRun) return report;

  const season = await currentSeasonAt(now);
  const { seasonStartMonth } = await getSetting("membership");
  const today = parisDate(now);
  const seasonEnd = seasonBounds(season, seasonStartMonth).end;
  const total = toCreate.length + updates.length;
  let done = 0;

  await db.transaction(async (tx) => {
    for (const part of chunks(toCreate)) {
      await tx.insert(users).values(
        part.map((p) => ({
          id: p.user.localId,
          name: `${p.prenom} ${p.nom}`.trim() || p.email,
          email: p.email,
          emailVerified: p.user.emailVerified === true,
          prenom: p.prenom,
          nom: p.nom,
          roles: p.roles,
          aPayeCotisation: p.paid,
          certificatMedicalFourni: p.certificate,
          active: p.user.disabled !== true,
          createdAt: p.createdAt,
          updatedAt: now,
        })),
      );
      const accountRows = part.flatMap((p) => [
        ...(p.password
          ? [
              {
                id: randomUUID(),
                accountId: p.user.localId,
                providerId: "credential",
                userId: p.user.localId,
                password: p.password,
                createdAt: now,
                updatedAt: now,
              },
            ]
          : []),
        ...(p.googleSubject
          ? [
              {
                id: randomUUID(),
                accountId: p.googleSubject,
                providerId: GOOGLE_PROVIDER_ID,
                userId: p.user.localId,
                createdAt: now,
                updatedAt: now,
              },
            ]
          : []),
      ]);
      if (accountRows.length) await tx.insert(accounts).values(accountRows);
      const own = await tx
        .insert(profiles)
        .values(
          part.map((p) => ({
            ownerId: p.user.localId,
            isSelf: true,
            prenom: p.prenom,
            nom: p.nom,
            relationship: "moi",
            createdAt: p.createdAt,
          })),
        )
        .returning({ id: profiles.id, ownerId: profiles.ownerId });
      const profileOf = new Map(own.map((r) => [r.ownerId, r.id]));
      const statuses = part
        .filter((p) => p.paid || p.certificate)
        .map((p) => ({
          profileId: profileOf.get(p.user.localId)!,
          season,
          cotisationPaidOn: p.paid ? today : null,
          cotisationMeans: p.paid ? "autre" : null,
          healthDocumentKind: p.certificate ? "certificat" : null,
          healthDocumentReceivedOn: p.certificate ? today : null,
          healthDocumentValidUntil: p.certificate ? seasonEnd : null,
        }));
      if (statuses.length) await tx.insert(seasonStatuses).values(statuses);
      await auditMany(
        { process: IMPORT_ACTOR },
        part.map((p) => ({
          at: now,
          action: "user.import",
          userId: p.user.localId,
          summary: `Compte repris de l'ancien site (Firebase), rôles : ${p.roles.join(", ")}.`,
        })),
      );
      done += part.length;
      options.onProgress?.(done, total);
    }
    for (const u of updates) {
      if (u.password) {
        await tx
          .update(accounts)
          .set({ password: u.password, updatedAt: now })
          .where(and(eq(accounts.userId, u.p.user.localId), eq(accounts.providerId, "credential")));
      }
      if (u.google) {
        await tx.insert(accounts).values({
          id: randomUUID(),
          accountId: u.google,
          providerId: GOOGLE_PROVIDER_ID,
          userId: u.p.user.localId,
          createdAt: now,
          updatedAt: now,
        });
      }
      await audit(
        { process: IMPORT_ACTOR },
        "user.import",
        [u.password ? "mot de passe de l'ancien site mis à jour" : "", u.google ? "liaison Google ajoutée" : ""]
          .filter(Boolean)
          .join(", "),
        { userId: u.p.user.localId, at: now },
      );
      done++;
      if (done % CHUNK === 0 || done === total) options.onProgress?.(done, total);
    }
  });
  return report;
}

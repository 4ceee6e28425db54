/**
 * Import of the former Firebase site, first step: what each Firebase account
 * becomes on the site (issue "Move in from the original Firebase site").
 * Reads nothing but the export; writes nothing (import.server.ts writes).
 *
 * Rules:
 *  - Names come from the Firestore document, else from the display name
 *    (first word: prénom, the rest: nom).
 *  - Roles are the spec's values only (case, spaces and Unicode form
 *    tolerated); an unknown value is reported in the notes and left out,
 *    never guessed; « pré-inscrit » beside another role is dropped; no valid
 *    role gives the spec's default, pré-inscrit.
 *  - A password account keeps its Firebase hash (./scrypt.server.ts), a
 *    Google link its Google subject; the cotisation and medical certificate
 *    flags come from the document.
 *  - A Firestore document without account is reported, not imported.
 */
import { PENDING_ROLE, ROLES, type Role } from "../roles";
import { toDate, type FirebaseAuthUser, type FirestoreUserDocument, type ImportInput } from "./files.server";
import { encodeFirebaseHash } from "./scrypt.server";

/** A role value of the spec, or null. Case, spaces and Unicode form are tolerated; nothing else. */
export function mapRole(value: string): Role | null {
  const v = value.normalize("NFC").trim().toLowerCase().replace(/\s+/g, "_");
  return (ROLES as readonly string[]).includes(v) ? (v as Role) : v === "pré_inscrit" ? PENDING_ROLE : null;
}

function splitName(displayName: string | undefined): { prenom: string; nom: string } {
  const parts = (displayName ?? "").trim().split(/\s+/).filter(Boolean);
  return { prenom: parts[0] ?? "", nom: parts.slice(1).join(" ") };
}

export interface Planned {
  user: FirebaseAuthUser;
  email: string;
  prenom: string;
  nom: string;
  roles: Role[];
  createdAt: Date;
  password: string | null;
  googleSubject: string | null;
  paid: boolean;
  certificate: boolean;
}

export function plan(input: ImportInput, notes: string[]): Planned[] {
  const out: Planned[] = [];
  const ids = new Set(input.users.map((u) => u.localId));
  for (const id of input.documents.keys()) {
    if (!ids.has(id)) notes.push(`Le document utilisateurs/${id} ne correspond à aucun compte : ignoré.`);
  }
  for (const user of input.users) {
    const email = (user.email ?? "").trim().toLowerCase();
    const doc: FirestoreUserDocument | undefined = input.documents.get(user.localId);
    const fallback = splitName(user.displayName ?? user.providerUserInfo?.find((p) => p.displayName)?.displayName);
    const rawRoles = doc?.roles ?? (Array.isArray(doc?.role) ? doc.role : doc?.role !== undefined ? [doc.role] : []);
    const roles: Role[] = [];
    for (const raw of rawRoles) {
      const role = mapRole(raw);
      if (role && !roles.includes(role)) roles.push(role);
      else if (!role)
        notes.push(`Compte ${email} : rôle « ${raw} » inconnu, non repris (à attribuer à la main si besoin).`);
    }
    if (roles.length > 1 && roles.includes(PENDING_ROLE)) roles.splice(roles.indexOf(PENDING_ROLE), 1);
    if (roles.length === 0) roles.push(PENDING_ROLE);
    if (!doc && input.documents.size > 0)
      notes.push(`Compte ${email} : pas de document utilisateurs, rôle ${PENDING_ROLE}.`);
    const google = user.providerUserInfo?.find((p) => p.providerId === "google.com" && p.rawId);
    out.push({
      user,
      email,
      prenom: (doc?.prenom ?? fallback.prenom).trim(),
      nom: (doc?.nom ?? fallback.nom).trim(),
      roles,
      createdAt: toDate(doc?.createdAt) ?? toDate(user.createdAt) ?? new Date(),
      password:
        user.passwordHash && user.salt && input.hashParams
          ? encodeFirebaseHash(input.hashParams, user.salt, user.passwordHash)
          : null,
      googleSubject: google?.rawId ?? null,
      paid: doc?.aPayeCotisation === true,
      certificate: doc?.certificatMedicalFourni === true,
    });
  }
  return out;
}

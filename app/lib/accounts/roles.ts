/**
 * Roles of the specification (section 6). Shared by server and UI.
 * `enseignant` is added to the spec's roles: it opens
 * the attendance pages of the classes an admin tied the account to, and is
 * always held with a member role (users-rules.server.ts: checkRoleSet).
 */
export const ROLES = ["pré-inscrit", "membre", "admin", "user_manager", "article_manager", "enseignant"] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  "pré-inscrit": "Pré-inscrit",
  membre: "Membre",
  admin: "Administrateur",
  user_manager: "Gestionnaire des membres",
  article_manager: "Gestionnaire des contenus",
  enseignant: "Enseignant",
};

export const MEMBER_ROLES: readonly Role[] = ["membre", "admin", "user_manager", "article_manager"];

/** Lower case, no accents, "_" for spaces and dashes: "Pré-inscrit" -> "pre_inscrit". */
function foldRoleName(name: string): string {
  return name
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, "_");
}

/**
 * A role from what a person typed (command line): its name or its French
 * label, in any case, with or without accents ("pre-inscrit", "ADMIN",
 * "user-manager", "Gestionnaire des contenus"); null when none matches.
 */
export function parseRoleName(input: string): Role | null {
  const folded = foldRoleName(input);
  if (!folded) return null;
  return ROLES.find((r) => foldRoleName(r) === folded || foldRoleName(ROLE_LABELS[r]) === folded) ?? null;
}

/**
 * The roles as facts of an account (not permissions: those are capabilities, permissions.ts):
 * a new account is pending (pré-inscrit) until a manager validates it as a member; an
 * instructor is tied to the classes they teach; the first account of a club is its admin.
 */
/** A new account's role: pending until a manager validates it. */
export const PENDING_ROLE: Role = "pré-inscrit";
export const MEMBER_ROLE: Role = "membre";
export const INSTRUCTOR_ROLE: Role = "enseignant";
export const ADMIN_ROLE: Role = "admin";

/** Is the account waiting for its validation (role pré-inscrit)? */
export const isPending = (roles: readonly string[]) => roles.includes(PENDING_ROLE);
/** Does the account hold the instructor's role (enseignant)? */
export const isInstructor = (roles: readonly string[]) => roles.includes(INSTRUCTOR_ROLE);

/** The roles once validated: pré-inscrit replaced by membre. */
export function validatedRoles(roles: readonly string[]): string[] {
  return [...roles.filter((r) => r !== PENDING_ROLE), MEMBER_ROLE];
}

/** The order roles are listed in: the widest first. */
export const ROLE_PRIORITY: readonly Role[] = [
  "admin",
  "user_manager",
  "article_manager",
  "membre",
  "enseignant",
  "pré-inscrit",
];

/** The spec's display rule: first role, '_' replaced by a space, 'Membre' if none. */
export function displayRole(roles: readonly string[]): string {
  const first = roles[0];
  return first ? first.replace(/_/g, " ") : "Membre";
}

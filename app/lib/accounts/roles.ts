/** Roles of the specification (section 6). Shared by server and UI. */
export const ROLES = ["pré-inscrit", "membre", "admin", "user_manager", "article_manager"] as const;
export type Role = (typeof ROLES)[number];
export const DEFAULT_ROLE: Role = "pré-inscrit";

export const ROLE_LABELS: Record<Role, string> = {
  "pré-inscrit": "Pré-inscrit",
  membre: "Membre",
  admin: "Administrateur",
  user_manager: "Gestionnaire des membres",
  article_manager: "Gestionnaire des contenus",
};

export const MEMBER_ROLES: readonly Role[] = ["membre", "admin", "user_manager", "article_manager"];

export function hasAnyRole(userRoles: readonly string[], allowed: readonly Role[]): boolean {
  return userRoles.some((r) => (allowed as readonly string[]).includes(r));
}

/** The spec's display rule: first role, '_' replaced by a space, 'Membre' if none. */
export function displayRole(roles: readonly string[]): string {
  const first = roles[0];
  return first ? first.replace(/_/g, " ") : "Membre";
}

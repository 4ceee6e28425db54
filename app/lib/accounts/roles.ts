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
export const ADMIN_ONLY: readonly Role[] = ["admin"];
export const USER_MANAGERS: readonly Role[] = ["admin", "user_manager"];
export const CONTENT_MANAGERS: readonly Role[] = ["admin", "article_manager"];

/**
 * The role table of the specification: member-area path prefix -> allowed
 * roles. The longest matching prefix wins. Enforced on the server by the
 * member layout's middleware (and re-checked by each action that changes data).
 */
export const MEMBER_AREA_ACCESS: ReadonlyArray<{ prefix: string; roles: readonly Role[] }> = [
  { prefix: "/espace-membre", roles: MEMBER_ROLES },
  { prefix: "/espace-membre/contenu", roles: ADMIN_ONLY },
  { prefix: "/espace-membre/todo", roles: ADMIN_ONLY },
  { prefix: "/espace-membre/videos", roles: ADMIN_ONLY },
  { prefix: "/espace-membre/exploitation", roles: ADMIN_ONLY },
  { prefix: "/espace-membre/utilisateurs", roles: USER_MANAGERS },
  { prefix: "/espace-membre/articles", roles: CONTENT_MANAGERS },
  { prefix: "/espace-membre/evenements", roles: CONTENT_MANAGERS },
];

export function allowedRolesFor(pathname: string): readonly Role[] | null {
  const path = pathname.replace(/\/+$/, "") || "/";
  let best: { prefix: string; roles: readonly Role[] } | null = null;
  for (const entry of MEMBER_AREA_ACCESS) {
    if (path === entry.prefix || path.startsWith(entry.prefix + "/")) {
      if (!best || entry.prefix.length > best.prefix.length) best = entry;
    }
  }
  return best?.roles ?? null;
}

export function hasAnyRole(userRoles: readonly string[], allowed: readonly Role[]): boolean {
  return userRoles.some((r) => (allowed as readonly string[]).includes(r));
}

/** The spec's display rule: first role, '_' replaced by a space, 'Membre' if none. */
export function displayRole(roles: readonly string[]): string {
  const first = roles[0];
  return first ? first.replace(/_/g, " ") : "Membre";
}

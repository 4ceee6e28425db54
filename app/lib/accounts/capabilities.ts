/**
 * What an account may do, by name: `can(user, "articles:edit")`.
 *
 * Rules:
 *  - A capability is held by the roles of the sections of the permission table (permissions.ts)
 *    it names: the section whose pages do that work, or, for a finer rule inside a page (« only
 *    an admin edits an admin »), the section whose holders are trusted with it. Which role holds
 *    which capability is therefore said once, by the table; no other module compares roles to
 *    decide a permission, nor uses a page's address as one (ESLint refuses both).
 *  - The same `can` decides on the server and in the browser: a component hides the button the
 *    server would refuse. Browser-safe: no server import.
 *  - A signed-out visitor (null) can nothing.
 *  - On the server, a refusal is `authorize(user, capability)` (authorize.server.ts): the 403 answer.
 */
import { findSection, MEMBER_AREA, type MemberAreaTable } from "./permissions";
import { ROLES, type Role } from "./roles";

export const CAPABILITIES = {
  /** The members' pages and content: member home, members-only events and files, calendar feed. */
  "member-content:read": ["membres"],
  "profile:edit": ["compte"],
  "site:administer": ["administration"],
  "users:manage": ["utilisateurs"],
  "season:manage": ["saison"],
  "trials:manage": ["essais"],
  "exams:manage": ["examens"],
  "articles:edit": ["articles"],
  "events:edit": ["evenements"],
  "attendance:mark": ["appel"],
  "attendance:rates": ["assiduite"],
  /** Holds a role the club needs handed over before the account is deleted (the managers). */
  "club:manage": ["administration", "utilisateurs", "articles"],
  /** Sit on an exam's jury: the club's staff (managers and instructors), not a plain member. */
  "exams:judge": ["administration", "utilisateurs", "articles", "appel"],
  /** Give or take the admin role, edit an admin's account. */
  "users:manage-admins": ["administration"],
  /** Every class: its attendance, roster and emergency sheet, its members' portraits. */
  "classes:all": ["administration"],
  /** Mark any exam session, not only those of one's jury. */
  "exams:mark-any": ["administration"],
  /** Remove any member's portrait. */
  "portraits:manage": ["administration"],
} as const satisfies Record<string, readonly string[]>;

export type Capability = keyof typeof CAPABILITIES;

/** The roles holding a capability, in the order of ROLES. */
export function rolesWith(capability: Capability, table: MemberAreaTable = MEMBER_AREA): readonly Role[] {
  const held = new Set(CAPABILITIES[capability].flatMap((id) => findSection(id, table).roles));
  return ROLES.filter((r) => held.has(r));
}

const HOLDERS = new Map(
  (Object.keys(CAPABILITIES) as Capability[]).map((c) => [c, new Set<string>(rolesWith(c))] as const),
);

/** May this account do this? */
export function can(user: { roles: readonly string[] } | null | undefined, capability: Capability): boolean {
  if (!user) return false;
  const holders = HOLDERS.get(capability);
  return !!holders && user.roles.some((r) => holders.has(r));
}

/**
 * What an account may do is asked by name (`can(user, "articles:edit")`), and who holds each
 * capability follows from the permission table: the roles of the sections it names. The holders
 * below are the rules the code applied before the capabilities existed (role by role).
 */
import { describe, expect, it } from "vitest";
import { authorize } from "./authorize.server";
import { can, CAPABILITIES, rolesWith, type Capability } from "./capabilities";
import { MEMBER_AREA, type MemberAreaTable } from "./permissions";
import { ROLES } from "./roles";

describe("who holds each capability", () => {
  const holders: Record<Capability, readonly string[]> = {
    "member-content:read": ["membre", "admin", "user_manager", "article_manager"],
    "profile:edit": ROLES,
    "site:administer": ["admin"],
    "users:manage": ["admin", "user_manager"],
    "season:manage": ["admin", "user_manager"],
    "trials:manage": ["admin", "user_manager"],
    "exams:manage": ["admin", "user_manager"],
    "articles:edit": ["admin", "article_manager"],
    "events:edit": ["admin", "article_manager"],
    "attendance:mark": ["admin", "enseignant"],
    "attendance:rates": ["admin", "user_manager"],
    "club:manage": ["admin", "user_manager", "article_manager"],
    "exams:judge": ["admin", "user_manager", "article_manager", "enseignant"],
    "users:manage-admins": ["admin"],
    "classes:all": ["admin"],
    "exams:mark-any": ["admin"],
    "portraits:manage": ["admin"],
  };

  it("is, for every capability, the roles the pages and rules let do it", () => {
    expect(Object.keys(CAPABILITIES).sort()).toEqual(Object.keys(holders).sort());
    for (const [capability, roles] of Object.entries(holders) as Array<[Capability, readonly string[]]>) {
      for (const role of ROLES)
        expect(can({ roles: [role] }, capability), `${role} ${capability}`).toBe(roles.includes(role));
    }
  });

  it("is any role of the account: an instructor who is also a member reads the members' content", () => {
    expect(can({ roles: ["enseignant"] }, "member-content:read")).toBe(false);
    expect(can({ roles: ["membre", "enseignant"] }, "member-content:read")).toBe(true);
    expect(can({ roles: ["membre", "enseignant"] }, "classes:all")).toBe(false);
  });

  it("gives a signed-out visitor, or an account without a role, nothing", () => {
    for (const capability of Object.keys(CAPABILITIES) as Capability[]) {
      expect(can(null, capability)).toBe(false);
      expect(can(undefined, capability)).toBe(false);
      expect(can({ roles: [] }, capability)).toBe(false);
      expect(can({ roles: ["inconnu"] }, capability)).toBe(false);
    }
  });

  it("follows the table: a role given a section holds that section's capabilities", () => {
    const table: MemberAreaTable = MEMBER_AREA.map((s) =>
      s.id === "articles" ? { ...s, roles: [...s.roles, "user_manager"] } : s,
    );
    expect(rolesWith("articles:edit", table)).toEqual(["admin", "user_manager", "article_manager"]);
    expect(rolesWith("articles:edit")).toEqual(["admin", "article_manager"]);
  });
});

describe("authorize on the server", () => {
  it("lets the holder through and answers 403 to anyone else", () => {
    expect(() => authorize({ roles: ["article_manager"] }, "articles:edit")).not.toThrow();
    let thrown: unknown;
    try {
      authorize({ roles: ["membre"] }, "articles:edit");
    } catch (err) {
      thrown = err;
    }
    expect(thrown).toMatchObject({ init: { status: 403 } });
    expect(() => authorize(null, "member-content:read")).toThrow();
  });
});

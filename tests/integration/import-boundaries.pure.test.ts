/**
 * The import-boundary lint rules (eslint.config.js, docs/decisions/0011-tooling.md):
 * no module imports a route module; browser-side modules never import `*.server`; the audit
 * log is written through app/lib/core/audit.server.ts only; authorisation is asked by capability.
 * Linted with the project's own configuration, on virtual files placed in the tree.
 */
import path from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const eslint = new ESLint({ cwd: process.cwd() });

async function ruleIds(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.resolve(file) });
  return (result?.messages ?? []).map((m) => m.ruleId ?? m.message);
}

// The first lint builds the TypeScript program: about 15 s alone, far more beside other tests.
describe("import boundaries", { timeout: 120_000 }, () => {
  it("a route module may not import another route module, but may import a helper next to it", async () => {
    const ids = await ruleIds(
      "app/routes/club/news.tsx",
      'import { loader } from "~/routes/home";\nimport { meta } from "../info/contact";\nexport const x = [loader, meta];\n',
    );
    expect(ids.filter((id) => id === "boundaries/no-route-imports")).toHaveLength(2);
    const helper = await ruleIds(
      "app/routes/member/admin/settings.tsx",
      'import type { SectionFormProps } from "./settings/shared";\nexport type X = SectionFormProps;\n',
    );
    expect(helper).not.toContain("boundaries/no-route-imports");
  });

  it("a component or a browser-safe lib file may not import a *.server module, except its types", async () => {
    const code = 'import { db } from "~/lib/core/db.server";\nexport const x = db;\n';
    expect(await ruleIds("app/components/belt.tsx", code)).toContain("@typescript-eslint/no-restricted-imports");
    expect(await ruleIds("app/lib/members/users-admin-labels.ts", code)).toContain(
      "@typescript-eslint/no-restricted-imports",
    );
    const typeOnly = 'import type { Database } from "~/lib/core/db.server";\nexport type X = Database;\n';
    expect(await ruleIds("app/components/belt.tsx", typeOnly)).not.toContain(
      "@typescript-eslint/no-restricted-imports",
    );
    // Server modules and route modules (whose server exports React Router strips) may.
    expect(await ruleIds("app/lib/core/jobs.server.ts", code)).not.toContain(
      "@typescript-eslint/no-restricted-imports",
    );
  });

  it("the audit log is written through audit() only: a direct insert is refused elsewhere", async () => {
    const code =
      'import { auditLog } from "#db/schema";\nimport { db } from "~/lib/core/db.server";\n' +
      'export async function x() {\n  await db.insert(auditLog).values({ action: "a", summary: "b" });\n}\n';
    expect(await ruleIds("app/lib/members/todo.server.ts", code)).toContain("no-restricted-syntax");
    expect(await ruleIds("app/lib/core/audit.server.ts", code)).not.toContain("no-restricted-syntax");
  });

  it("authorisation goes through can(): no role named outside the role and permission tables, no address as a permission", async () => {
    const roleChecks = [
      'export const mayWrite = (roles: string[]) => roles.includes("article_manager");\n',
      'import { sql } from "drizzle-orm";\nimport { users } from "#db/schema";\nexport const admins = sql`\'admin\' = any(${users.roles})`;\n',
      'export const pending = (role: string) => role === "pré-inscrit";\n',
    ];
    for (const code of roleChecks) {
      expect(await ruleIds("app/lib/members/todo.server.ts", code), code).toContain("no-restricted-syntax");
      expect(await ruleIds("app/routes/member/users/list.tsx", code), code).toContain("no-restricted-syntax");
      expect(await ruleIds("app/components/users-admin-ui.tsx", code), code).toContain("no-restricted-syntax");
    }
    // The role and permission tables name the roles.
    expect(await ruleIds("app/lib/accounts/roles.ts", roleChecks[0]!)).not.toContain("no-restricted-syntax");
    expect(await ruleIds("app/lib/accounts/permissions.ts", roleChecks[0]!)).not.toContain("no-restricted-syntax");
    // A page's address is not a permission.
    const byAddress =
      'import { canOpen } from "~/lib/accounts/permissions";\n' +
      'export const x = (roles: string[]) => canOpen(roles, "/espace-membre/articles");\n';
    expect(await ruleIds("app/lib/content/write-links.ts", byAddress)).toContain("no-restricted-syntax");
    const bySection =
      'import { findSection } from "~/lib/accounts/permissions";\nexport const r = findSection("saison").roles;\n';
    expect(await ruleIds("app/lib/members/season-documents.server.ts", bySection)).toContain("no-restricted-syntax");
    // The way in: a capability.
    const byCapability =
      'import { can } from "~/lib/accounts/capabilities";\n' +
      'export const x = (user: { roles: string[] }) => can(user, "articles:edit");\n';
    expect(await ruleIds("app/routes/member/users/list.tsx", byCapability)).not.toContain("no-restricted-syntax");
  }, 120_000); // a dozen lint runs

  it("a page answers 400/403/404 through app/lib/http/responses.ts, never by throwing a Response", async () => {
    const code = 'export function loader() {\n  throw new Response("Introuvable", { status: 404 });\n}\n';
    expect(await ruleIds("app/routes/member/articles/edit.tsx", code)).toContain("no-restricted-syntax");
    // A resource route (a file, a feed) returns or throws its own Response.
    expect(await ruleIds("app/routes/resources/media.ts", code)).not.toContain("no-restricted-syntax");
  });
});

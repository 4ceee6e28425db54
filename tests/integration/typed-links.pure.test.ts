/**
 * Member-area addresses are written one way: React Router's `href()` with a path of the route
 * table (typed by `react-router typegen`, so a renamed or removed page fails the type check).
 * ESLint (eslint.config.js, NO_MEMBER_PATH_LITERAL) refuses a "/espace-membre…" string or
 * template anywhere else in app/ and server/; the permission table and the tests are exempt.
 * Linted with the project's own configuration, on virtual files placed in the tree.
 */
import path from "node:path";
import { ESLint } from "eslint";
import { href } from "react-router";
import { describe, expect, it } from "vitest";

const eslint = new ESLint({ cwd: process.cwd() });

async function refusals(file: string, code: string): Promise<number> {
  const [result] = await eslint.lintText(code, { filePath: path.resolve(file) });
  return (result?.messages ?? []).filter((m) => m.ruleId === "no-restricted-syntax").length;
}

// The first lint loads the type-aware program: slow on a busy machine.
describe("typed member-area links", { timeout: 180_000 }, () => {
  it("a member-area path written as a string or a template is refused in a page, a component, a module", async () => {
    const page =
      'import { Link, redirect } from "react-router";\n' +
      'export function action() {\n  return redirect("/espace-membre/examens?ok=conditions");\n}\n' +
      "export default function P({ id }: { id: string }) {\n" +
      "  return <Link to={`/espace-membre/utilisateurs/modifier/${id}`}>x</Link>;\n}\n";
    expect(await refusals("app/routes/member/exams/list.tsx", page)).toBe(2);
    const component =
      'import { Link } from "react-router";\nexport const A = () => <Link to="/espace-membre">x</Link>;\n';
    expect(await refusals("app/components/account-signed-in.tsx", component)).toBe(1);
    const module = 'export const USERS = "/espace-membre/utilisateurs";\n';
    expect(await refusals("app/lib/members/todo.server.ts", module)).toBe(1);
    expect(await refusals("server/index.ts", module)).toBe(1);
  });

  it("href() with a path of the route table is allowed, and so are other addresses and the permission table", async () => {
    const code =
      'import { href } from "react-router";\n' +
      'export const edit = (id: string) => href("/espace-membre/utilisateurs/modifier/:id", { id });\n' +
      'export const payments = `${href("/espace-membre/saison/paiements")}#alertes`;\n' +
      'export const signIn = "/connexion";\nexport const MEMBER = /^\\/espace-membre(\\/|$)/;\n';
    expect(await refusals("app/lib/members/todo.server.ts", code)).toBe(0);
    const table = 'export const MEMBER_AREA_PATH = "/espace-membre";\n';
    expect(await refusals("app/lib/accounts/permissions.ts", table)).toBe(0);
  });

  it("href() writes the same addresses as the literals it replaces", () => {
    expect(href("/espace-membre")).toBe("/espace-membre");
    expect(href("/espace-membre/utilisateurs/modifier/:id", { id: "u1" })).toBe(
      "/espace-membre/utilisateurs/modifier/u1",
    );
    expect(href("/espace-membre/contenu/reglages/:section", { section: "identite" })).toBe(
      "/espace-membre/contenu/reglages/identite",
    );
    expect(href("/espace-membre/saison/export/:fichier", { fichier: "licences.csv" })).toBe(
      "/espace-membre/saison/export/licences.csv",
    );
  });
});

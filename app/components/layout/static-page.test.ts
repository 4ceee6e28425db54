/**
 * Home served without React's scripts to a visitor, through the real request
 * handler: no module, no modulepreload, no router data, one inline script under the page's nonce
 * that counts "/" and names the rosters' caches; the phone menu's account area written at once.
 * Signed in, or on any other page, the scripts are there.
 */
import { Script } from "node:vm";
import { beforeAll, describe, expect, it } from "vitest";
import { seedDatabase } from "~/lib/core/seed.server";
import { app } from "../../../tests/helpers/app";
import { createUser } from "../../../tests/helpers/auth";

const MODULES = /<script[^>]+type="module"|<script[^>]+src=|<link rel="modulepreload"|__reactRouterContext/;

/** The inline scripts of a page (not the structured data). */
function inlineScripts(html: string): Array<{ attributes: string; text: string }> {
  return [...html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)]
    .filter((m) => !(m[1] ?? "").includes("application/ld+json"))
    .map((m) => ({ attributes: m[1] ?? "", text: m[2] ?? "" }));
}

beforeAll(async () => {
  await seedDatabase();
});

describe("home for a visitor", () => {
  it("loads no script of React's, only its own inline one, under the page's nonce", async () => {
    const res = await app.fetch("/");
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).not.toMatch(MODULES);
    const scripts = inlineScripts(html);
    expect(scripts).toHaveLength(1);
    // The request's nonce, as on the structured data (the server's CSP names it: server/index.ts).
    const nonce = /<script type="application\/ld\+json" nonce="([^"]+)"/.exec(html)?.[1];
    expect(nonce).toBeTruthy();
    expect(scripts[0]?.attributes).toContain(`nonce="${nonce}"`);
    const text = scripts[0]?.text ?? "";
    expect(text).toContain('"page":"/"');
    expect(text).toContain('"endpoint":"/api/audience"');
    expect(text).toContain('"rosterCaches":"^appel-.+-pages$"');
    // Its text is a whole function called with its options: nothing from a module it would miss.
    expect(() => new Script(text)).not.toThrow();
    // The phone menu's account area is written at once (the inline script only opens the panel).
    expect(html).toMatch(/<div id="menu-mobile"[\s\S]*data-testid="mobile-sign-in"/);
  });

  it("keeps React's scripts signed in, and on every other page", async () => {
    const { cookie } = await createUser({ prenom: "Soline", roles: ["membre"] });
    const signedIn = await (await app.fetch("/", { headers: { cookie } })).text();
    expect(signedIn).toMatch(MODULES);
    expect(inlineScripts(signedIn).some((s) => s.text.includes("staticPageScript"))).toBe(false);
    const other = await (await app.fetch("/tarifs-horaires")).text();
    expect(other).toMatch(MODULES);
    expect(other).not.toContain('data-testid="mobile-sign-in"');
  });
});

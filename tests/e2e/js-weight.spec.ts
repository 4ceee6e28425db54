/**
 * The JavaScript of the public pages, weighed on the production build like the benchmark
 * (scripts/page-javascript.ts; the target in docs/performance.md).
 *  - No public page loads more than 120 KB gzipped (React, React DOM and React Router alone
 *    weigh 106 KB).
 *  - Zod (its "$ZodError" class name) is on no public page when it loads:
 *    a form imports its validation on first use (focus or pointer).
 *  - Nor is the footer's code, nor the menus' links (their titles, descriptions and
 *    icons): the server writes them. Nor a signed-in user's account area, nor an error
 *    page's message: loaded where shown (React's `lazy`). Nor
 *    the public text around the forms (the club's details): the server writes it. The forms
 *    themselves, with their token, honeypot, note on personal data and confirmation, are React.
 *  - Then the form validates in the browser, without sending anything, and
 *    without a CSP violation (Zod's probe for eval, off in the browser).
 *  - A page's scripts and stylesheet load, and the page hydrates.
 *  - Home, for a visitor, loads none: its own inline script only.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { PUBLIC_PAGES } from "../../app/lib/club/public-pages";
import { gzippedSizes, pageScripts, PUBLIC_PAGE_JS_BUDGET } from "../../scripts/page-javascript";
import { expect, gotoHydrated, test } from "./fixtures";

const clientDir = path.resolve(process.env.BUILD_DIR ?? "build", "client");

test("every public page loads at most 120 KB of JavaScript (gzip), no Zod, no footer code, no menu links", async ({
  request,
}) => {
  const weights: string[] = [];
  let worst = 0;
  for (const page of PUBLIC_PAGES) {
    const html = await (await request.get(page)).text();
    const scripts = pageScripts(html);
    // Home is served without React's scripts to a visitor; every other page hydrates.
    if (page === "/") expect(scripts, "home: no script").toEqual([]);
    else expect(scripts.length, `${page}: scripts`).toBeGreaterThan(0);
    const total = gzippedSizes(clientDir, scripts).reduce((sum, s) => sum + s.bytes, 0);
    worst = Math.max(worst, total);
    weights.push(`${page} ${(total / 1024).toFixed(1)} KB`);
    for (const script of scripts) {
      const text = readFileSync(path.join(clientDir, script.replace(/^\//, "")), "utf8");
      expect(text.includes('"$ZodError"'), `${page} loads Zod in ${script}`).toBe(false);
      expect(text.includes("site-footer"), `${page} loads the footer's code in ${script}`).toBe(false);
      // A menu card's description.
      expect(text.includes("planches humoristiques"), `${page} loads the menus' links in ${script}`).toBe(false);
      expect(text.includes("account-first-name"), `${page} loads the account area in ${script}`).toBe(false);
      expect(text.includes("La demande envoyée"), `${page} loads the error message in ${script}`).toBe(false);
      expect(text.includes("Coordonnées du club"), `${page} loads the club's details in ${script}`).toBe(false);
    }
  }
  expect(worst, weights.join("\n")).toBeLessThanOrEqual(PUBLIC_PAGE_JS_BUDGET);
});

test("a public form loads its validation on first focus, then checks in the browser without a request", async ({
  page,
}) => {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener("securitypolicyviolation", (e) => seen.push(e.violatedDirective));
  });
  const loaded: string[] = [];
  page.on("response", (res) => {
    if (res.url().includes("/assets/")) loaded.push(res.url());
  });
  await gotoHydrated(page, "/contact");
  const before = loaded.length;
  const posts: string[] = [];
  page.on("request", (req) => {
    if (req.method() !== "GET") posts.push(req.url());
  });
  const email = page.getByLabel("Adresse e-mail");
  await email.focus();
  await expect.poll(() => loaded.length, { message: "the validation code loads on focus" }).toBeGreaterThan(before);
  // Wait until the code is there (the import may still be running), then leave the field with a wrong address.
  await expect(async () => {
    await email.focus();
    await email.fill("pas-une-adresse");
    await page.getByLabel(/^Nom/).focus();
    await expect(page.getByText("Cette adresse e-mail n'est pas valide", { exact: false })).toBeVisible({
      timeout: 500,
    });
  }).toPass();
  await expect(email).toHaveAttribute("aria-invalid", "true");
  expect(posts, "nothing sent to the server").toEqual([]);
  expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
});

test("a public page's scripts load beside its stylesheet, and the page comes alive", async ({ page }) => {
  const loaded: string[] = [];
  page.on("response", (res) => loaded.push(new URL(res.url()).pathname));
  await gotoHydrated(page, "/tarifs-horaires");
  expect(loaded.some((url) => url.endsWith(".js"))).toBe(true);
  expect(loaded.some((url) => url.endsWith(".css"))).toBe(true);
});

/**
 * Every public route of the spec's table renders: HTTP 200, a unique French
 * <title>, a meta description, a canonical link, exactly one visible h1, and
 * no axe-core violation and no sideways scrolling, at 390 px and at 1366 px. Plus: redirects, 404, the donation frame and the
 * downloadable documents.
 */
import { PUBLIC_PAGES } from "../../app/lib/club/public-pages";
import { expect, gotoHydrated, axeViolations, test } from "./fixtures";

const PUBLIC_ROUTES = PUBLIC_PAGES;

// Axe finds nothing on every public page on a phone (390 px) and a laptop (1366 px).
for (const width of [390, 1366]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });
    for (const path of PUBLIC_ROUTES) {
      test(`${path} renders with its title, description, canonical link, one h1, no sideways scrolling and no axe violation`, async ({
        page,
      }) => {
        const res = await gotoHydrated(page, path);
        expect(res?.status(), `${path} status`).toBe(200);
        const title = await page.title();
        expect(title.trim().length).toBeGreaterThan(0);
        await expect(page.locator('head meta[name="description"]')).toHaveAttribute("content", /\S.{19,}/);
        await expect(page.locator('head link[rel="canonical"]')).toHaveAttribute(
          "href",
          new RegExp(`${path === "/" ? "/" : path}$`),
        );
        expect(await page.locator("h1").count(), `${path}: exactly one h1`).toBe(1);
        await expect(page.locator("h1")).toBeVisible();
        const { scroll, inner } = await page.evaluate(() => ({
          scroll: document.documentElement.scrollWidth,
          inner: window.innerWidth,
        }));
        expect(scroll, `${path}: page width`).toBeLessThanOrEqual(inner);
        expect(await axeViolations(page), `${width} px ${path}`).toEqual([]);
      });
    }
  });
}

test("every public page has its own title", async ({ request }) => {
  const titles = new Map<string, string>();
  for (const path of PUBLIC_ROUTES) {
    const html = await (await request.get(path)).text();
    const title = /<title>([^<]*)<\/title>/.exec(html)?.[1]?.trim() ?? "";
    expect(title, `${path} has a title`).not.toBe("");
    titles.set(path, title);
  }
  const seen = new Map<string, string>();
  for (const [path, title] of titles) {
    expect(seen.get(title), `${path} and ${seen.get(title)} share the title « ${title} »`).toBeUndefined();
    seen.set(title, path);
  }
});

test("the art section index redirects to the presentation", async ({ page, request }) => {
  const res = await request.get("/le-vovinam-viet-vo-dao", { maxRedirects: 0 });
  expect([301, 302, 307, 308]).toContain(res.status());
  expect(res.headers()["location"]).toMatch(/\/le-vovinam-viet-vo-dao\/presentation$/);
  await gotoHydrated(page, "/le-vovinam-viet-vo-dao");
  await expect(page).toHaveURL(/\/le-vovinam-viet-vo-dao\/presentation$/);
});

test("an unknown path answers the not-found page with status 404", async ({ page }) => {
  const res = await gotoHydrated(page, "/cette-page-n-existe-pas/vraiment");
  expect(res?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "Page introuvable" })).toBeVisible();
});

test("the donation page frames the HelloAsso widget and always offers a plain link", async ({ page }) => {
  await gotoHydrated(page, "/faire-un-don");
  const frame = page.locator("iframe");
  await expect(frame).toHaveCount(1);
  await expect(frame).toHaveAttribute("src", /^https:\/\/www\.helloasso\.com\/associations\/.+\/widget$/);
  await expect(frame).toHaveAttribute("title", /HelloAsso/);
  await expect(frame).toHaveAttribute("loading", "lazy");
  await expect(frame).toHaveAttribute("allow", "payment");
  const link = page.getByRole("link", { name: /formulaire de don sur HelloAsso/ });
  await expect(link).toHaveAttribute("href", /^https:\/\/www\.helloasso\.com\/associations\//);
  await expect(page.getByText("un don de 50 €", { exact: false })).toBeVisible();
  await expect(page.getByText(/17\s€/).first()).toBeVisible();
});

test("each registration document downloads as a PDF", async ({ page, request }) => {
  await gotoHydrated(page, "/inscription-documents");
  const links = page.getByRole("link", { name: /^Télécharger/ });
  const hrefs = await links.evaluateAll((els) => els.map((el) => el.getAttribute("href") ?? ""));
  expect(hrefs.length).toBeGreaterThanOrEqual(3);
  for (const href of hrefs) {
    const res = await request.get(href);
    expect(res.status(), href).toBe(200);
    expect(res.headers()["content-type"], href).toMatch(/^application\/pdf/);
    expect((await res.body()).subarray(0, 5).toString()).toBe("%PDF-");
  }
  await expect(links.first()).toContainText("PDF");
});

test("robots.txt and sitemap.xml are served", async ({ request }) => {
  const robots = await request.get("/robots.txt");
  expect(robots.status()).toBe(200);
  expect(await robots.text()).toMatch(/Sitemap: https?:\/\/[^\s]+\/sitemap\.xml/);
  const sitemap = await request.get("/sitemap.xml");
  expect(sitemap.status()).toBe(200);
  expect(sitemap.headers()["content-type"]).toMatch(/^application\/xml/);
  const xml = await sitemap.text();
  expect(xml).toContain("/tarifs-horaires</loc>");
  expect(xml).not.toContain("/espace-membre");
});

/**
 * The public site's media, at 390 px and 1366 px with axe:
 * drawn illustrations on the news, the audience beacon (counted on cached
 * pages too, never after the opt-out on the legal page), the dashboard's
 * audience card, the teachers (admin form, public page, menu link only while
 * teachers exist) and photos with consent (shown under the article, gone at
 * once when withdrawn). Screenshots in test-results/.
 */
import { e2eUser, signInWithForm } from "./auth-helpers";
import { axeViolations, expect, gotoHydrated, test } from "./fixtures";

const PNG_1PX = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);

// Headless Chromium announces itself as a bot (not counted, rightly): look like a desktop browser.
test.use({
  userAgent: "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
});

test("home, served without React's scripts to a visitor, counts its visit with the referring site, never after the opt-out", async ({
  page,
}) => {
  // The page's inline script sends the beacon once the page is loaded.
  const beacons: URLSearchParams[] = [];
  page.on("request", (r) => {
    if (r.url().includes("/api/audience")) beacons.push(new URL(r.url()).searchParams);
  });
  await page.goto("/", { referer: "https://www.example.org/annuaire-des-clubs" });
  await expect.poll(() => beacons.length).toBe(1);
  expect(beacons[0]?.get("page")).toBe("/");
  expect(beacons[0]?.get("ref")).toBe("example.org");
  expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();

  // Refused on the legal page (the same flag in this browser's storage): home no longer counts.
  await page.evaluate(() => localStorage.setItem("club-mesure-audience", "refusee"));
  await page.goto("/");
  await page.waitForLoadState("load");
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 50)));
  await page.waitForTimeout(300);
  expect(beacons.length).toBe(1);
  expect(await page.context().cookies()).toEqual([]);
});

for (const width of [390, 1366]) {
  test(`news illustrations, audience beacon and its opt-out at ${width} px; axe`, async ({ page, browser }) => {
    await page.setViewportSize({ width, height: 900 });
    const beacons: string[] = [];
    page.on("request", (r) => {
      if (r.url().includes("/api/audience")) beacons.push(new URL(r.url()).searchParams.get("page") ?? "");
    });

    await gotoHydrated(page, "/la-vie-du-club/actualites");
    const drawings = page.locator('img[src^="/illustrations/"]');
    expect(await drawings.count()).toBeGreaterThan(1);
    const sources = await drawings.evaluateAll((els) => els.map((e) => e.getAttribute("src")));
    expect(new Set(sources).size).toBe(sources.length);
    await expect(drawings.first()).toHaveAttribute("alt", "");
    expect(await drawings.first().evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    expect(await axeViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await page.screenshot({ path: `test-results/media-actualites-${width}.png`, fullPage: true });
    await expect.poll(() => beacons).toContain("/la-vie-du-club/actualites");

    // A page served from the page cache is counted too (the beacon runs in the browser). A write
    // by a test running beside this one empties the cache: load again until an answer is a hit.
    const newsBeacons = () => beacons.filter((b) => b === "/la-vie-du-club/actualites").length;
    let hit = false;
    for (let tries = 0; tries < 5 && !hit; tries++) {
      const counted = newsBeacons();
      const again = await page.goto("/la-vie-du-club/actualites");
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
      hit = again?.headers()["x-page-cache"] === "hit";
      await expect.poll(newsBeacons).toBe(counted + 1);
    }
    expect(hit).toBe(true);

    await page.locator('a[href^="/la-vie-du-club/actualites/"]').first().click();
    await page.waitForURL(/\/actualites\/\d+/);
    await expect(page.locator("main figure img[src^='/illustrations/']")).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    const ogImage = await page.locator('meta[property="og:image"]').getAttribute("content");
    expect(ogImage).toMatch(/\/illustrations\/[a-z]+-[0-9a-f]{8}\.png$|\/media\//);
    await page.screenshot({ path: `test-results/media-article-${width}.png`, fullPage: true });

    // Opt-out on the legal page, stored in this browser only; no cookie at any point.
    await gotoHydrated(page, "/mentions-legales");
    const status = page.getByTestId("audience-status");
    await expect(status).toHaveText("Vos visites sont comptées, sans cookie ni identifiant.");
    await page.getByRole("button", { name: "Refuser la mesure d’audience" }).click();
    await expect(status).toContainText("Vous avez refusé la mesure d’audience");
    expect(await axeViolations(page)).toEqual([]);
    await page
      .locator('section[aria-labelledby="mesure-audience-titre"]')
      .screenshot({ path: `test-results/media-opt-out-${width}.png` });
    const before = beacons.length;
    await gotoHydrated(page, "/contact");
    await gotoHydrated(page, "/tarifs-horaires");
    await page.waitForTimeout(300);
    expect(beacons.length).toBe(before);
    expect(await page.context().cookies()).toEqual([]);
    await gotoHydrated(page, "/mentions-legales");
    await page.getByRole("button", { name: "Accepter à nouveau la mesure d’audience" }).click();
    await gotoHydrated(page, "/contact");
    await expect.poll(() => beacons).toContain("/contact");

    // The admins see these views on the dashboard.
    const adminContext = await browser.newContext({ baseURL: new URL(page.url()).origin });
    const adminPage = await adminContext.newPage();
    const admin = e2eUser("admin");
    await signInWithForm(adminPage, admin.email, admin.password);
    await adminPage.waitForURL(/\/espace-membre/);
    await gotoHydrated(adminPage, "/espace-membre/contenu");
    const topPages = adminPage.getByTestId("audience-card").getByRole("table", { name: "Pages les plus vues" });
    await expect(topPages).toContainText("/la-vie-du-club/actualites");
    await expect(topPages).toContainText("/contact");
    await adminContext.close();

    // Global Privacy Control: never counted.
    const gpc = await browser.newContext({ baseURL: new URL(page.url()).origin });
    const other = await gpc.newPage();
    await other.addInitScript(() => Object.defineProperty(navigator, "globalPrivacyControl", { value: true }));
    let counted = 0;
    other.on("request", (r) => {
      if (r.url().includes("/api/audience")) counted++;
    });
    await other.goto("/equipement");
    await other.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    await other.waitForTimeout(300);
    expect(counted).toBe(0);
    await gpc.close();
  });

  test(`admin: audience card, teachers and photos with consent at ${width} px; axe`, async ({ page, playwright }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width, height: 900 });
    const admin = e2eUser("admin");
    await signInWithForm(page, admin.email, admin.password);
    await page.waitForURL(/\/espace-membre/);

    await gotoHydrated(page, "/espace-membre/contenu");
    const card = page.getByTestId("audience-card");
    await expect(card.getByRole("heading", { name: "Fréquentation du site public" })).toBeVisible();
    await expect(card.getByRole("img")).toBeVisible();
    // A click landing while the card re-renders can be lost: open the details until the table shows.
    await expect(async () => {
      if (!(await card.getByRole("table", { name: "Pages vues par jour" }).isVisible()))
        await card.getByText("Voir les chiffres jour par jour").click();
      await expect(card.getByRole("table", { name: "Pages vues par jour" })).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 15_000 });
    expect(await axeViolations(page)).toEqual([]);
    await card.screenshot({ path: `test-results/media-audience-card-${width}.png` });

    // A photo with identifiable members: refused without consent, then accepted.
    await gotoHydrated(page, "/espace-membre/articles/photos");
    expect(await axeViolations(page)).toEqual([]);
    // Unique per attempt: a retry must not find the first attempt's (withdrawn) photo under the same name.
    const alt = `Séance du samedi (${width}, essai ${test.info().retry + 1})`;
    await page
      .locator('input[type="file"][name="file"]')
      .setInputFiles({ name: "seance.png", mimeType: "image/png", buffer: PNG_1PX });
    await page.getByLabel("Description de la photo (texte alternatif)").fill(alt);
    // A PUBLISHED article (other specs add drafts, listed here too): the first one on the news page.
    const article = page.getByLabel("Article");
    const news = (await (await page.request.get("/la-vie-du-club/actualites")).text())
      .replaceAll("&#x27;", "'")
      .replaceAll("&quot;", '"')
      .replaceAll("&amp;", "&");
    const titles = (await article.locator("option").allTextContents()).slice(1).map((t) => t.trim());
    const firstArticle = titles.find((t) => news.includes(`>${t}<`));
    expect(firstArticle, "a published article among the choices").toBeTruthy();
    await article.selectOption({ label: firstArticle! });
    await page.getByLabel("Des personnes sont reconnaissables sur cette photo").check();
    await page.getByRole("button", { name: "Ajouter la photo" }).click();
    await expect(page.getByText("Sans l’accord des personnes reconnaissables").first()).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByLabel(/J’atteste que ces personnes/).check();
    if (!(await page.locator('input[type="file"][name="file"]').inputValue())) {
      await page
        .locator('input[type="file"][name="file"]')
        .setInputFiles({ name: "seance.png", mimeType: "image/png", buffer: PNG_1PX });
    }
    await page.getByRole("button", { name: "Ajouter la photo" }).click();
    await expect(page.getByText("La photo a été ajoutée.")).toBeVisible();
    const item = page.getByTestId("admin-photo").filter({ hasText: alt });
    await expect(item).toContainText("Accord déclaré par");
    await page.screenshot({ path: `test-results/media-photos-admin-${width}.png`, fullPage: true });

    await gotoHydrated(page, "/la-vie-du-club/actualites");
    await page.getByRole("link", { name: firstArticle!.trim() }).first().click();
    await page.waitForURL(/\/actualites\/\d+/);
    await expect(page.getByRole("img", { name: alt })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    const src = await page.getByRole("img", { name: alt }).getAttribute("src");
    const articlePage = new URL(page.url()).pathname;
    // The gallery shows it too, and its menu link appears.
    await gotoHydrated(page, "/la-vie-du-club/photos");
    await expect(page.getByTestId("gallery-photo").filter({ hasText: firstArticle!.trim() }).first()).toBeVisible();
    await expect(page.locator('footer a[href="/la-vie-du-club/photos"]')).toHaveCount(1);
    expect(await axeViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await page.screenshot({ path: `test-results/media-gallery-${width}.png`, fullPage: true });
    await gotoHydrated(page, articlePage);

    // An anonymous visitor gets the page from the page cache (second request).
    const anonymous = await playwright.request.newContext({ baseURL: new URL(page.url()).origin });
    const articleUrl = new URL(page.url()).pathname;
    // (Another worker's POST empties the cache at any moment: a few tries until two GETs fall in a quiet spell.)
    let cached = await anonymous.get(articleUrl);
    for (let i = 0; i < 5 && cached.headers()["x-page-cache"] !== "hit"; i++) cached = await anonymous.get(articleUrl);
    expect(cached.headers()["x-page-cache"]).toBe("hit");
    expect(await cached.text()).toContain(alt);

    // Consent withdrawn: gone from the article and from /media at once.
    await gotoHydrated(page, "/espace-membre/articles/photos");
    await item
      .getByRole("button", {
        name: `Retirer la photo « ${alt} »`.replace(/« | »/g, (m) => (m === "« " ? "«\u00a0" : "\u00a0»")),
      })
      .click();
    await expect(page.getByText(/La photo a été retirée/)).toBeVisible();
    await gotoHydrated(page, "/la-vie-du-club/actualites");
    await page.getByRole("link", { name: firstArticle!.trim() }).first().click();
    await page.waitForURL(/\/actualites\/\d+/);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByRole("img", { name: alt })).toHaveCount(0);
    expect((await page.request.get(src!)).status()).toBe(404);
    expect(await (await page.request.get("/la-vie-du-club/photos")).text()).not.toContain(alt);
    // ...and the anonymous cached copy went with it.
    expect(await (await anonymous.get(articleUrl)).text()).not.toContain(alt);
    await anonymous.dispose();

    // Teachers: hidden until entered, then on their page and in the menu; removed at the end.
    await gotoHydrated(page, "/espace-membre/contenu/enseignants");
    expect(await axeViolations(page)).toEqual([]);
    const name = `Enseignant essai ${width}-${test.info().retry + 1}`;
    const form = page
      .locator("form")
      .filter({ has: page.getByRole("heading", { name: "Ajouter un enseignant ou une enseignante" }) });
    await form.getByLabel("Nom").fill(name);
    await form.getByLabel("Grade").fill("2e dang");
    await form.getByLabel("Diplôme d’enseignement (facultatif)").fill("DIF");
    await form.getByRole("checkbox").first().check();
    await form.getByRole("button", { name: "Ajouter" }).click();
    await expect(page.getByText("Les informations de l’enseignant ont été enregistrées.")).toBeVisible();
    await page.screenshot({ path: `test-results/media-teachers-admin-${width}.png`, fullPage: true });

    await gotoHydrated(page, "/la-vie-du-club/enseignants");
    await expect(page.getByRole("heading", { name })).toBeVisible();
    await expect(page.getByTestId("teacher").filter({ hasText: name })).toContainText("2e dang, DIF");
    expect(await axeViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await expect(page.locator(`footer a[href="/la-vie-du-club/enseignants"]`)).toHaveCount(1);
    await page.screenshot({ path: `test-results/media-teachers-${width}.png`, fullPage: true });

    await gotoHydrated(page, "/espace-membre/contenu/enseignants");
    await page.getByRole("button", { name: `Retirer ${name} de la liste` }).click();
    await expect(page.getByText("L’enseignant a été retiré de la liste.")).toBeVisible();
    expect((await page.request.get("/la-vie-du-club/enseignants")).status()).toBe(404);
  });
}

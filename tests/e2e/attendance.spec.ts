/**
 * Attendance on a phone, on the production server:
 * an admin ties the instructor fixture account to every class; the instructor,
 * on a 390 px screen, opens a session, marks a child present, loses the
 * network (context.setOffline), marks another one (kept on the phone), gets
 * the network back: the marks reach the server (seen from another browser).
 * From the first visit to the list, the list and the rosters of
 * today's and the coming days' classes open without network.
 * axe finds nothing on the new pages at 390 and 1366 px.
 * The family « Famille Appel » (two children in every group) comes from
 * tests/e2e/seed-mat.ts, written by the global setup.
 */
import { type Browser, type Page } from "@playwright/test";
import { e2eUser, signInWithForm } from "./auth-helpers";
import { axeViolations, expect, gotoHydrated, test, untilInteractive } from "./fixtures";
import { pastSession } from "./mat-helpers";

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 900 };

async function signedIn(browser: Browser, role: "admin" | "enseignant", viewport = PHONE): Promise<Page> {
  const context = await browser.newContext({ baseURL: process.env.E2E_BASE_URL, viewport });
  const page = await context.newPage();
  const { email, password } = e2eUser(role);
  await signInWithForm(page, email, password);
  await page.waitForURL(/\/espace-membre/);
  return page;
}

test.describe.configure({ mode: "serial" });

test("an admin ties the instructor to the classes", async ({ browser }) => {
  const admin = await signedIn(browser, "admin", DESKTOP);
  await gotoHydrated(admin, "/espace-membre/contenu/enseignants-des-cours");
  const section = admin.getByRole("region", { name: "Essai enseignant" });
  for (const box of await section.getByRole("checkbox").all()) await box.check();
  await section.getByRole("button", { name: /^Enregistrer les cours/ }).click();
  await expect(admin.getByText("Les cours de l’enseignant ont été enregistrés.")).toBeVisible();
  expect(await axeViolations(admin)).toEqual([]);
  await admin.context().close();
});

test("an instructor takes attendance on a phone, offline and back online", async ({ browser }) => {
  const page = await signedIn(browser, "enseignant");
  await gotoHydrated(page, "/espace-membre/appel");
  await expect(page.getByRole("heading", { level: 1, name: "Appel" })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await page.screenshot({ path: "test-results/appel-liste-390.png", fullPage: true });

  const url = await pastSession(page);
  await gotoHydrated(page, url);
  const first = page.getByRole("button", { name: /^Présen(?:t|te|ce) : Bao/ });
  const second = page.getByRole("button", { name: /^Présen(?:t|te|ce) : Chi/ });
  await expect(first).toHaveAttribute("aria-pressed", "false");
  await first.click();
  await expect(first).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByRole("status").filter({ hasText: "Toutes les présences sont enregistrées." })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem("appel:marques:v1"))).toBe("[]");

  await page.context().setOffline(true);
  await second.click();
  await expect(second).toHaveAttribute("aria-pressed", "true");
  await expect(
    page.getByText("Hors connexion : 1 présence gardée sur ce téléphone, envoyée au retour du réseau."),
  ).toBeVisible();
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem("appel:marques:v1") ?? "[]").length)).toBe(1);
  expect(await axeViolations(page)).toEqual([]);
  await page.screenshot({ path: "test-results/appel-seance-390-hors-ligne.png", fullPage: true });

  await page.context().setOffline(false);
  await expect(page.getByText("Toutes les présences sont enregistrées.")).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem("appel:marques:v1"))).toBe("[]");

  // Seen from another browser (an admin on a computer): both marks are on the server.
  const admin = await signedIn(browser, "admin", DESKTOP);
  await gotoHydrated(admin, url);
  await expect(admin.getByRole("button", { name: /^Présen(?:t|te|ce) : Bao/ })).toHaveAttribute("aria-pressed", "true");
  await expect(admin.getByRole("button", { name: /^Présen(?:t|te|ce) : Chi/ })).toHaveAttribute("aria-pressed", "true");
  expect(await axeViolations(admin)).toEqual([]);
  await admin.screenshot({ path: "test-results/appel-seance-1366.png", fullPage: true });
  await admin.context().close();
  await page.context().close();
});

test("without JavaScript, a tap is a form sent to the server", async ({ browser }) => {
  const context = await browser.newContext({
    baseURL: process.env.E2E_BASE_URL,
    viewport: PHONE,
    javaScriptEnabled: false,
  });
  const page = await context.newPage();
  const { email, password } = e2eUser("enseignant");
  await page.goto("/connexion");
  await page.getByLabel("Adresse e-mail").fill(email);
  await page.getByLabel(/^Mot de passe/).fill(password);
  await page.getByRole("button", { name: "Se connecter", exact: true }).click();
  await page.waitForURL(/\/espace-membre/);
  const url = await pastSession(page);
  await page.goto(url);
  const first = page.getByRole("button", { name: /^Présen(?:t|te|ce) : Bao/ });
  const before = await first.getAttribute("aria-pressed");
  await first.click();
  await page.waitForURL(new RegExp(`${url}#p-\\d+$`));
  await expect(page.getByRole("button", { name: /^Présen(?:t|te|ce) : Bao/ })).toHaveAttribute(
    "aria-pressed",
    before === "true" ? "false" : "true",
  );
  await context.close();
});

test("from the first visit, the list and its classes open without network, and a mark taken offline is sent", async ({
  browser,
}) => {
  const page = await signedIn(browser, "enseignant");
  // The list, opened once: the worker is installed by this visit, and the page was loaded before it.
  await gotoHydrated(page, "/espace-membre/appel");
  const manifest = await page.locator('link[rel="manifest"]').getAttribute("href");
  expect(manifest).toBe("/appel.webmanifest");
  expect((await page.request.get(manifest!)).ok()).toBe(true);
  // Every other page keeps the site's own manifest.
  expect(await (await page.request.get("/espace-membre/presences")).text()).toContain(
    '<link rel="manifest" href="/site.webmanifest"',
  );
  await page.waitForFunction(() => !!navigator.serviceWorker.controller);
  await expect(
    page.getByRole("status").filter({ hasText: /^Gardées sur ce téléphone pour l’appel sans réseau/ }),
  ).toBeVisible();
  await page.screenshot({ path: "test-results/appel-liste-gardee-390.png", fullPage: true });

  // The sessions listed: today's first when the club has a class today, then the coming days'.
  const links = await page
    .locator('main a[href^="/espace-membre/appel/"]')
    .evaluateAll((as) => as.map((a) => a.getAttribute("href")!));
  const dayOf = (href: string) => /\/(\d{4}-\d{2}-\d{2})-/.exec(href)![1]!;
  const first = links[0]!;
  const later = links.find((href) => dayOf(href) > dayOf(first))!;
  expect(later, "a class on a coming day").toBeTruthy();
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Paris" }).format(new Date());
  test.info().annotations.push({
    type: "sessions",
    description: `${dayOf(first) === today ? "cours du jour" : "pas de cours aujourd’hui, premier cours"} ${first}, jour suivant ${later}`,
  });
  const kept = await keptRosters(page);
  for (const path of ["/espace-membre/appel", ...links]) expect(kept).toContain(path);

  // A past session, opened once too (marks are taken up to today; the list shows today and later).
  const past = await pastSession(page);
  await gotoHydrated(page, past);
  await expect.poll(() => keptRosters(page)).toContain(past);

  await page.context().setOffline(true);
  await page.goto("/espace-membre/appel");
  await untilInteractive(page);
  await expect(page.getByRole("heading", { level: 1, name: "Appel" })).toBeVisible();
  // Links followed inside the page (React Router's navigation) find their kept roster.
  await page.locator(`main a[href="${first}"]`).click();
  await expect(page).toHaveURL(new RegExp(`${first}$`));
  await expect(page.getByText(/Bao/).first()).toBeVisible();
  await page.goBack();
  await expect(page.getByRole("heading", { level: 1, name: "Appel" })).toBeVisible();
  await page.locator(`main a[href="${later}"]`).click();
  await expect(page).toHaveURL(new RegExp(`${later}$`));
  await expect(page.getByText(/Chi/).first()).toBeVisible();
  await page.screenshot({ path: "test-results/appel-seance-a-venir-hors-ligne-390.png", fullPage: true });
  // Reloaded without network too.
  await page.reload();
  await untilInteractive(page);
  await expect(page.getByText(/Chi/).first()).toBeVisible();

  // A mark taken offline on a kept roster waits on the phone, then reaches the server.
  await gotoHydrated(page, past);
  const bao = page.getByRole("button", { name: /^Présen(?:t|te|ce) : Bao/ });
  const wasPresent = (await bao.getAttribute("aria-pressed")) === "true";
  await bao.click();
  await expect(bao).toHaveAttribute("aria-pressed", String(!wasPresent));
  await expect(
    page.getByText("Hors connexion : 1 présence gardée sur ce téléphone, envoyée au retour du réseau."),
  ).toBeVisible();
  await page.context().setOffline(false);
  await expect(page.getByText("Toutes les présences sont enregistrées.")).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem("appel:marques:v1"))).toBe("[]");
  const admin = await signedIn(browser, "admin", DESKTOP);
  await gotoHydrated(admin, past);
  await expect(admin.getByRole("button", { name: /^Présen(?:t|te|ce) : Bao/ })).toHaveAttribute(
    "aria-pressed",
    String(!wasPresent),
  );
  await admin.context().close();

  // Other pages of the member area are not the worker's: never kept.
  const everything = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const key of await caches.keys())
      for (const r of await (await caches.open(key)).keys()) urls.push(new URL(r.url).pathname);
    return urls;
  });
  expect(everything.length).toBeGreaterThan(0);
  expect(
    everything.filter((u) => !u.startsWith("/espace-membre/appel") && !u.startsWith("/assets/") && u !== "/__manifest"),
  ).toEqual([]);
  expect(everything.filter((u) => u.includes("/urgence"))).toEqual([]);
  await page.context().close();
});

for (const viewport of [PHONE, DESKTOP]) {
  test(`axe finds nothing on the new pages at ${viewport.width} px`, async ({ browser }) => {
    test.setTimeout(120_000);
    const instructor = await signedIn(browser, "enseignant", viewport);
    const url = await pastSession(instructor);
    for (const path of ["/espace-membre/appel", url, `${url}/urgence`]) {
      await gotoHydrated(instructor, path);
      expect(await axeViolations(instructor), `${path} ${viewport.width}`).toEqual([]);
      await instructor.screenshot({
        path: `test-results/appel${path.replace(/\//g, "_")}-${viewport.width}.png`,
        fullPage: true,
      });
    }
    await instructor.context().close();

    const admin = await signedIn(browser, "admin", viewport);
    for (const path of ["/espace-membre/assiduite", "/espace-membre/contenu/enseignants-des-cours"]) {
      await gotoHydrated(admin, path);
      expect(await axeViolations(admin), `${path} ${viewport.width}`).toEqual([]);
      await admin.screenshot({
        path: `test-results/appel${path.replace(/\//g, "_")}-${viewport.width}.png`,
        fullPage: true,
      });
    }
    await admin.context().close();

    const familyContext = await browser.newContext({ baseURL: process.env.E2E_BASE_URL, viewport });
    const family = await familyContext.newPage();
    await signInWithForm(family, "e2e-famille-appel@exemple.fr", process.env.E2E_USER_PASSWORD!);
    await family.waitForURL(/\/espace-membre/);
    await gotoHydrated(family, "/espace-membre/presences");
    await expect(family.getByRole("heading", { level: 1, name: "Présences" })).toBeVisible();
    expect(await axeViolations(family), `/espace-membre/presences ${viewport.width}`).toEqual([]);
    await family.screenshot({ path: `test-results/appel_presences-${viewport.width}.png`, fullPage: true });
    await familyContext.close();
  });
}

/** Paths of the attendance pages the web app keeps on this device (caches `appel-<version>-pages`). */
function keptRosters(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const urls: string[] = [];
    for (const key of await caches.keys())
      if (/^appel-.+-pages$/.test(key))
        for (const r of await (await caches.open(key)).keys()) urls.push(new URL(r.url).pathname);
    return urls;
  });
}

/** Opens a session page once: the web app's worker keeps its roster. */
async function keepRoster(page: Page): Promise<string> {
  const url = await pastSession(page);
  await gotoHydrated(page, url);
  await expect.poll(() => keptRosters(page)).toContain(`${url}.data`);
  return url;
}

/** Offline, the session page no longer opens: nothing of its roster is left on the phone. */
async function expectRosterGoneOffline(page: Page, url: string) {
  await page.context().setOffline(true);
  await page.goto(url).catch(() => undefined); // the browser's own "no network" page
  await expect(page.getByRole("button", { name: /^Présen(?:t|te|ce) : Bao/ })).toHaveCount(0);
  await page.context().setOffline(false);
}

test("signing out on the phone forgets the kept rosters, once the marks still waiting are sent", async ({
  browser,
}) => {
  const page = await signedIn(browser, "enseignant");
  const url = await keepRoster(page);
  // A mark taken without network and not sent yet (the page was left before the network came back).
  const chi = page.getByRole("button", { name: /^Présen(?:t|te|ce) : Chi/ });
  const wasPresent = (await chi.getAttribute("aria-pressed")) === "true";
  const profileId = Number(
    await page.getByRole("listitem").filter({ has: chi }).locator('input[name="profileId"]').getAttribute("value"),
  );
  const [, date, slotId] = /\/(\d{4}-\d{2}-\d{2})-(.+)$/.exec(url)!;
  await gotoHydrated(page, "/espace-membre");
  const mark = { date, slotId, profileId, present: !wasPresent, clientMarkId: `e2e-sortie-${Date.now()}` };
  await page.evaluate(
    (m) => localStorage.setItem("appel:marques:v1", JSON.stringify([{ ...m, markedAt: new Date().toISOString() }])),
    mark,
  );

  await page.getByRole("button", { name: "Menu" }).click();
  await page.getByTestId("mobile-account").getByRole("button", { name: "Déconnexion" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("button", { name: "Menu" })).toBeVisible();
  await expect.poll(() => keptRosters(page)).toEqual([]);
  // The waiting mark left with the instructor's session before it ended.
  expect(await page.evaluate(() => localStorage.getItem("appel:marques:v1"))).toBe("[]");
  await expectRosterGoneOffline(page, url);

  const admin = await signedIn(browser, "admin", DESKTOP);
  await gotoHydrated(admin, url);
  await expect(admin.getByRole("button", { name: /^Présen(?:t|te|ce) : Chi/ })).toHaveAttribute(
    "aria-pressed",
    String(!wasPresent),
  );
  await admin.context().close();
  await page.context().close();
});

test("a sign-out posted before the page is interactive, or a session ended elsewhere, also forgets the rosters", async ({
  browser,
}) => {
  // The form posted by the browser itself, as without JavaScript: the page seen signed out afterwards forgets.
  const page = await signedIn(browser, "enseignant");
  const url = await keepRoster(page);
  await page.evaluate(() => {
    const form = document.querySelector<HTMLFormElement>('form[action="/deconnexion"]')!;
    HTMLFormElement.prototype.submit.call(form);
  });
  await expect(page).toHaveURL(/\/$/);
  await expect.poll(() => keptRosters(page)).toEqual([]);
  await expectRosterGoneOffline(page, url);
  await page.context().close();

  // The session ended on the server's side (cookies gone): the next page seen signed out forgets.
  const other = await signedIn(browser, "enseignant");
  const kept = await keepRoster(other);
  await other.context().clearCookies();
  await gotoHydrated(other, "/tarifs-horaires");
  await expect.poll(() => keptRosters(other)).toEqual([]);
  await expectRosterGoneOffline(other, kept);
  await other.context().close();
});

test("marks left on the phone are sent from the attendance list, and a refused one is shown with its reason", async ({
  browser,
}) => {
  const page = await signedIn(browser, "enseignant");
  const url = await pastSession(page);
  await gotoHydrated(page, url);
  const bao = page.getByRole("button", { name: /^Présen(?:t|te|ce) : Bao/ });
  const wasPresent = (await bao.getAttribute("aria-pressed")) === "true";
  const profileId = Number(
    await page.getByRole("listitem").filter({ has: bao }).locator('input[name="profileId"]').getAttribute("value"),
  );
  const [, date, slotId] = /\/(\d{4}-\d{2}-\d{2})-(.+)$/.exec(url)!;
  await gotoHydrated(page, "/espace-membre");
  // Left by an earlier visit: one mark of this session, one of a class that does not exist.
  const stamp = Date.now();
  await page.evaluate(
    (marks) =>
      localStorage.setItem(
        "appel:marques:v1",
        JSON.stringify(marks.map((m) => ({ ...m, markedAt: new Date().toISOString() }))),
      ),
    [
      { date, slotId, profileId, present: !wasPresent, clientMarkId: `e2e-liste-${stamp}` },
      { date, slotId: "cours-inconnu", profileId, present: true, clientMarkId: `e2e-inconnu-${stamp}` },
    ],
  );
  await gotoHydrated(page, "/espace-membre/appel");
  const report = page.getByRole("alert");
  await expect(report).toContainText("1 présence prise sur ce téléphone a été envoyée.");
  await expect(report).toContainText("1 présence prise sur ce téléphone a été refusée");
  await expect(report.getByRole("listitem")).toContainText(/cours cours-inconnu\s: Cette séance n’existe pas/);
  expect(await page.evaluate(() => localStorage.getItem("appel:marques:v1"))).toBe("[]");
  expect(await axeViolations(page)).toEqual([]);
  await page.screenshot({ path: "test-results/appel-marques-restees-390.png", fullPage: true });
  await gotoHydrated(page, url);
  await expect(bao).toHaveAttribute("aria-pressed", String(!wasPresent));
  await page.context().close();
});

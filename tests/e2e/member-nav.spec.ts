/**
 * The member area's navigation, grouped by area (issue 54): an administrator sees the areas'
 * names beside the page on a wide screen and one collapsible group per area on a phone, the
 * page shown marked (also after a navigation in the browser, which does not reload the page);
 * a plain member sees a short flat list. Member home's « Mes pages » is grouped the same way.
 * Each entry is one link (one list, restyled by CSS between the two widths). Axe finds nothing
 * at 390 and 1366 px.
 */
import type { Page } from "@playwright/test";
import { axeViolations, expect, gotoHydrated, test } from "./fixtures";
import { e2eUser, signInRequest, signInWithForm, type FixtureRole } from "./auth-helpers";

const AREAS = [
  "Moi et ma famille",
  "La saison",
  "Sur le tatami",
  "Le contenu du site",
  "L'association",
  "L'exploitation",
];

async function signIn(page: Page, role: FixtureRole) {
  const { email, password } = e2eUser(role);
  await signInWithForm(page, email, password);
  await expect(page).toHaveURL(/\/espace-membre/);
}

/** With SCREENSHOTS set: the whole page, to look at (in that folder, test-results/screens by default). */
async function shoot(page: Page, name: string, fullPage = true) {
  const dir = process.env.SCREENSHOTS === "1" ? "test-results/screens" : process.env.SCREENSHOTS;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png`, fullPage });
}

const memberNav = (page: Page) => page.getByRole("navigation", { name: "Espace membre" });
/** The entry a user sees marked as the page shown. */
const currentEntry = (page: Page) => memberNav(page).locator('a[aria-current="page"]:visible');

test.describe("at 1366 px", () => {
  test.use({ viewport: { width: 1366, height: 900 } });

  test("an administrator sees the areas beside the page, the page shown marked after a click", async ({ page }) => {
    await signIn(page, "admin");
    await gotoHydrated(page, "/espace-membre");
    const nav = memberNav(page);
    for (const area of AREAS) await expect(nav.getByRole("list", { name: area })).toBeVisible();
    await expect(nav.getByRole("list", { name: "Le contenu du site" }).getByRole("link")).toHaveText([
      "Contenu du site",
      "Articles",
      "Photos",
      "Événements",
    ]);
    // Beside the page: the navigation's column ends left of the page's heading.
    const navBox = await nav.boundingBox();
    const headingBox = await page.getByRole("heading", { level: 1 }).boundingBox();
    expect(navBox!.x + navBox!.width).toBeLessThanOrEqual(headingBox!.x);
    await expect(currentEntry(page)).toHaveText("Accueil");
    // Each entry once: the phone's groups and the side column are the same links.
    await expect(nav.getByRole("link", { name: "Paiements", includeHidden: true })).toHaveCount(1);
    await expect(nav.locator("summary:visible")).toHaveCount(0);
    expect(await axeViolations(page)).toEqual([]);
    await shoot(page, "1366-admin-home");

    // Set on this document: still there after the click if the router navigated without reloading.
    await page.evaluate(() => Object.assign(window, { __sameDocument: true }));
    await nav.getByRole("list", { name: "La saison" }).getByRole("link", { name: "Paiements" }).click();
    await expect(page).toHaveURL(/\/espace-membre\/saison\/paiements$/);
    await expect(currentEntry(page)).toHaveText("Paiements");
    await expect(currentEntry(page)).toHaveCount(1);
    expect(await page.evaluate(() => (window as { __sameDocument?: boolean }).__sameDocument)).toBe(true);

    // One entry marked though « Contenu du site » is a prefix of this page's address.
    await nav.getByRole("link", { name: "Grades et révisions" }).click();
    await expect(page).toHaveURL(/\/espace-membre\/contenu\/grades$/);
    await expect(currentEntry(page)).toHaveCount(1);
    await expect(currentEntry(page)).toHaveText("Grades et révisions");

    // Keyboard: the entries are reached with Tab and show where the focus is.
    await nav.getByRole("link", { name: "Accueil" }).focus();
    await page.keyboard.press("Tab");
    await expect(nav.getByRole("link", { name: "Mon profil" })).toBeFocused();
    const outline = await nav
      .getByRole("link", { name: "Mon profil" })
      .evaluate((a) => getComputedStyle(a).outlineStyle);
    expect(outline).not.toBe("none");
  });

  test("a plain member sees a short flat list, and « Mes pages » without areas", async ({ page }) => {
    await signIn(page, "membre");
    await gotoHydrated(page, "/espace-membre");
    const nav = memberNav(page);
    await expect(nav.getByRole("link")).toHaveText([
      "Accueil",
      "Mon profil",
      "Inscription",
      "Grades",
      "Révisions",
      "Brochure",
      "Présences",
    ]);
    for (const area of AREAS) await expect(nav.getByText(area, { exact: true })).toHaveCount(0);
    await expect(currentEntry(page)).toHaveText("Accueil");
    const myPages = page.getByRole("region", { name: "Mes pages" });
    await expect(myPages.getByRole("heading", { level: 3 })).toHaveCount(0);
    await expect(myPages.getByRole("link")).toHaveCount(6);
    expect(await axeViolations(page)).toEqual([]);
    await shoot(page, "1366-member-home");
  });

  test("an administrator's « Mes pages » are grouped by area", async ({ page }) => {
    await signIn(page, "admin");
    await gotoHydrated(page, "/espace-membre");
    const myPages = page.getByRole("region", { name: "Mes pages" });
    await expect(myPages.getByRole("heading", { level: 3 })).toHaveText(AREAS);
    await expect(myPages.getByRole("link", { name: /^Accueil/ })).toHaveCount(0);
    await expect(myPages.getByRole("link", { name: /^Utilisateurs/ })).toBeVisible();
  });
});

test.describe("at 390 px", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("an administrator sees one collapsible group per area, the current one open", async ({ page }) => {
    await signIn(page, "admin");
    await gotoHydrated(page, "/espace-membre/articles");
    const nav = memberNav(page);
    const group = (area: string) => nav.locator("details").filter({ has: page.getByText(area, { exact: true }) });
    await expect(nav.locator("summary")).toHaveText(AREAS);
    await expect(group("Le contenu du site")).toHaveAttribute("open", "");
    await expect(currentEntry(page)).toHaveText("Articles");
    await expect(group("La saison")).not.toHaveAttribute("open");
    await expect(nav.getByRole("link", { name: "Paiements" })).toBeHidden();
    expect(await axeViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shoot(page, "390-admin-articles", false);

    // Opened from the keyboard, a group shows its links; one of them leads to its page.
    await group("La saison").locator("summary").focus();
    await page.keyboard.press("Enter");
    await expect(group("La saison")).toHaveAttribute("open", "");
    await nav.getByRole("link", { name: "Paiements" }).click();
    await expect(page).toHaveURL(/\/espace-membre\/saison\/paiements$/);
    await expect(currentEntry(page)).toHaveText("Paiements");
    await expect(group("Le contenu du site")).not.toHaveAttribute("open");

    await gotoHydrated(page, "/espace-membre");
    await expect(group("Moi et ma famille")).toHaveAttribute("open", "");
    expect(await axeViolations(page)).toEqual([]);
    await shoot(page, "390-admin-home");
  });

  test("a plain member sees a flat list of links", async ({ page }) => {
    await signIn(page, "membre");
    await gotoHydrated(page, "/espace-membre/grades");
    const nav = memberNav(page);
    await expect(nav.locator("details")).toHaveCount(0);
    await expect(nav.getByRole("link", { name: "Présences" })).toBeVisible();
    await expect(currentEntry(page)).toHaveText("Grades");
    expect(await axeViolations(page)).toEqual([]);
    await gotoHydrated(page, "/espace-membre");
    await expect(currentEntry(page)).toHaveText("Accueil");
    await shoot(page, "390-member-home");
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });

  test("the navigation is there, the page shown marked and its group open", async ({ page, baseURL }) => {
    const { email, password } = e2eUser("admin");
    await signInRequest(page.request, baseURL!, email, password); // the page's context keeps the cookie
    await page.goto("/espace-membre/assiduite");
    await expect(currentEntry(page)).toHaveText("Assiduité");
    const tatami = memberNav(page)
      .locator("details")
      .filter({ has: page.getByText("Sur le tatami", { exact: true }) });
    await expect(tatami).toHaveAttribute("open", "");
  });
});

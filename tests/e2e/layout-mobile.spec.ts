/**
 * Main layout and navigation on a phone (spec section 2 "Layout and navigation"): the hamburger
 * menu and its groups, on hydrated pages and on home as a visitor gets it (its inline script),
 * the banner and paddings. These tests rely only on the layout, never on the pages' content.
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, gotoHydrated, test } from "./fixtures";
import { MOBILE, mainMenu, paddingTop, bannerHeight, scrollInstantly, openMobileMenu } from "./layout-helpers";

test.describe("mobile", () => {
  test.use({ viewport: MOBILE });

  test("the hamburger menu has Accueil and three collapsible groups, and closes on navigation", async ({ page }) => {
    await gotoHydrated(page, "/mentions-legales");
    await expect(mainMenu(page)).toBeHidden();
    const { burger, menu } = await openMobileMenu(page);
    const nav = page.getByRole("navigation", { name: "Menu mobile" });
    await expect(nav.getByRole("link", { name: "Accueil" })).toBeVisible();

    const groups = ["Le Vovinam Viet Vo Dao", "La vie du club", "Infos pratiques"];
    for (const label of groups) {
      await expect(nav.getByRole("button", { name: label })).toHaveAttribute("aria-expanded", "false");
    }
    const club = nav.getByRole("button", { name: "La vie du club" });
    await club.click();
    await expect(club).toHaveAttribute("aria-expanded", "true");
    await expect(nav.getByRole("link", { name: "Actualités" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "BD humour" })).toBeVisible();
    await club.click();
    await expect(club).toHaveAttribute("aria-expanded", "false");
    await expect(nav.getByRole("link", { name: "Actualités" })).toBeHidden();

    const art = nav.getByRole("button", { name: "Le Vovinam Viet Vo Dao" });
    await art.click();
    await expect(nav.getByRole("link", { name: "Les Grades" })).toBeVisible();

    const infos = nav.getByRole("button", { name: "Infos pratiques" });
    await infos.click();
    await expect(infos).toHaveAttribute("aria-expanded", "true");
    await page.evaluate(() => ((window as unknown as { sansRechargement: boolean }).sansRechargement = true));
    await nav.getByRole("link", { name: "Contact" }).click();
    await expect(page).toHaveURL(/\/contact$/);
    // The router navigated: the same document.
    expect(await page.evaluate(() => (window as unknown as { sansRechargement?: boolean }).sansRechargement)).toBe(
      true,
    );
    await expect(burger).toHaveAttribute("aria-expanded", "false");
    await expect(menu).toBeHidden();

    // Reopened after the navigation, the groups are collapsed again, the new page marked.
    await burger.click();
    await expect(nav.getByRole("button", { name: "Infos pratiques" })).toHaveAttribute("aria-expanded", "false");
    await expect(nav.locator('a[aria-current="page"]')).toHaveAttribute("href", "/contact");
    await expect(nav.getByRole("link", { name: "Contact" })).toBeHidden();
    // Escape closes and gives the focus back to the button.
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(burger).toBeFocused();
  });

  test("on home, served without React's scripts to a visitor, the same menu works: groups, Escape, links that load", async ({
    page,
  }, testInfo) => {
    // The page's inline script drives the same markup.
    await gotoHydrated(page, "/");
    expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();
    const { burger, menu } = await openMobileMenu(page);
    await expect(burger.locator("use")).toHaveAttribute("href", /#x$/);
    const nav = page.getByRole("navigation", { name: "Menu mobile" });
    await expect(nav.getByRole("link", { name: "Accueil" })).toHaveAttribute("aria-current", "page");
    // The account area is there at once: the way to sign in.
    await expect(menu.getByTestId("mobile-sign-in")).toHaveText("Connexion");
    const club = nav.getByRole("button", { name: "La vie du club" });
    await club.click();
    await expect(club).toHaveAttribute("aria-expanded", "true");
    await expect(nav.getByRole("link", { name: "Actualités" })).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath("accueil-menu-390.png") });
    const results = await new AxeBuilder({ page })
      .include("header")
      .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
      .analyze();
    expect(results.violations.map((v) => v.id)).toEqual([]);
    await club.click();
    await expect(club).toHaveAttribute("aria-expanded", "false");
    await expect(nav.getByRole("link", { name: "Actualités" })).toBeHidden();
    await club.click();

    // Escape closes, gives the focus back to the button; reopened, the groups are collapsed.
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(burger).toBeFocused();
    await expect(burger.locator("use")).toHaveAttribute("href", /#menu$/);
    await page.keyboard.press("Enter");
    await expect(menu).toBeVisible();
    await expect(club).toHaveAttribute("aria-expanded", "false");

    await nav.getByRole("button", { name: "Infos pratiques" }).click();
    await nav.getByRole("link", { name: "Contact" }).click();
    await expect(page).toHaveURL(/\/contact$/);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    await expect(page.getByTestId("menu-mobile")).toBeHidden();
  });

  test("banner and paddings on a phone", async ({ page }) => {
    await gotoHydrated(page, "/la-vie-du-club/actualites");
    await expect(page.getByTestId("banner-title")).toHaveText("Actualités");
    expect(await paddingTop(page)).toBe("264px");
    await scrollInstantly(page, 300);
    await expect.poll(() => paddingTop(page)).toBe("72px");
    await expect.poll(() => bannerHeight(page)).toBe(0);
  });

  test("the mobile menu has no accessibility violation", async ({ page }) => {
    await gotoHydrated(page, "/une-page-qui-n-existe-pas");
    await page.getByRole("button", { name: "Menu" }).click();
    await page.getByRole("button", { name: "La vie du club" }).click();
    const results = await new AxeBuilder({ page })
      .include("header")
      .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
      .analyze();
    expect(results.violations.map((v) => ({ id: v.id, nodes: v.nodes.map((n) => n.target.join(" ")) }))).toEqual([]);
  });
});

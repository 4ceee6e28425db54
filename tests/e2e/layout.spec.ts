/**
 * Main layout and navigation (spec section 2 "Layout and navigation" and the
 * constants of section 9). These tests rely only on the layout (top bar,
 * menus, banner, footer), never on the content of the pages.
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, gotoHydrated, test } from "./fixtures";
import { DESKTOP, mainMenu, paddingTop, bannerHeight, scrollInstantly, clubName, center } from "./layout-helpers";

test.describe("desktop", () => {
  test.use({ viewport: DESKTOP });

  test("the top bar shows the logo, the club name and the menu", async ({ page }) => {
    await gotoHydrated(page, "/mentions-legales");
    const bar = page.getByTestId("top-bar");
    await expect(bar).toBeVisible();
    expect((await bar.boundingBox())?.height).toBe(72);
    const home = bar.getByRole("link").first();
    await expect(home).toHaveAttribute("href", "/");
    await expect(home.locator("img[src='/logo.svg']")).toHaveCount(1);
    expect(await clubName(page)).toMatch(/Vovinam/);
    const menu = mainMenu(page);
    await expect(menu.getByRole("link", { name: "Accueil" })).toBeVisible();
    for (const label of ["Le Vovinam Viet Vo Dao", "La vie du club", "Infos pratiques"]) {
      const trigger = menu.getByRole("button", { name: label });
      await expect(trigger).toHaveAttribute("aria-expanded", "false");
      await expect(trigger).toHaveAttribute("aria-controls", /menu-panel-/);
    }
    await expect(page.getByRole("button", { name: "Menu" })).toBeHidden();
  });

  test("a dropdown opens on hover, stays open in the panel and closes 200 ms after leaving", async ({ page }) => {
    // The page's timers run on a fake clock, moved forward by the test: no wall-clock timing.
    await page.clock.install();
    await gotoHydrated(page, "/mentions-legales");
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
    const trigger = mainMenu(page).getByRole("button", { name: "La vie du club" });
    const panel = page.getByTestId("menu-panel-club");
    await expect(panel).toBeHidden();

    await page.mouse.move(5, 400);
    await trigger.hover();
    await expect(trigger).toHaveAttribute("aria-expanded", "true");
    await expect(panel).toBeVisible();
    await expect(panel.getByText("La vie du club", { exact: true })).toBeVisible();
    await expect(panel.getByRole("link")).toHaveCount(3);
    for (const name of ["Calendrier", "Actualités", "BD humour"]) {
      await expect(panel.getByRole("link", { name: new RegExp(`^${name}`) })).toBeVisible();
    }
    // Full-width panel.
    const box = await panel.boundingBox();
    expect(box?.width).toBe(DESKTOP.width);

    // Moving down into the panel (crossing the gap) keeps it open, however long it stays there.
    const inPanel = await center(panel.getByRole("link").nth(1));
    await page.mouse.move(inPanel.x, inPanel.y, { steps: 8 });
    await page.clock.runFor(400);
    await expect(panel).toBeVisible();

    // Leaving: still open 199 ms later, closed at 200 ms.
    await page.mouse.move(inPanel.x, 700);
    await page.clock.runFor(199);
    await expect(trigger).toHaveAttribute("aria-expanded", "true");
    await expect(panel).toBeVisible();
    await page.clock.runFor(1);
    await expect(trigger).toHaveAttribute("aria-expanded", "false");
    await expect(panel).toBeHidden();
  });

  test("moving from one trigger to another switches the panel at once", async ({ page }) => {
    await gotoHydrated(page, "/mentions-legales");
    const art = mainMenu(page).getByRole("button", { name: "Le Vovinam Viet Vo Dao" });
    const infos = mainMenu(page).getByRole("button", { name: "Infos pratiques" });
    await art.hover();
    await expect(page.getByTestId("menu-panel-art")).toBeVisible();
    await infos.hover();
    await expect(page.getByTestId("menu-panel-infos")).toBeVisible();
    await expect(page.getByTestId("menu-panel-art")).toBeHidden();
    await expect(art).toHaveAttribute("aria-expanded", "false");
  });

  test("clicking a card closes the panel and navigates", async ({ page }) => {
    await gotoHydrated(page, "/mentions-legales");
    // Set on this document: still there after the click if the router navigated without reloading.
    await page.evaluate(() => ((window as unknown as { sansRechargement: boolean }).sansRechargement = true));
    const trigger = mainMenu(page).getByRole("button", { name: "Infos pratiques" });
    await trigger.hover();
    const panel = page.getByTestId("menu-panel-infos");
    await expect(panel.getByRole("link")).toHaveCount(5);
    await panel.getByRole("link", { name: /^Tarifs & Horaires/ }).click();
    await expect(page).toHaveURL(/\/tarifs-horaires$/);
    expect(await page.evaluate(() => (window as unknown as { sansRechargement?: boolean }).sansRechargement)).toBe(
      true,
    );
    await expect(panel).toBeHidden();
    await expect(trigger).toHaveAttribute("aria-expanded", "false");
    await expect(page.getByTestId("banner-title")).toHaveText("Tarifs & Horaires");
  });

  test("after a navigation in the browser the menus mark the new page and its group", async ({ page }) => {
    // The menus' links are written on the server: the mark moves without a reload.
    await gotoHydrated(page, "/la-vie-du-club/actualites");
    await page.evaluate(() => ((window as unknown as { sansRechargement: boolean }).sansRechargement = true));
    const underlined = (label: string) =>
      mainMenu(page)
        .getByRole("button", { name: label })
        .evaluate((el) => getComputedStyle(el).textDecorationLine);
    // A closed panel's cards are hidden: found by address.
    const card = (group: string, to: string) => page.getByTestId(`menu-panel-${group}`).locator(`a[href="${to}"]`);
    await expect(card("club", "/la-vie-du-club/actualites")).toHaveAttribute("aria-current", "page");
    expect(await underlined("La vie du club")).toBe("underline");
    expect(await underlined("Infos pratiques")).toBe("none");

    await mainMenu(page).getByRole("button", { name: "Infos pratiques" }).hover();
    await card("infos", "/tarifs-horaires").click();
    await expect(page).toHaveURL(/\/tarifs-horaires$/);
    expect(await page.evaluate(() => (window as unknown as { sansRechargement?: boolean }).sansRechargement)).toBe(
      true,
    );
    await expect(card("infos", "/tarifs-horaires")).toHaveAttribute("aria-current", "page");
    await expect(card("club", "/la-vie-du-club/actualites")).not.toHaveAttribute("aria-current", /./);
    await expect.poll(() => underlined("Infos pratiques")).toBe("underline");
    expect(await underlined("La vie du club")).toBe("none");
    // The mobile menu's links, in the same page, follow too.
    const mobile = page.getByTestId("menu-mobile");
    await expect(mobile.locator('a[aria-current="page"]')).toHaveAttribute("href", "/tarifs-horaires");
  });

  test("keyboard: Enter opens, Tab reaches the cards, arrows move, Escape closes and returns focus", async ({
    page,
  }) => {
    await gotoHydrated(page, "/mentions-legales");
    const trigger = mainMenu(page).getByRole("button", { name: "Le Vovinam Viet Vo Dao" });
    const panel = page.getByTestId("menu-panel-art");
    const cards = panel.getByRole("link");
    await trigger.focus();
    await page.keyboard.press("Enter");
    await expect(trigger).toHaveAttribute("aria-expanded", "true");
    await expect(panel).toBeVisible();
    await page.keyboard.press("Tab");
    await expect(cards.first()).toBeFocused();
    await expect(cards.first()).toHaveAccessibleName(/^Présentation/);
    // Focus is visible on the card.
    const outline = await cards.first().evaluate((el) => getComputedStyle(el).outlineStyle);
    expect(outline).not.toBe("none");
    await page.keyboard.press("Tab");
    await expect(cards.nth(1)).toBeFocused();
    await page.keyboard.press("ArrowRight");
    await expect(cards.nth(2)).toBeFocused();
    await page.keyboard.press("ArrowLeft");
    await expect(cards.nth(1)).toBeFocused();
    await page.keyboard.press("End");
    await expect(cards.last()).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(trigger).toHaveAttribute("aria-expanded", "false");
    await expect(panel).toBeHidden();
    await expect(trigger).toBeFocused();

    // ArrowDown opens and focuses the first card; Space toggles.
    await page.keyboard.press("ArrowDown");
    await expect(trigger).toHaveAttribute("aria-expanded", "true");
    await expect(cards.first()).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(trigger).toBeFocused();
    await page.keyboard.press("Space");
    await expect(trigger).toHaveAttribute("aria-expanded", "true");
    await page.keyboard.press("Space");
    await expect(trigger).toHaveAttribute("aria-expanded", "false");

    // Tabbing out of the panel closes it.
    await page.keyboard.press("Enter");
    for (let i = 0; i < 4; i++) await page.keyboard.press("Tab");
    await expect(cards.last()).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(trigger).toHaveAttribute("aria-expanded", "false");

    // Enter on a card navigates and closes the panel.
    await trigger.focus();
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/le-vovinam-viet-vo-dao\/presentation$/);
    await expect(panel).toBeHidden();
  });

  test("the banner names the section by the longest matching prefix", async ({ page }) => {
    const cases: [string, string][] = [
      ["/la-vie-du-club/actualites", "Actualités"],
      ["/la-vie-du-club/bd-humour", "BD humour"],
      ["/tarifs-horaires", "Tarifs & Horaires"],
      ["/le-vovinam-viet-vo-dao/histoire", "Histoire"],
      ["/connexion", "Connexion"],
    ];
    for (const [path, name] of cases) {
      await gotoHydrated(page, path);
      await expect(page.getByTestId("banner-title"), path).toHaveText(name);
      await expect(page.getByTestId("banner").locator("img")).toHaveAttribute("alt", "");
    }
    // An unknown path under the site: the club name.
    await gotoHydrated(page, "/une-page-qui-n-existe-pas");
    await expect(page.getByTestId("banner-title")).toHaveText(await clubName(page));
  });

  test("the banner collapses past 50 px of scroll; content padding 264 px / 72 px", async ({ page, request }) => {
    // The server already renders the not-scrolled padding (no flash).
    const html = await (await request.get("/tarifs-horaires")).text();
    expect(html).toMatch(/id="contenu"[^>]*padding-top:264px/);

    await gotoHydrated(page, "/tarifs-horaires");
    const layout = page.getByTestId("site-layout");
    await expect(layout).toHaveAttribute("data-scrolled", "false");
    expect(await paddingTop(page)).toBe("264px");
    expect(await bannerHeight(page)).toBe(192);

    await scrollInstantly(page, 50);
    // Two rendered frames later (scroll events come before animation frames), nothing changed.
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    await expect(layout).toHaveAttribute("data-scrolled", "false");

    await scrollInstantly(page, 120);
    await expect(layout).toHaveAttribute("data-scrolled", "true");
    await expect(page.getByTestId("banner")).toHaveAttribute("data-collapsed", "true");
    await expect.poll(() => paddingTop(page)).toBe("72px");
    await expect.poll(() => bannerHeight(page)).toBe(0);
    // The page did not jump back above the threshold.
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(50);

    await scrollInstantly(page, 0);
    await expect(layout).toHaveAttribute("data-scrolled", "false");
    await expect.poll(() => paddingTop(page)).toBe("264px");
    await expect.poll(() => bannerHeight(page)).toBe(192);
  });

  test("home has no banner and no top padding", async ({ page }) => {
    await gotoHydrated(page, "/");
    await expect(page.getByTestId("banner")).toHaveCount(0);
    expect(await paddingTop(page)).toBe("0px");
    await expect(page.getByTestId("site-layout")).toHaveAttribute("data-home", "true");
  });

  test("a navigation scrolls to the top; back restores the position", async ({ page }) => {
    await gotoHydrated(page, "/tarifs-horaires");
    const footer = page.getByTestId("site-footer");
    const link = footer.getByRole("link", { name: "Adresse & Accès" });
    await link.scrollIntoViewIfNeeded();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
    await link.click();
    await expect(page).toHaveURL(/\/adresse-acces$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await expect(page.getByTestId("banner-title")).toHaveText("Adresse & Accès");

    await page.goBack();
    await expect(page).toHaveURL(/\/tarifs-horaires$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
  });

  test("an URL with #anchor waits for the element and scrolls it under the top bar", async ({ page }) => {
    await gotoHydrated(page, "/mentions-legales#cible-de-test");
    // The element appears 1.5 s later, far down the page.
    await page.evaluate(() => {
      setTimeout(() => {
        const main = document.getElementById("contenu")!;
        const spacer = document.createElement("div");
        spacer.style.height = "2500px";
        const target = document.createElement("p");
        target.id = "cible-de-test";
        target.textContent = "Cible";
        const after = document.createElement("div");
        after.style.height = "1500px";
        main.append(spacer, target, after);
      }, 1500);
    });
    await expect(page.locator("#cible-de-test")).toBeAttached({ timeout: 5_000 });
    await expect
      .poll(() => page.locator("#cible-de-test").evaluate((el) => Math.round(el.getBoundingClientRect().top)), {
        timeout: 5_000,
      })
      .toBe(88);
    await expect(page.getByTestId("site-layout")).toHaveAttribute("data-scrolled", "true");
  });

  test("the skip link is the first focusable element and moves focus to the content", async ({ page }) => {
    await gotoHydrated(page, "/tarifs-horaires");
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Aller au contenu" });
    await expect(skip).toBeFocused();
    await expect(skip).toBeVisible();
    await expect(skip).toHaveAttribute("href", "#contenu");
    await page.keyboard.press("Enter");
    await expect(page.locator("#contenu")).toBeFocused();
  });

  test("the footer has the address, every section, donation and legal links, no social link the club has not given", async ({
    page,
  }) => {
    await gotoHydrated(page, "/mentions-legales");
    const footer = page.getByTestId("site-footer");
    await expect(footer.locator("address")).toContainText(/\d{5}/);
    const links = footer.getByRole("navigation", { name: "Plan du site" }).getByRole("link");
    const hrefs = await links.evaluateAll((as) => as.map((a) => a.getAttribute("href")));
    for (const href of [
      "/",
      "/le-vovinam-viet-vo-dao/presentation",
      "/le-vovinam-viet-vo-dao/histoire",
      "/le-vovinam-viet-vo-dao/philosophie",
      "/le-vovinam-viet-vo-dao/grades",
      "/la-vie-du-club/calendrier",
      "/la-vie-du-club/actualites",
      "/la-vie-du-club/bd-humour",
      "/tarifs-horaires",
      "/adresse-acces",
      "/inscription-documents",
      "/equipement",
      "/contact",
    ]) {
      expect(hrefs).toContain(href);
    }
    await expect(footer.getByRole("link", { name: "Faire un don" })).toHaveAttribute("href", "/faire-un-don");
    // The seed gives no Facebook page (nothing invented): no link until the club enters one.
    await expect(footer.getByRole("link", { name: /Facebook/ })).toHaveCount(0);
    await expect(footer.getByRole("link", { name: "Crédits photo" })).toHaveAttribute("href", "/credits-photo");
    await expect(footer.getByRole("link", { name: "Mentions légales" })).toHaveAttribute("href", "/mentions-legales");
    await expect(footer.getByTestId("copyright")).toHaveText(new RegExp(`^© ${new Date().getFullYear()} \\S`));
  });

  test("a pending navigation shows a progress bar, and the access check for the member area", async ({ page }) => {
    await gotoHydrated(page, "/mentions-legales");
    await page.route("**/tarifs-horaires.data*", async (route) => {
      await new Promise((r) => setTimeout(r, 1_200));
      await route.continue();
    });
    await page.getByTestId("site-footer").getByRole("link", { name: "Tarifs & Horaires" }).click();
    await expect(page.getByRole("progressbar", { name: "Chargement de la page" })).toBeVisible();
    await expect(page.getByTestId("navigation-status")).toHaveText("Chargement…");
    await expect(page).toHaveURL(/\/tarifs-horaires$/);
    await expect(page.getByRole("progressbar")).toHaveCount(0);

    await page.route("**/espace-membre.data*", async (route) => {
      await new Promise((r) => setTimeout(r, 1_200));
      await route.continue();
    });
    await page.getByTestId("site-footer").getByRole("link", { name: "Espace membre" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Vérification de l'accès..." })).toBeVisible();
    await expect(page.getByText("Vérification de l'accès...")).toBeHidden({ timeout: 10_000 });
  });

  test("the header's and footer's icons come from one cached sprite", async ({ page, request }) => {
    await gotoHydrated(page, "/mentions-legales");
    const hrefs = await page
      .locator("header use, footer use")
      .evaluateAll((uses) => uses.map((u) => u.getAttribute("href") ?? ""));
    expect(hrefs.length).toBeGreaterThan(10);
    const files = [...new Set(hrefs.map((h) => h.split("#")[0] ?? ""))];
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^\/assets\/icons-[\w-]+\.svg$/);
    const res = await request.get(files[0]!);
    expect(res.status()).toBe(200);
    expect(res.headers()["content-type"]).toMatch(/^image\/svg\+xml/);
    expect(res.headers()["cache-control"]).toContain("immutable");
    const sprite = await res.text();
    for (const href of hrefs) expect(sprite, href).toContain(`<symbol id="${href.split("#")[1]}"`);
    // Drawn at the size of its class: the chevron of a menu trigger is 16 px.
    const chevron = mainMenu(page).getByRole("button", { name: "Infos pratiques" }).locator("svg");
    expect(await chevron.evaluate((el) => el.getBoundingClientRect().width)).toBe(16);
  });

  test("without JavaScript the panels open on hover and the footer reaches every page", async ({ browser }) => {
    const context = await browser.newContext({
      javaScriptEnabled: false,
      viewport: DESKTOP,
      baseURL: process.env.E2E_BASE_URL,
    });
    const page = await context.newPage();
    await page.goto("/mentions-legales");
    await mainMenu(page).getByRole("button", { name: "Infos pratiques" }).hover();
    const panel = page.getByTestId("menu-panel-infos");
    await expect(panel).toBeVisible();
    await panel.getByRole("link", { name: /^Contact/ }).click();
    await expect(page).toHaveURL(/\/contact$/);
    await page.getByTestId("site-footer").getByRole("link", { name: "Équipement" }).click();
    await expect(page).toHaveURL(/\/equipement$/);
    await context.close();
  });

  test("on home, served without React's scripts, a panel's trigger says it is open on hover and focus; Escape closes it", async ({
    page,
  }) => {
    await gotoHydrated(page, "/");
    expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();
    const club = mainMenu(page).getByRole("button", { name: "La vie du club" });
    const panel = page.getByTestId("menu-panel-club");
    await expect(club).toHaveAttribute("aria-expanded", "false");
    await club.hover();
    await expect(panel).toBeVisible();
    await expect(club).toHaveAttribute("aria-expanded", "true");
    await page.mouse.move(5, 700);
    await expect(panel).toBeHidden();
    await expect(club).toHaveAttribute("aria-expanded", "false");

    await club.focus();
    await expect(panel).toBeVisible();
    await expect(club).toHaveAttribute("aria-expanded", "true");
    await page.keyboard.press("Escape");
    await expect(panel).toBeHidden();
    await expect(club).toHaveAttribute("aria-expanded", "false");
    await expect(club).toBeFocused();
    await page.keyboard.press("Tab");
    await page.keyboard.press("Shift+Tab");
    await expect(club).toHaveAttribute("aria-expanded", "true");
    await expect(panel).toBeVisible();
  });

  test("the header and footer have no accessibility violation, menu open or closed", async ({ page }) => {
    await gotoHydrated(page, "/une-page-qui-n-existe-pas");
    const check = async () => {
      const results = await new AxeBuilder({ page })
        .include("header")
        .include("footer")
        .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
        .analyze();
      return results.violations.map((v) => ({ id: v.id, nodes: v.nodes.map((n) => n.target.join(" ")) }));
    };
    expect(await check()).toEqual([]);
    await mainMenu(page).getByRole("button", { name: "Infos pratiques" }).click();
    await expect(page.getByTestId("menu-panel-infos")).toBeVisible();
    expect(await check()).toEqual([]);
  });
});

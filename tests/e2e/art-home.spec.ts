import { axeViolations, expect, gotoHydrated, test } from "./fixtures";

const artPages = [
  {
    path: "/le-vovinam-viet-vo-dao/presentation",
    title: /Présentation du Vovinam Viet Vo Dao/,
    h1: "Le Vovinam Viet Vo Dao",
  },
  {
    path: "/le-vovinam-viet-vo-dao/histoire",
    title: /Histoire du Vovinam Viet Vo Dao/,
    h1: "Histoire du Vovinam Viet Vo Dao",
  },
  {
    path: "/le-vovinam-viet-vo-dao/philosophie",
    title: /Philosophie du Vovinam Viet Vo Dao/,
    h1: "La philosophie du Vovinam Viet Vo Dao",
  },
  {
    path: "/le-vovinam-viet-vo-dao/grades",
    title: /Les grades du Vovinam Viet Vo Dao/,
    h1: "Les grades du Vovinam Viet Vo Dao",
  },
];

test("the art section index redirects to the presentation", async ({ page, request }) => {
  const res = await request.get("/le-vovinam-viet-vo-dao", { maxRedirects: 0 });
  expect([301, 302]).toContain(res.status());
  expect(res.headers()["location"]).toMatch(/\/le-vovinam-viet-vo-dao\/presentation$/);
  await gotoHydrated(page, "/le-vovinam-viet-vo-dao");
  await expect(page).toHaveURL(/\/le-vovinam-viet-vo-dao\/presentation$/);
});

for (const p of artPages) {
  test(`${p.path} has its title, one h1 and no accessibility violation`, async ({ page }) => {
    const res = await gotoHydrated(page, p.path);
    expect(res?.status()).toBe(200);
    await expect(page).toHaveTitle(p.title);
    await expect(page.locator("h1")).toHaveCount(1);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(p.h1);
    const description = await page.locator('meta[name="description"]').getAttribute("content");
    expect(description?.length ?? 0).toBeGreaterThan(50);
    expect(await axeViolations(page)).toEqual([]);
  });
}

test("the history page is an ordered timeline", async ({ page }) => {
  await gotoHydrated(page, "/le-vovinam-viet-vo-dao/histoire");
  const timeline = page.getByRole("list", { name: /Chronologie au Vietnam/ });
  await expect(timeline).toBeVisible();
  expect(await timeline.evaluate((el) => el.tagName)).toBe("OL");
  await expect(timeline.getByRole("listitem").first()).toContainText("1912");
});

test("the grades page draws the 17 belts with text alternatives", async ({ page }) => {
  await gotoHydrated(page, "/le-vovinam-viet-vo-dao/grades");
  const belts = page.getByTestId("grade-list").getByRole("img");
  await expect(belts).toHaveCount(17);
  await expect(belts.first()).toHaveAccessibleName(/^Ceinture bleu clair unie\s: Tự vệ$/);
  await expect(belts.nth(9)).toHaveAccessibleName(/Ceinture rouge à liseré jaune/);
  await expect(belts.last()).toHaveAccessibleName(/Ceinture blanche unie\s: Bạch đai/);
  await expect(page.getByText(/FFKDA/).first()).toBeVisible();
});

test.describe("home page", () => {
  test("has the hero, a call to try a class and no accessibility violation", async ({ page }) => {
    const res = await gotoHydrated(page, "/");
    expect(res?.status()).toBe(200);
    await expect(page).toHaveTitle(/cours de Vovinam Viet Vo Dao/);
    await expect(page.locator("h1")).toHaveCount(1);
    await expect(page.getByRole("heading", { level: 1 })).not.toBeEmpty();
    const main = page.locator("main");
    await expect(main.getByRole("link", { name: "Essayer un cours" })).toHaveAttribute("href", "/cours-d-essai");
    await expect(main.getByRole("link", { name: "Horaires et tarifs" }).first()).toHaveAttribute(
      "href",
      "/tarifs-horaires",
    );
    await expect(main.getByText(/premiers? cours (est|sont) gratuits?/).first()).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });

  test("a visitor gets home without React's scripts: its links load the next page, which comes alive", async ({
    page,
  }) => {
    // No module, no modulepreload, no router data; the page's own inline script only.
    const scripts: string[] = [];
    page.on("request", (r) => {
      if (r.resourceType() === "script") scripts.push(r.url());
    });
    await gotoHydrated(page, "/");
    expect(scripts).toEqual([]);
    await expect(page.locator('link[rel="modulepreload"], script[src], script[type="module"]')).toHaveCount(0);
    expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();
    const title = await page.getByRole("heading", { level: 1 }).textContent();
    await page.locator("main").getByRole("link", { name: "Tout le calendrier du club" }).click();
    await expect(page).toHaveURL(/\/la-vie-du-club\/calendrier$/);
    await expect(page.getByTestId("banner-title")).toHaveText("Calendrier");
    // The next page is a React page again.
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    await page.goBack();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title ?? "");
  });

  test("from another page, the router shows home whole without reloading, and its links move in the browser", async ({
    page,
  }) => {
    // Home's content is markup written on the server, not hydrated.
    const title = (await (await page.request.get("/")).text()).match(/<h1[^>]*>([^<]+)<\/h1>/)?.[1];
    expect(title).toBeTruthy();
    await gotoHydrated(page, "/tarifs-horaires");
    // Set on this document: still there after the clicks if the router navigated without reloading.
    await page.evaluate(() => ((window as unknown as { sansRechargement: boolean }).sansRechargement = true));
    await page
      .getByTestId("top-bar")
      .getByRole("link", { name: /, accueil$/ })
      .click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title ?? "");
    await expect(page.getByRole("region", { name: "Les cours de la semaine" }).locator("dt").first()).toBeVisible();
    await page.locator("main").getByRole("link", { name: "Essayer un cours" }).click();
    await expect(page).toHaveURL(/\/cours-d-essai$/);
    expect(await page.evaluate(() => (window as unknown as { sansRechargement?: boolean }).sansRechargement)).toBe(
      true,
    );
  });

  test("the content and footer of a loaded page stay whole through navigations and a missing page", async ({
    page,
  }) => {
    // A page load carries them once, in the page: the browser keeps them from there.
    await gotoHydrated(page, "/le-vovinam-viet-vo-dao/histoire");
    const footer = page.getByTestId("site-footer");
    const address = (await footer.locator("address").textContent()) ?? "";
    expect(address).toMatch(/\d{5}/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Histoire du Vovinam Viet Vo Dao");
    await page.evaluate(() => ((window as unknown as { sansRechargement: boolean }).sansRechargement = true));
    await footer.getByRole("link", { name: "Tarifs & Horaires" }).click();
    await expect(page).toHaveURL(/\/tarifs-horaires$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Tarifs et horaires");
    await expect(footer.locator("address")).toHaveText(address);
    await page.goBack();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Histoire du Vovinam Viet Vo Dao");
    // A link to a page that does not exist, followed in the browser: the error page keeps the footer.
    await page.evaluate(() => {
      const link = document.createElement("a");
      link.href = "/page-disparue";
      link.dataset.discover = "true";
      link.textContent = "Page disparue";
      document.querySelector("header nav")?.append(link);
    });
    await page.getByRole("link", { name: "Page disparue" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page introuvable");
    await expect(footer.locator("address")).toHaveText(address);
    expect(await page.evaluate(() => (window as unknown as { sansRechargement?: boolean }).sansRechargement)).toBe(
      true,
    );
  });

  test("shows the schedule by day and where to find the club", async ({ page }) => {
    await gotoHydrated(page, "/");
    const schedule = page.getByRole("region", { name: "Les cours de la semaine" });
    await expect(schedule.locator("dt").first()).toHaveText(/^(lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche)$/);
    const access = page.getByRole("region", { name: "Où nous trouver ?" });
    await expect(access.locator("address")).toContainText(/\d{5}/);
    await expect(access.getByRole("link", { name: /Plan, transports/ })).toHaveAttribute("href", "/adresse-acces");
  });

  test("shows the next public events and the latest news, or a friendly empty state", async ({ page }) => {
    await gotoHydrated(page, "/");
    const events = page.getByRole("region", { name: "Prochains événements" });
    await expect(events.getByTestId("home-events").or(events.getByTestId("home-events-empty"))).toBeVisible();
    const eventItems = events.getByTestId("home-events").getByRole("listitem");
    expect(await eventItems.count()).toBeLessThanOrEqual(3);
    if ((await eventItems.count()) > 0) {
      // Dates are written in French.
      await expect(eventItems.first().locator("time")).toHaveText(
        /(lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche) .*(janvier|février|mars|avril|mai|juin|juillet|août|septembre|octobre|novembre|décembre)/,
      );
    }

    const news = page.getByRole("region", { name: "Dernières actualités" });
    await expect(news.getByTestId("home-articles").or(news.getByTestId("home-articles-empty"))).toBeVisible();
    const articleLinks = news.getByTestId("home-articles").getByRole("link");
    expect(await articleLinks.count()).toBeLessThanOrEqual(3);
    if ((await articleLinks.count()) > 0) {
      const href = await articleLinks.first().getAttribute("href");
      expect(href).toMatch(/^\/la-vie-du-club\/actualites\/\d+(-[a-z0-9-]+)?$/);
      const article = await page.request.get(href!);
      expect(article.status()).toBe(200);
    }
  });

  test("describes the club as JSON-LD SportsClub", async ({ page }) => {
    await page.goto("/");
    const raw = await page.locator('script[type="application/ld+json"]').first().textContent();
    const data = JSON.parse(raw ?? "{}");
    expect(data["@type"]).toBe("SportsClub");
    expect(data.sport).toBe("Vovinam Viet Vo Dao");
    expect(data.address["@type"]).toBe("PostalAddress");
    expect(data.address.postalCode).toMatch(/^\d{5}$/);
    expect(data.name).toBeTruthy();
    expect(data.email).toContain("@");
    // No social link nor phone is seeded (nothing made up): absent until the club fills them.
    expect(data.sameAs === undefined || Array.isArray(data.sameAs)).toBe(true);
    expect(data.telephone).toBeUndefined();
  });
});

/**
 * "La vie du club" pages and the contact form, on the sample news and events the global setup
 * publishes (tests/helpers/sample-content.ts: the site itself publishes none).
 */
import { axeViolations, expect, gotoHydrated, test, untilBrowserChecks, waitForMail } from "./fixtures";

function unfold(ics: string): string[] {
  return ics.replace(/\r\n[ \t]/g, "").split("\r\n");
}

test.describe("news", () => {
  test("the list shows the published articles, an article page has its title as h1", async ({ page }) => {
    await gotoHydrated(page, "/la-vie-du-club/actualites");
    await expect(page).toHaveTitle(/Actualités du club/);
    await expect(page.getByRole("heading", { level: 1, name: "Actualités du club" })).toBeVisible();
    const cards = page.getByRole("article");
    await expect(cards).toHaveCount(5);
    // Newest first: the Téléthon announcement was published last.
    const firstLink = cards.first().getByRole("heading", { level: 2 }).getByRole("link");
    await expect(firstLink).toHaveText("Téléthon : le club fait une démonstration");
    const title = (await firstLink.textContent())!;
    await firstLink.click();
    await expect(page).toHaveURL(/\/la-vie-du-club\/actualites\/\d+-telethon/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
    await expect(page).toHaveTitle(new RegExp(title));
    await expect(page.locator(".prose-club p").first()).toBeVisible();
  });

  test("an article answers with or without its slug", async ({ page }) => {
    await gotoHydrated(page, "/la-vie-du-club/actualites");
    const href = (await page.getByRole("article").first().getByRole("link").first().getAttribute("href"))!;
    const id = /actualites\/(\d+)-/.exec(href)![1];
    const res = await gotoHydrated(page, `/la-vie-du-club/actualites/${id}`);
    expect(res?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Téléthon : le club fait une démonstration");
  });

  test("an unknown or malformed article id is a 404", async ({ page }) => {
    for (const path of ["/la-vie-du-club/actualites/999999", "/la-vie-du-club/actualites/pas-un-id"]) {
      const res = await gotoHydrated(page, path);
      expect(res?.status()).toBe(404);
      await expect(page.getByRole("heading", { level: 1, name: "Article introuvable" })).toBeVisible();
    }
  });
});

test.describe("calendar", () => {
  test("month navigation and the upcoming events", async ({ page }) => {
    // The server writes a cached month's stored markup; the browser hydrates its own render of
    // the days against it: any mismatch would be reported as an error here.
    const errors: string[] = [];
    page.on("pageerror", (err) => errors.push(err.message));
    page.on("console", (msg) => {
      if (msg.type() === "error") errors.push(msg.text());
    });
    await gotoHydrated(page, "/la-vie-du-club/calendrier");
    await expect(page.getByRole("heading", { level: 1, name: "Calendrier du club" })).toBeVisible();
    const monthHeading = page.locator("#mois-titre");
    const current = (await monthHeading.textContent())!;
    const days = page.getByRole("list", { name: /, jour par jour$/ }).locator(":scope > li");
    const served = await days.allInnerTexts();
    expect(served.length).toBeGreaterThanOrEqual(28);
    expect(errors).toEqual([]);

    await page.getByRole("link", { name: /Mois suivant/ }).click();
    await expect(page).toHaveURL(/\?mois=\d{4}-\d{2}$/);
    await expect(monthHeading).not.toHaveText(current);
    const next = (await monthHeading.textContent())!;
    await page.getByRole("link", { name: /Mois précédent/ }).click();
    await expect(monthHeading).toHaveText(current);
    await page.getByRole("link", { name: /Mois suivant/ }).click();
    await expect(monthHeading).toHaveText(next);
    await page.getByRole("link", { name: /Ce mois-ci/ }).click();
    await expect(monthHeading).toHaveText(current);
    // Rendered by the browser this time, the month reads the same as the one the server wrote.
    expect(await days.allInnerTexts()).toEqual(served);
    expect(errors).toEqual([]);

    // A malformed month falls back to the current one.
    await gotoHydrated(page, "/la-vie-du-club/calendrier?mois=2026-13");
    await expect(monthHeading).toHaveText(current);

    const upcoming = page.getByRole("region", { name: "Prochains événements" });
    await expect(upcoming.getByRole("heading", { name: "Stage technique : ciseaux et self-défense" })).toBeVisible();
    await expect(upcoming.getByText("Démonstration au profit du Téléthon")).toBeVisible();
    // Members-only events are not shown to visitors.
    await expect(page.getByText("Assemblée générale de l'association")).toHaveCount(0);
  });

  test("on a phone the month becomes a list of the days that have something", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await gotoHydrated(page, "/la-vie-du-club/calendrier");
    await expect(page.locator("table")).toHaveCount(0);
    const month = page.getByRole("list", { name: /, jour par jour$/ });
    const days = month.getByRole("heading", { level: 3 });
    await expect(days.first()).toBeVisible();
    await expect(month.getByText(/^Cours /).first()).toBeVisible();
    // Empty days are hidden: every day left in the list has its heading, and a place for each class.
    const shown = month.locator(":scope > li:visible");
    expect(await shown.count()).toBe(await days.count());
    await expect(
      month
        .getByText(/^Cours /)
        .first()
        .locator("xpath=.."),
    ).toContainText(/\d+[\s\u00a0]h.*–/, {
      useInnerText: true,
    });
    await expect(page.locator('section[aria-labelledby="mois-titre"]').getByText("Lun", { exact: true })).toBeHidden();
  });

  test("on a wide screen the same list is the month's grid, a week per row", async ({ page }) => {
    await page.setViewportSize({ width: 1366, height: 900 });
    await gotoHydrated(page, "/la-vie-du-club/calendrier");
    const month = page.getByRole("list", { name: /, jour par jour$/ });
    const days = month.locator(":scope > li");
    const count = await days.count();
    expect(count).toBeGreaterThanOrEqual(28);
    await expect(month.locator(":scope > li:visible")).toHaveCount(count);
    await expect(page.locator('section[aria-labelledby="mois-titre"]').getByText("Lun", { exact: true })).toBeVisible();
    const first = (await days.nth(0).boundingBox())!;
    const week = (await days.nth(7).boundingBox())!;
    expect(Math.abs(week.x - first.x)).toBeLessThan(1);
    expect(week.y).toBeGreaterThan(first.y);
    // Classes show their start time and title; the place is for phones.
    const line = month
      .getByText(/^Cours /)
      .first()
      .locator("xpath=..");
    await expect(line).toContainText(/^\d+[\s\u00a0]h/, { useInnerText: true });
  });

  test("the subscription link answers text/calendar with the public events", async ({ page, request }) => {
    await gotoHydrated(page, "/la-vie-du-club/calendrier");
    const link = page.getByRole("link", { name: "S'abonner au calendrier" });
    await expect(link).toBeVisible();
    const href = (await link.getAttribute("href"))!;
    expect(href).toMatch(/\/la-vie-du-club\/calendrier\.ics$/);
    const res = await request.get(href);
    expect(res.status()).toBe(200);
    expect(res.headers()["content-type"]).toBe("text/calendar; charset=utf-8");
    expect(res.headers()["cache-control"]).toMatch(/max-age=\d+/);
    const body = await res.text();
    expect(body).toContain("\r\n");
    const lines = unfold(body);
    expect(lines[0]).toBe("BEGIN:VCALENDAR");
    expect(lines).toContain("SUMMARY:Stage technique : ciseaux et self-défense");
    expect(lines).toContain("SUMMARY:Démonstration au profit du Téléthon");
    expect(lines).toContain("SUMMARY:Fermeture du club pendant les vacances de Noël");
    expect(lines.some((l) => l.startsWith("DTSTART;VALUE=DATE:"))).toBe(true);
    expect(body).not.toContain("Assemblée générale");
  });
});

test("the comic strips have their alt text", async ({ page }) => {
  await gotoHydrated(page, "/la-vie-du-club/bd-humour");
  await expect(page.getByRole("heading", { level: 1, name: "BD humour" })).toBeVisible();
  const images = page.locator("figure img");
  await expect(images).toHaveCount(3);
  for (const img of await images.all()) {
    const alt = (await img.getAttribute("alt")) ?? "";
    expect(alt.length).toBeGreaterThan(100);
    await img.scrollIntoViewIfNeeded();
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
  }
  await expect(page.getByRole("heading", { level: 2, name: "Être fort pour être utile" })).toBeVisible();
});

test.describe("contact form", () => {
  test("happy path: the club receives the message, the visitor sees a confirmation", async ({ page }) => {
    await gotoHydrated(page, "/contact");
    const clubEmail = (await page.locator('a[href^="mailto:"]').first().textContent())!.trim();
    const name = `Camille Test ${Date.now()}`;
    await page.getByLabel(/^Nom/).fill(name);
    await page.getByLabel("Adresse e-mail").fill("camille.test@exemple.fr");
    await page.getByLabel("Objet").selectOption("Cours d'essai");
    await page.getByLabel("Message").fill("Bonjour, puis-je venir essayer le cours adultes de mardi ?");
    await page.getByRole("button", { name: "Envoyer le message" }).click();

    await expect(page).toHaveURL(/\/contact\?envoye=1$/);
    await expect(page.getByRole("status").filter({ hasText: "votre message a bien été envoyé" })).toBeVisible();
    const mail = await waitForMail(clubEmail, new RegExp(name));
    expect(mail.subject).toContain("Cours d'essai");
    expect(mail.replyTo).toContain("camille.test@exemple.fr");
    expect(mail.text).toContain("puis-je venir essayer le cours adultes de mardi ?");
  });

  test("each error is shown next to its field and the typed values are kept", async ({ page }) => {
    await gotoHydrated(page, "/contact");
    await page.getByRole("button", { name: "Envoyer le message" }).click();
    await expect(page.getByRole("alert")).toContainText("corrigez les champs signalés");
    await expect(page.getByLabel(/^Nom/)).toHaveAccessibleDescription("Indiquez votre nom.");
    await expect(page.getByLabel("Adresse e-mail")).toHaveAccessibleDescription(/Indiquez votre adresse e-mail\./);
    await expect(page.getByLabel("Objet")).toHaveAccessibleDescription("Choisissez l'objet de votre message.");
    await expect(page.getByLabel("Message")).toHaveAccessibleDescription("Écrivez votre message.");
    await expect(page.getByLabel(/^Nom/)).toHaveAttribute("aria-invalid", "true");

    await page.getByLabel(/^Nom/).fill("Dominique");
    await page.getByLabel("Adresse e-mail").fill("dominique@");
    await page.getByLabel("Objet").selectOption("Inscription");
    await page.getByLabel("Message").fill("Court");
    await page.getByRole("button", { name: "Envoyer le message" }).click();

    await expect(page.getByLabel("Adresse e-mail")).toHaveAccessibleDescription(/n'est pas valide/);
    await expect(page.getByLabel("Message")).toHaveAccessibleDescription(/au moins 10 caractères/);
    await expect(page.getByLabel(/^Nom/)).not.toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel(/^Nom/)).toHaveValue("Dominique");
    await expect(page.getByLabel("Adresse e-mail")).toHaveValue("dominique@");
    await expect(page.getByLabel("Objet")).toHaveValue("Inscription");
    await expect(page.getByLabel("Message")).toHaveValue("Court");
  });

  test("with JavaScript, a submission the browser refuses moves the focus to the first field in error", async ({
    page,
  }) => {
    await gotoHydrated(page, "/contact");
    const email = page.getByLabel("Adresse e-mail");
    await page.getByLabel(/^Nom/).fill("Dominique");
    await email.fill("dominique@");
    await untilBrowserChecks(email);
    const posts: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST") posts.push(request.url());
    });
    await page.getByLabel(/^Nom/).focus();
    await page.getByRole("button", { name: "Envoyer le message" }).click();
    await expect(email).toBeFocused();
    expect(posts).toEqual([]);
  });

  test("with JavaScript, a field's error shows when it is left, goes as the user corrects it, and no other field is marked", async ({
    page,
  }) => {
    await gotoHydrated(page, "/contact");
    const email = page.getByLabel("Adresse e-mail");
    await email.fill("dominique@");
    await untilBrowserChecks(email);
    await expect(email).toHaveAccessibleDescription(/n'est pas valide/);
    // The message is empty too, but has not been left yet: nothing is said about it.
    await expect(page.getByLabel("Message")).not.toHaveAttribute("aria-invalid", "true");
    await email.pressSequentially("exemple.fr");
    await expect(email).not.toHaveAttribute("aria-invalid", "true");
    await expect(page.getByText(/n'est pas valide/)).toHaveCount(0);
  });

  test("without JavaScript, the server answers the errors next to the fields and keeps what was typed", async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL: process.env.E2E_BASE_URL });
    const page = await context.newPage();
    await page.goto("/contact");
    await page.getByLabel(/^Nom/).fill("Dominique");
    await page.getByLabel("Adresse e-mail").fill("dominique@");
    await page.getByLabel("Message").fill("x".repeat(6000));
    await page.getByRole("button", { name: "Envoyer le message" }).click();
    await expect(page.getByRole("alert")).toContainText("corrigez les champs signalés");
    await expect(page.getByLabel("Adresse e-mail")).toHaveAccessibleDescription(/n'est pas valide/);
    await expect(page.getByLabel("Objet")).toHaveAccessibleDescription("Choisissez l'objet de votre message.");
    await expect(page.getByLabel(/^Nom/)).toHaveValue("Dominique");
    // Never more of a field than its maximum is sent back.
    expect((await page.getByLabel("Message").inputValue()).length).toBe(5000);
    await context.close();
  });

  test("honeypot: hidden from people; when filled, the same confirmation but no mail", async ({ page }) => {
    await gotoHydrated(page, "/contact");
    const trap = page.locator('input[name="site_web"]');
    await expect(trap).toHaveAttribute("tabindex", "-1");
    await expect(page.locator('[aria-hidden="true"]:has(input[name="site_web"])')).toHaveCount(1);
    await expect(page.getByRole("textbox", { name: /Ne pas remplir/ })).toHaveCount(0);

    const name = `Robot ${Date.now()}`;
    await page.getByLabel(/^Nom/).fill(name);
    await page.getByLabel("Adresse e-mail").fill("robot@exemple.fr");
    await page.getByLabel("Objet").selectOption("Autre");
    await page.getByLabel("Message").fill("Achetez nos montres de luxe à prix cassés !");
    await trap.evaluate((el: HTMLInputElement) => {
      el.value = "https://spam.example";
    });
    await page.getByRole("button", { name: "Envoyer le message" }).click();
    await expect(page).toHaveURL(/\/contact\?envoye=1$/);
    await expect(page.getByRole("status").filter({ hasText: "votre message a bien été envoyé" })).toBeVisible();
    await expect(waitForMail("contact@vovinam-creteil.fr", new RegExp(name), 3000)).rejects.toThrow();
  });
});

test.describe("accessibility", () => {
  for (const path of [
    "/la-vie-du-club/actualites",
    "/la-vie-du-club/calendrier",
    "/la-vie-du-club/bd-humour",
    "/contact",
  ]) {
    test(`axe finds no violation on ${path}`, async ({ page }) => {
      await gotoHydrated(page, path);
      expect(await axeViolations(page)).toEqual([]);
    });
  }

  test("axe finds no violation on an article, nor on the contact form with errors", async ({ page }) => {
    await gotoHydrated(page, "/la-vie-du-club/actualites");
    await page.getByRole("article").nth(1).getByRole("heading", { level: 2 }).getByRole("link").click();
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page).toHaveURL(/actualites\/\d+-/);
    expect(await axeViolations(page)).toEqual([]);

    await gotoHydrated(page, "/contact");
    await page.getByRole("button", { name: "Envoyer le message" }).click();
    await expect(page.getByRole("alert")).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });

  test("axe finds no violation on the calendar on a phone", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await gotoHydrated(page, "/la-vie-du-club/calendrier");
    expect(await axeViolations(page)).toEqual([]);
  });
});

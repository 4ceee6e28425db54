/**
 * Articles and events managed by an article_manager: the rich-text editor
 * (bold from the toolbar), a draft that visitors cannot see (404), its
 * publication on /la-vie-du-club/actualites, an event on the public calendar
 * and in the iCalendar feed, and axe on the management pages.
 *
 * Needs the article_manager fixture account of the global setup (E2E_USERS,
 * E2E_USER_PASSWORD; or E2E_ARTICLE_MANAGER_EMAIL / _PASSWORD). Sign-up
 * cannot give that role, so without it the tests are skipped.
 */
import type { Page } from "@playwright/test";
import { axeViolations, expect, gotoHydrated, test } from "./fixtures";

/** The article_manager fixture account of the global setup (E2E_USERS: role -> e-mail). */
function fixtureEmail(): string | undefined {
  try {
    const users = JSON.parse(process.env.E2E_USERS ?? "{}") as Record<string, string>;
    return users.article_manager ?? process.env.E2E_ARTICLE_MANAGER_EMAIL;
  } catch {
    return process.env.E2E_ARTICLE_MANAGER_EMAIL;
  }
}
const email = () => fixtureEmail();
const password = () => process.env.E2E_USER_PASSWORD ?? process.env.E2E_ARTICLE_MANAGER_PASSWORD;

test.beforeEach(() => {
  // The global setup always creates the fixture accounts: their absence is a failure, not a skip.
  if (!email() || !password()) throw new Error("no article_manager fixture account (E2E_USERS / E2E_USER_PASSWORD)");
});

async function signIn(page: Page, target: string) {
  await gotoHydrated(page, `/connexion?redirectTo=${encodeURIComponent(target)}`);
  await page.getByLabel("Adresse e-mail").fill(email()!);
  await page.locator('input[name="password"]').fill(password()!);
  await page.getByRole("button", { name: "Se connecter", exact: true }).click();
  await page.waitForURL((url) => url.pathname === target.split("?")[0]);
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
}

/** "2030-05-14" in Paris, `days` from today. */
function parisDay(days: number): string {
  return new Intl.DateTimeFormat("en-CA", {
    timeZone: "Europe/Paris",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(new Date(Date.now() + days * 86_400_000));
}

test("an article_manager writes a draft with the editor, then publishes it", async ({ page, browser }) => {
  const title = `Stage d’été des ceintures bleues ${Date.now()}`;
  await signIn(page, "/espace-membre/articles");
  await expect(page.getByRole("heading", { level: 1, name: "Articles" })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  await page.getByRole("link", { name: "Nouvel article" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Nouvel article" })).toBeVisible();
  await page.getByRole("textbox", { name: "Titre", exact: true }).fill(title);
  await page.getByLabel("Chapô (résumé)").fill("Une journée de travail technique au gymnase.");

  // The rich-text editor replaces the textarea once its code has loaded.
  const editor = page.getByRole("textbox", { name: "Texte de l’article" });
  await expect(editor).toHaveAttribute("contenteditable", "true");
  expect(await axeViolations(page)).toEqual([]);
  await editor.click();
  await page.keyboard.type("Rendez-vous au gymnase samedi");
  await page.keyboard.press("Shift+Control+ArrowLeft");
  const bold = page.getByRole("button", { name: "Gras" });
  await expect(bold).toHaveAttribute("aria-pressed", "false");
  await bold.click();
  await expect(bold).toHaveAttribute("aria-pressed", "true");
  await expect(editor.locator("strong")).toHaveText("samedi");

  // Saved as a draft (the default status).
  await expect(page.getByLabel(/^Brouillon/)).toBeChecked();
  await page.getByRole("button", { name: "Enregistrer l’article" }).click();
  await expect(page.getByText("L’article a été créé.")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "Modifier l’article" })).toBeVisible();
  const preview = page.getByRole("link", { name: /^Aperçu/ });
  const publicPath = (await preview.getAttribute("href"))!;
  expect(publicPath).toMatch(/^\/la-vie-du-club\/actualites\/\d+-stage-d-ete-des-ceintures-bleues-\d+$/);
  await expect(page.getByRole("textbox", { name: "Texte de l’article" }).locator("strong")).toHaveText("samedi");
  expect(await axeViolations(page)).toEqual([]);

  // The manager previews the draft at its public URL…
  const managerView = await page.request.get(publicPath);
  expect(managerView.status()).toBe(200);
  expect(managerView.headers()["cache-control"]).toContain("no-store");

  // …visitors get nothing.
  const visitor = await browser.newContext();
  const visitorPage = await visitor.newPage();
  const missing = await visitorPage.goto(publicPath);
  expect(missing?.status()).toBe(404);
  await visitorPage.goto("/la-vie-du-club/actualites");
  await expect(visitorPage.getByRole("heading", { level: 1, name: "Actualités du club" })).toBeVisible();
  await expect(visitorPage.getByText(title)).toHaveCount(0);

  // Published.
  await page.getByLabel(/^Publié/).check();
  await page.getByRole("button", { name: "Enregistrer les modifications" }).click();
  await expect(page.getByText("Les modifications ont été enregistrées.")).toBeVisible();

  await visitorPage.goto("/la-vie-du-club/actualites");
  await expect(visitorPage.getByRole("link", { name: title })).toBeVisible();
  const published = await visitorPage.goto(publicPath);
  expect(published?.status()).toBe(200);
  await expect(visitorPage.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(visitorPage.locator("strong", { hasText: "samedi" })).toBeVisible();
  await visitor.close();

  // The list finds it by title, with its status.
  await gotoHydrated(page, `/espace-membre/articles?q=${encodeURIComponent("ceintures bleues")}&statut=publie`);
  const row = page.getByRole("row", { name: new RegExp(title) });
  await expect(row.getByText("Publié", { exact: true })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
});

test("an article_manager creates an event found on the calendar and in the feed", async ({ page, request }) => {
  const title = `Passage de grades de printemps ${Date.now()}`;
  const day = parisDay(3);
  await signIn(page, "/espace-membre/evenements");
  await expect(page.getByRole("heading", { level: 1, name: "Événements" })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  await page.getByRole("link", { name: "Nouvel événement" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Nouvel événement" })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole("textbox", { name: "Titre", exact: true }).fill(title);
  await page.getByLabel("Catégorie").selectOption({ label: "Passage de grades" });
  await page.getByLabel("Début").fill(`${day}T14:00`);
  await page.getByLabel("Fin").fill(`${day}T13:00`);
  await page.getByLabel("Lieu").fill("Gymnase Casalis");
  await page.getByRole("button", { name: "Enregistrer l’événement" }).click();

  // End before start: refused by the field, input kept.
  await expect(page.getByText("La fin doit être après le début.")).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Titre", exact: true })).toHaveValue(title);
  expect(await axeViolations(page)).toEqual([]);

  await page.getByLabel("Fin").fill(`${day}T17:00`);
  await page.getByRole("button", { name: "Enregistrer l’événement" }).click();
  await expect(page.getByText(`L’événement « ${title} » a été enregistré.`)).toBeVisible();
  await expect(page.getByRole("row", { name: new RegExp(title) })).toBeVisible();

  await gotoHydrated(page, `/la-vie-du-club/calendrier?mois=${day.slice(0, 7)}`);
  await expect(page.getByText(title).first()).toBeVisible();

  const feed = await request.get("/la-vie-du-club/calendrier.ics");
  expect(feed.status()).toBe(200);
  const ics = (await feed.text()).replace(/\r\n[ \t]/g, "");
  expect(ics).toContain(`SUMMARY:${title}`);
});

test("without JavaScript the article form falls back to a textarea and still saves", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`/connexion?redirectTo=${encodeURIComponent("/espace-membre/articles/ajouter")}`);
  await page.getByLabel("Adresse e-mail").fill(email()!);
  await page.locator('input[name="password"]').fill(password()!);
  await page.getByRole("button", { name: "Se connecter", exact: true }).click();
  await page.waitForURL((url) => url.pathname === "/espace-membre/articles/ajouter");

  const title = `Article sans JavaScript ${Date.now()}`;
  await page.getByRole("textbox", { name: "Titre", exact: true }).fill(title);
  const body = page.getByRole("textbox", { name: "Texte de l’article" });
  await expect(body).toHaveJSProperty("tagName", "TEXTAREA");
  await body.fill("Premier paragraphe.\n\nSecond paragraphe.");
  await page.getByRole("button", { name: "Enregistrer l’article" }).click();
  await expect(page.getByText("L’article a été créé.")).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Texte de l’article" })).toHaveValue(
    "<p>Premier paragraphe.</p><p>Second paragraphe.</p>",
  );
  await context.close();
});

test("a cover over the size limit gets the French error at once and the article stays as typed (issue 10)", async ({
  page,
}) => {
  await signIn(page, "/espace-membre/articles/ajouter");
  const title = `Article avec une trop grande image ${Date.now()}`;
  await page.getByRole("textbox", { name: "Titre", exact: true }).fill(title);
  const editor = page.getByRole("textbox", { name: "Texte de l’article" });
  await expect(editor).toHaveAttribute("contenteditable", "true");
  await editor.click();
  await page.keyboard.type("Un texte à ne pas perdre");
  await page
    .getByLabel("Choisir une image")
    .setInputFiles({ name: "grande.jpg", mimeType: "image/jpeg", buffer: Buffer.alloc(11 * 1024 * 1024) });
  await page.getByRole("button", { name: "Enregistrer l’article" }).click();
  await expect(
    page.getByText("Ce fichier dépasse la taille maximale de 10 Mo : choisissez un fichier plus léger."),
  ).toBeVisible();
  await expect(page.getByLabel("Choisir une image")).toBeFocused();
  await expect(page.getByRole("button", { name: "Enregistrer l’article" })).toBeEnabled();
  expect(new URL(page.url()).pathname).toBe("/espace-membre/articles/ajouter");
  await expect(page.getByRole("textbox", { name: "Titre", exact: true })).toHaveValue(title);
  await expect(editor).toContainText("Un texte à ne pas perdre");
});

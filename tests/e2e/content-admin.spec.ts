/**
 * Content management by an admin: videos (the embed loads the player only
 * after a click), the schedule shown on /tarifs-horaires, and axe on the
 * dashboard, the videos page and a settings page.
 *
 * Needs the admin fixture account of the global setup (E2E_USERS: role ->
 * e-mail, E2E_USER_PASSWORD); E2E_ADMIN_EMAIL / E2E_ADMIN_PASSWORD override it.
 */
import type { Page } from "@playwright/test";
import { axeViolations, expect, gotoHydrated, test } from "./fixtures";

function fixtureAdmin(): string | undefined {
  try {
    return (JSON.parse(process.env.E2E_USERS ?? "{}") as Record<string, string>).admin;
  } catch {
    return undefined;
  }
}
const email = () => process.env.E2E_ADMIN_EMAIL ?? fixtureAdmin();
const password = () => process.env.E2E_ADMIN_PASSWORD ?? process.env.E2E_USER_PASSWORD;

test.beforeEach(() => {
  // The global setup always creates the fixture accounts: their absence is a failure, not a skip.
  if (!email() || !password()) throw new Error("no admin fixture account (E2E_USERS / E2E_USER_PASSWORD)");
});

async function signInAsAdmin(page: Page, target: string) {
  await gotoHydrated(page, `/connexion?redirectTo=${encodeURIComponent(target)}`);
  const main = page.getByRole("main");
  await main.getByLabel("Adresse e-mail").fill(email()!);
  await main.locator("input[type=password]").fill(password()!);
  await main.getByRole("button", { name: "Se connecter", exact: true }).click();
  await page.waitForURL((url) => url.pathname === target.split("?")[0]);
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
  // The page's forms load their validation code once mounted: start from a settled page.
  await page.waitForLoadState("networkidle");
}

test("an admin adds a video; the player loads only after a click", async ({ page }) => {
  await signInAsAdmin(page, "/espace-membre/videos");
  const title = `Đòn chân tấn công ${Date.now()}`;

  // A host other than YouTube or Vimeo is refused, the input kept.
  const form = page.locator("form", { has: page.getByRole("heading", { name: "Ajouter une vidéo" }) });
  await form.getByRole("textbox", { name: "Titre" }).fill(title);
  await form.getByLabel("Lien de la vidéo").fill("https://www.dailymotion.com/video/x7tgad0");
  await form.getByRole("button", { name: "Ajouter la vidéo" }).click();
  await expect(
    page.getByText("Seuls les liens YouTube (youtube.com, youtu.be) ou Vimeo (vimeo.com) sont acceptés."),
  ).toBeVisible();
  await expect(form.getByRole("textbox", { name: "Titre" })).toHaveValue(title);
  await expect(form.getByLabel("Lien de la vidéo")).toHaveAttribute("aria-invalid", "true");

  await form.getByLabel("Lien de la vidéo").fill("https://youtu.be/dQw4w9WgXcQ");
  await form.getByRole("combobox", { name: "Catégorie" }).selectOption({ label: "Quyền" });
  await form.getByRole("combobox", { name: "Grade" }).selectOption({ index: 1 });
  await form.getByRole("button", { name: "Ajouter la vidéo" }).click();
  await expect(page.getByText("La vidéo a été ajoutée.")).toBeVisible();

  const item = page.locator("li", { has: page.getByRole("heading", { name: title }) });
  await expect(item).toBeVisible();
  await expect(item.getByText("Quyền")).toBeVisible();
  const facade = item.getByRole("link", { name: `Lire la vidéo « ${title} » (YouTube)` });
  await expect(facade).toHaveAttribute("href", "https://www.youtube.com/watch?v=dQw4w9WgXcQ");
  await expect(item.locator("img")).toHaveAttribute("src", "https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg");
  // No player before the click.
  await expect(page.locator("iframe")).toHaveCount(0);

  // Do not let the test reach the real YouTube.
  await page.route("https://www.youtube-nocookie.com/**", (route) =>
    route.fulfill({ status: 200, contentType: "text/html", body: "<p>lecteur</p>" }),
  );
  await facade.click();
  const frame = item.locator("iframe");
  await expect(frame).toHaveAttribute("src", "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1");
  await expect(frame).toHaveAttribute("title", `Vidéo\u00a0: ${title}`);
  expect(page.url()).toContain("/espace-membre/videos");
});

test("an admin edits the schedule and sees it on /tarifs-horaires", async ({ page }) => {
  await signInAsAdmin(page, "/espace-membre/contenu/reglages/horaires");
  const group = `Cours des parents ${Date.now() % 100000}`;
  const blank = page.getByRole("group", { name: /^Nouveau cours/ }).first();
  await blank.getByLabel("Jour").selectOption({ label: "Jeudi" });
  await blank.getByLabel("Début").fill("19:15");
  await blank.getByLabel("Fin").fill("20:45");
  await blank.getByLabel("Groupe").fill(group);
  await blank.getByLabel("Niveau").fill("Débutants");
  await blank.getByLabel("Salle").fill("Salle de danse");
  await page.getByRole("button", { name: "Enregistrer", exact: true }).click();
  await expect(page.getByText("Les réglages ont été enregistrés.")).toBeVisible();
  await expect(page.getByRole("group", { name: /Jeudi 19:15/ })).toBeVisible();

  await gotoHydrated(page, "/tarifs-horaires");
  await expect(page.getByText(group)).toBeVisible();
  // One time style on the site: « 19 h 15 », with non-breaking spaces.
  const hours = page.getByText(/19\sh\s15 – 20\sh\s45/).first();
  await expect(hours).toBeVisible();
  expect(await hours.textContent()).toBe("19\u00a0h\u00a015 – 20\u00a0h\u00a045");
});

test("settings errors are shown next to the field, input kept", async ({ page }) => {
  await signInAsAdmin(page, "/espace-membre/contenu/reglages/dons");
  await page.getByLabel("Adresse du widget HelloAsso").fill("https://exemple.fr/widget");
  await page.getByRole("button", { name: "Enregistrer", exact: true }).click();
  const field = page.getByLabel("Adresse du widget HelloAsso");
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await expect(field).toHaveValue("https://exemple.fr/widget");
  await expect(
    page.getByText("L’adresse doit commencer par https://www.helloasso.com/ (ou laissez vide)."),
  ).toBeVisible();
});

test("axe finds no violation on the dashboard, videos, a settings page and messages", async ({ page }) => {
  // Nine pages, each loaded and checked by axe: 42 s alone on this 2-core machine, more beside another test.
  test.setTimeout(120_000);
  await signInAsAdmin(page, "/espace-membre/contenu");
  for (const path of [
    "/espace-membre/contenu",
    "/espace-membre/videos",
    "/espace-membre/contenu/reglages/horaires",
    "/espace-membre/contenu/reglages/identite",
    "/espace-membre/contenu/messages",
    "/espace-membre/contenu/documents",
    "/espace-membre/contenu/bd",
    "/espace-membre/contenu/brochure",
    "/espace-membre/contenu/bannieres",
  ]) {
    await gotoHydrated(page, path);
    await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
    expect(await axeViolations(page), path).toEqual([]);
  }
});

test("the banner form refuses a missing image next to the field, and a too-large one before sending", async ({
  page,
}) => {
  await signInAsAdmin(page, "/espace-membre/contenu/bannieres");
  await page.getByRole("button", { name: "Enregistrer l’image" }).click();
  await expect(page.getByText("Choisissez une image (JPEG, PNG ou WebP).")).toBeVisible();
  await page
    .locator('input[type="file"][name="file"]')
    .setInputFiles({ name: "grande.png", mimeType: "image/png", buffer: Buffer.alloc(11 * 1024 * 1024) });
  await page.getByRole("button", { name: "Enregistrer l’image" }).click();
  await expect(
    page.getByText("Ce fichier dépasse la taille maximale de 10 Mo : choisissez un fichier plus léger."),
  ).toBeVisible();
  expect(new URL(page.url()).pathname).toBe("/espace-membre/contenu/bannieres");
  expect(await axeViolations(page)).toEqual([]);
});

/**
 * Trial-class requests in the browser: on a 390 px
 * phone a visitor goes from the home page to /cours-d-essai, books a session
 * and receives the confirmation e-mail (local SMTP server of the global
 * setup); without JavaScript a refused request keeps what was typed; a
 * manager moves the request on the board and turns it into a registration in
 * one click. axe finds nothing on the new pages at 390 and 1366 px.
 */
import type { Page } from "@playwright/test";
import { e2eUser, signInWithForm } from "./auth-helpers";
import { axeViolations, expect, gotoHydrated, test, uniqueEmail, untilInteractive, waitForMail } from "./fixtures";

const phone = { width: 390, height: 844 };
const desktop = { width: 1366, height: 900 };
test.use({ viewport: phone });

/** Picks the first session that still has a place; returns its label's text. */
async function pickFirstSession(page: Page): Promise<string> {
  const radio = page.locator('input[type="radio"][name="session"]:not([disabled])').first();
  await radio.check();
  return (await radio.locator("xpath=ancestor::label").innerText()).trim();
}

test("a visitor books a trial class from the home page on a phone and gets the confirmation e-mail", async ({
  page,
}, testInfo) => {
  await gotoHydrated(page, "/");
  await page.locator("main").getByRole("link", { name: "Essayer un cours" }).click();
  await expect(page).toHaveURL(/\/cours-d-essai$/);
  // Home loads no script for a visitor: this page was loaded, and comes alive.
  await untilInteractive(page);
  await expect(page.getByRole("heading", { level: 1, name: "Cours d'essai" })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath("cours-d-essai-390.png"), fullPage: true });
  expect(await axeViolations(page)).toEqual([]);

  const email = uniqueEmail("essai");
  const chosen = await pickFirstSession(page);
  await page.getByLabel(/^Prénom/).fill("Camille");
  await page.getByLabel(/^Nom \*?$/).fill("Durand");
  await page.getByLabel(/^Tranche d'âge/).selectOption("adulte");
  await page.getByLabel("Adresse e-mail").fill(email);
  await page.getByLabel("Message (facultatif)").fill("Débutante, jamais pratiqué d'art martial.");
  await page.getByRole("button", { name: "Réserver le cours d'essai" }).click();

  await expect(page).toHaveURL(/\/cours-d-essai\?envoye=1/);
  const status = page.getByRole("status").filter({ hasText: "votre demande de cours d'essai est enregistrée" });
  await expect(status).toBeVisible();
  await expect(status).toContainText("Un e-mail de confirmation vous a été envoyé");
  await page.screenshot({ path: testInfo.outputPath("cours-d-essai-merci-390.png"), fullPage: true });
  expect(await axeViolations(page)).toEqual([]);

  const mail = await waitForMail(email, /^Votre cours d'essai du /);
  expect(mail.text).toContain("Bonjour Camille,");
  expect(mail.text).toContain("À prévoir\u00a0: une tenue de sport confortable et une gourde d'eau.");
  expect(mail.text).toMatch(/Lieu\u00a0: .+, .+ \d{5} /);
  // The session chosen on the page is the one in the e-mail (its start time).
  const start = chosen.split("–")[0]!.trim();
  expect(mail.text).toContain(`de ${start} à`);
});

test("the contact page leads to the booking page", async ({ page }) => {
  await gotoHydrated(page, "/contact");
  await page.locator("main").getByRole("link", { name: "Réserver un cours d'essai" }).click();
  await expect(page).toHaveURL(/\/cours-d-essai$/);
});

test("without JavaScript, a refused request shows the errors next to the fields and keeps what was typed", async ({
  browser,
}) => {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    viewport: phone,
    baseURL: process.env.E2E_BASE_URL,
  });
  const page = await context.newPage();
  await page.goto("/cours-d-essai");
  await page.getByLabel(/^Prénom/).fill("Léo");
  await page.getByLabel(/^Nom \*?$/).fill("Bernard");
  await page.getByLabel(/^Tranche d'âge/).selectOption("enfant");
  await page.getByLabel("Message (facultatif)").fill("Il a 8 ans.");
  await page.getByRole("button", { name: "Réserver le cours d'essai" }).click();
  await expect(page.getByRole("alert")).toContainText("corrigez les champs signalés");
  await expect(page.getByRole("group", { name: /Le cours/ })).toHaveAccessibleDescription(
    "Choisissez le cours auquel vous voulez venir.",
  );
  await expect(page.getByLabel("Nom du parent")).toHaveAccessibleDescription(/indiquez le nom du parent/);
  await expect(page.getByLabel("Adresse e-mail")).toHaveAccessibleDescription(
    /Indiquez une adresse e-mail ou un numéro de téléphone/,
  );
  await expect(page.getByLabel(/^Prénom/)).toHaveValue("Léo");
  await expect(page.getByLabel(/^Tranche d'âge/)).toHaveValue("enfant");
  await expect(page.getByLabel("Message (facultatif)")).toHaveValue("Il a 8 ans.");
  await context.close();
});

test("the form with its errors has no accessibility violation at 390 and 1366 px", async ({ page }, testInfo) => {
  for (const viewport of [phone, desktop]) {
    await page.setViewportSize(viewport);
    await gotoHydrated(page, "/cours-d-essai");
    await page.getByRole("button", { name: "Réserver le cours d'essai" }).click();
    await expect(page.getByRole("alert")).toContainText("corrigez les champs signalés");
    await page.screenshot({ path: testInfo.outputPath(`cours-d-essai-erreurs-${viewport.width}.png`), fullPage: true });
    expect(await axeViolations(page)).toEqual([]);
  }
});

test("a manager moves a request on the board and turns it into a registration in one click", async ({
  page,
  browser,
}, testInfo) => {
  // A visitor's request (another browser, as a visitor would).
  const visitor = await browser.newContext({ viewport: phone, baseURL: process.env.E2E_BASE_URL });
  const vpage = await visitor.newPage();
  await gotoHydrated(vpage, "/cours-d-essai");
  await pickFirstSession(vpage);
  const prenom = `Inès${Date.now()}`;
  const email = uniqueEmail("famille");
  await vpage.getByLabel(/^Prénom/).fill(prenom);
  await vpage.getByLabel(/^Nom \*?$/).fill("Martin");
  await vpage.getByLabel(/^Tranche d'âge/).selectOption("enfant");
  await vpage.getByLabel("Nom du parent").fill("Sophie Martin");
  await vpage.getByLabel("Adresse e-mail").fill(email);
  await vpage.getByRole("button", { name: "Réserver le cours d'essai" }).click();
  await expect(vpage).toHaveURL(/envoye=1/);
  await visitor.close();

  const admin = e2eUser("admin");
  await signInWithForm(page, admin.email, admin.password);
  await expect(page).toHaveURL(/\/espace-membre/);
  await gotoHydrated(page, "/espace-membre/essais");
  const card = page.locator("li", { has: page.getByRole("heading", { name: new RegExp(prenom) }) });
  await expect(card).toContainText("Sophie Martin");
  expect(await axeViolations(page)).toEqual([]);
  await page.screenshot({ path: testInfo.outputPath("essais-390.png"), fullPage: true });

  await card.getByLabel("Statut").selectOption("essai-prevu");
  await card.getByLabel("Note (facultatif)").fill("Vient mercredi avec sa mère.");
  await card.getByRole("button", { name: "Enregistrer" }).click();
  await expect(page.getByRole("status").filter({ hasText: "La demande a été mise à jour." })).toBeVisible();

  await gotoHydrated(page, "/espace-membre/essais?statut=essai-prevu");
  const planned = page.locator("li", { has: page.getByRole("heading", { name: new RegExp(prenom) }) });
  await planned.getByRole("button", { name: `Inscrire ${prenom} Martin` }).click();
  await expect(page.getByRole("status").filter({ hasText: "Le compte a été créé" })).toBeVisible();
  const welcome = await waitForMail(email, /Votre compte sur le site du club/);
  expect(welcome.text).toContain(`Pour inscrire ${prenom} au club pour la saison`);

  await gotoHydrated(page, "/espace-membre/essais?statut=inscrit");
  await expect(page.locator("li", { has: page.getByRole("heading", { name: new RegExp(prenom) }) })).toContainText(
    "Voir le compte",
  );
  for (const viewport of [phone, desktop]) {
    await page.setViewportSize(viewport);
    await gotoHydrated(page, "/espace-membre/essais?statut=inscrit");
    expect(await axeViolations(page)).toEqual([]);
    await gotoHydrated(page, "/espace-membre/contenu");
    await expect(page.getByTestId("trial-conversion")).toContainText("Cours d'essai");
    expect(await axeViolations(page)).toEqual([]);
  }
  await page.setViewportSize(desktop);
  await gotoHydrated(page, "/espace-membre/essais?statut=inscrit");
  await page.screenshot({ path: testInfo.outputPath("essais-1366.png"), fullPage: true });
  await gotoHydrated(page, "/cours-d-essai");
  await page.screenshot({ path: testInfo.outputPath("cours-d-essai-1366.png"), fullPage: true });
});

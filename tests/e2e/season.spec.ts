/**
 * The season in the browser, on a 390 px phone: a manager opens the
 * registration campaign; a new parent signs up, adds two children, registers
 * the three of them in one form (saving a draft first), pays through the
 * local HelloAsso server (global setup) and comes back paid; the manager sees
 * no payment left awaiting; the parent sends a medical certificate and the
 * manager accepts it. axe finds nothing on the pages of the flow.
 */
import type { Page } from "@playwright/test";
import { e2eUser, signInWithForm } from "./auth-helpers";
import { axeViolations, expect, gotoHydrated, test, uniqueEmail } from "./fixtures";

const phone = { width: 390, height: 844 };
test.use({ viewport: phone });

async function addChild(page: Page, prenom: string, born: string) {
  const form = page.locator("#profil-ajouter");
  await form.getByLabel(/^Prénom/).fill(prenom);
  await form.getByLabel("Nom", { exact: true }).fill("Pham");
  await form.getByLabel("Date de naissance").fill(born);
  await form.getByLabel(/^Lien avec vous/).selectOption("enfant");
  await form.getByRole("button", { name: "Ajouter ce profil" }).click();
  // The family section (the portraits section lists the profiles too).
  const family = page.locator("section", {
    has: page.getByRole("heading", { level: 2, name: "Les profils de ma famille" }),
  });
  await expect(family.getByText(`${prenom} Pham`, { exact: true })).toBeVisible();
}

test("a parent registers two children and themself, pays the first instalment through HelloAsso, and the manager sees the instalments under way", async ({
  page,
  browser,
}) => {
  // The whole season in one walk (two accounts, HelloAsso, an upload): longer than the default 45 s on a loaded machine.
  test.setTimeout(120_000);
  // The manager opens the campaign (once for the run).
  const managerContext = await browser.newContext({ viewport: phone, baseURL: process.env.E2E_BASE_URL });
  const manager = await managerContext.newPage();
  const admin = e2eUser("admin");
  await signInWithForm(manager, admin.email, admin.password);
  await expect(manager).toHaveURL(/\/espace-membre/);
  await gotoHydrated(manager, "/espace-membre/saison/campagne");
  expect(await axeViolations(manager)).toEqual([]);
  const open = manager.getByRole("button", { name: "Ouvrir les inscriptions" });
  if (await open.isVisible()) {
    await open.click();
    await expect(manager.getByText("Les inscriptions sont ouvertes.", { exact: true })).toBeVisible();
  }

  // A new parent.
  const email = uniqueEmail("famille");
  await gotoHydrated(page, "/inscription");
  await page.getByLabel("Prénom").fill("Hoa");
  await page.getByLabel(/^Nom/).fill("Pham");
  await page.getByLabel("Adresse e-mail").fill(email);
  await page.getByLabel(/^Mot de passe/).fill("la phrase de passe de la famille");
  await page.getByRole("button", { name: "Créer mon compte" }).click();
  await expect(page).toHaveURL(/\/espace-membre$/);
  await gotoHydrated(page, "/espace-membre/profil");
  await addChild(page, "Minh", "2016-03-12");
  await addChild(page, "Linh", "2013-11-02");

  // The registration form: one fieldset per profile.
  await gotoHydrated(page, "/espace-membre/inscription");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^Inscription \d{4}-\d{4}$/);
  expect(await axeViolations(page)).toEqual([]);
  const groups = { Hoa: "Adultes (16 ans et plus)", Minh: "Enfants (6-11 ans)", Linh: "Adolescents (12-15 ans)" };
  for (const [prenom, group] of Object.entries(groups)) {
    const set = page.getByRole("group", { name: new RegExp(`^${prenom} Pham`) });
    await set.getByLabel(`Inscrire ${prenom} pour la saison`, { exact: false }).check();
    await set.getByLabel("Groupe", { exact: true }).selectOption(group);
    await set.getByLabel("Contacts en cas d'urgence (nom et téléphone)").fill("Tuan Pham 06 98 76 54 32");
    await set.getByLabel(/J'accepte le règlement du club/).check();
  }
  // Saved as a draft, then resumed.
  await page.getByRole("button", { name: "Enregistrer le brouillon" }).click();
  await expect(page.getByText("Votre brouillon est enregistré")).toBeVisible();
  // A minor without a parent's authorisation is refused next to the field. Sent from the keyboard: the
  // draft's answer scrolls the page smoothly to the top and the banner's padding moves the form, so a
  // click's point could land on the draft button just below on a slow machine (CI, stop 28).
  await page.getByRole("button", { name: "Valider l'inscription" }).press("Enter");
  await expect(page.getByText("Minh est mineur : l'autorisation d'un parent est nécessaire.")).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  for (const prenom of ["Minh", "Linh"]) {
    await page
      .getByRole("group", { name: new RegExp(`^${prenom} Pham`) })
      .getByLabel(/j'autorise sa pratique/)
      .check();
  }
  await page.getByLabel("Paiement", { exact: true }).selectOption("3");
  await page.getByRole("button", { name: "Valider l'inscription" }).click();

  // Payment page, then the local HelloAsso, then back.
  await expect(page).toHaveURL(/\/espace-membre\/inscription\/paiement$/);
  await expect(page.getByText("en attente de paiement")).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole("button", { name: "Payer avec HelloAsso" }).click();
  await expect(page.getByRole("heading", { name: "Paiement HelloAsso (serveur de test)" })).toBeVisible();
  await page.getByRole("button", { name: "Payer" }).click();
  await expect(page).toHaveURL(/\/espace-membre\/inscription\/paiement\?checkoutIntentId=\d+/);
  await expect(page.getByText("Merci : HelloAsso confirme votre paiement.")).toBeVisible();
  // Paid only once every instalment is collected; the schedule says what is to come.
  await expect(page.getByText("paiement en cours", { exact: true })).toBeVisible();
  const schedule = page.getByRole("table", { name: "Échéancier de l'inscription" });
  await expect(schedule.getByText("encaissé")).toHaveCount(1);
  await expect(schedule.getByText("à venir")).toHaveCount(2);
  expect(await axeViolations(page)).toEqual([]);

  // The manager sees the family's instalments under way, not yet paid.
  await gotoHydrated(manager, "/espace-membre/saison/paiements");
  await expect(manager.getByRole("heading", { level: 1 })).toHaveText(/^Paiements de la saison/);
  const awaitingList = manager.getByRole("region", { name: "Inscriptions en attente de paiement" });
  await expect(awaitingList.getByText(email)).toBeVisible();
  await expect(awaitingList.getByText("(paiement en cours)")).toBeVisible();
  await expect(manager.getByRole("region", { name: /^Inscriptions payées/ }).getByText(email)).toHaveCount(0);
  expect(await axeViolations(manager)).toEqual([]);

  // The parent sends Hoa's medical certificate from the phone…
  await page.getByRole("link", { name: "Pièces du dossier" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^Pièces du dossier \d{4}-\d{4}$/);
  expect(await axeViolations(page)).toEqual([]);
  const hoa = page.getByRole("region", { name: "Hoa Pham" });
  await expect(hoa.getByText("Certificat médical à fournir")).toBeVisible();
  await hoa.getByLabel("Date écrite sur le document").fill("2025-10-01");
  await hoa
    .getByLabel(/^Fichier/)
    .setInputFiles({ name: "certificat.pdf", mimeType: "application/pdf", buffer: Buffer.from("%PDF-1.4\n%%EOF\n") });
  await hoa.getByRole("button", { name: "Envoyer le document de Hoa Pham" }).click();
  await expect(page.getByText("Document envoyé : le club le vérifie", { exact: false })).toBeVisible();
  await expect(
    page.getByRole("region", { name: "Hoa Pham" }).getByText(/En cours de vérification par le club/),
  ).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  if (process.env.SCREENSHOTS_DIR)
    await page.screenshot({ path: `${process.env.SCREENSHOTS_DIR}/pieces-390.png`, fullPage: true });

  // … and the manager opens it and accepts it: the medical status is computed again.
  await gotoHydrated(manager, "/espace-membre/saison/pieces");
  const item = manager.getByRole("listitem").filter({ hasText: "Hoa Pham : Certificat médical du 1er octobre 2025" });
  await expect(item).toBeVisible();
  expect(await axeViolations(manager)).toEqual([]);
  if (process.env.SCREENSHOTS_DIR)
    await manager.screenshot({ path: `${process.env.SCREENSHOTS_DIR}/saison-pieces-390.png`, fullPage: true });
  await item.getByRole("button", { name: "Accepter le document de Hoa Pham" }).click();
  await expect(manager.getByText("Document accepté : le dossier médical du membre est à jour.")).toBeVisible();
  await gotoHydrated(page, "/espace-membre/inscription/pieces");
  await expect(page.getByRole("region", { name: "Hoa Pham" }).getByText("En règle", { exact: true })).toBeVisible();
  await managerContext.close();
});

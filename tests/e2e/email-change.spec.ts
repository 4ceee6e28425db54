/**
 * E-mail change in the browser: the profile asks, the new
 * address receives a link (local SMTP server), the link's page confirms with
 * a button, at 390 px, with no axe violation; then the new address signs in.
 */
import { axeViolations, expect, gotoHydrated, test, uniqueEmail, waitForMail } from "./fixtures";
import { signInWithForm } from "./auth-helpers";

test.use({ viewport: { width: 390, height: 844 } });

test("a new e-mail address takes effect once confirmed from the link", async ({ page }) => {
  const email = uniqueEmail("ancienne");
  const next = uniqueEmail("nouvelle");
  const password = "une phrase de passe pour le tatami";
  await gotoHydrated(page, "/inscription");
  await page.getByLabel("Prénom").fill("Thảo");
  await page.getByLabel(/^Nom/).fill("Phạm");
  await page.getByLabel("Adresse e-mail").fill(email);
  await page.getByLabel(/^Mot de passe/).fill(password);
  await page.getByRole("button", { name: "Créer mon compte" }).click();
  await page.waitForURL((url) => url.pathname.startsWith("/espace-membre"));

  await gotoHydrated(page, "/espace-membre/profil");
  const section = page.locator("section", { has: page.getByRole("heading", { level: 2, name: "Adresse e-mail" }) });
  await section.getByLabel("Nouvelle adresse e-mail").fill(next);
  await section.getByLabel("Mot de passe actuel").fill(password);
  await section.getByRole("button", { name: "Changer d'adresse e-mail" }).click();
  await expect(page.getByText(`Un lien de confirmation a été envoyé à ${next}.`, { exact: false })).toBeVisible();
  await expect(section.getByText(email)).toBeVisible();

  await waitForMail(email, /Demande de changement/);
  const mail = await waitForMail(next, /Confirmez votre nouvelle adresse/);
  const link = mail.text?.match(/https?:\/\/\S+\/confirmer-email\?jeton=\S+/)?.[0];
  expect(link).toBeTruthy();
  await gotoHydrated(page, new URL(link!).pathname + new URL(link!).search);
  await expect(page.getByText(next)).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole("button", { name: "Confirmer cette adresse" }).click();
  await expect(page.getByText(`Votre adresse e-mail est désormais ${next}.`)).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  await page.context().clearCookies();
  await signInWithForm(page, next, password);
  await page.waitForURL((url) => url.pathname.startsWith("/espace-membre"));
});

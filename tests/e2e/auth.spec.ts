/**
 * Accounts in the browser: sign-up, sign-in, logout; return to the page of
 * origin; Google sign-in against a local OIDC server (new user, and an e-mail
 * that has a password account); forgot password through the local SMTP
 * server; the account area of the top bar on desktop and mobile.
 */
import type { Page } from "@playwright/test";
import { OAuth2Server } from "oauth2-mock-server";
import { e2eUser, signInWithForm } from "./auth-helpers";
import { axeViolations, expect, gotoHydrated, test, uniqueEmail, untilBrowserChecks, waitForMail } from "./fixtures";

const oidc = new OAuth2Server();
let claims: Record<string, unknown> = {};

test.beforeAll(async () => {
  await oidc.issuer.keys.generate("RS256");
  oidc.service.on("beforeTokenSigning", (token) => Object.assign(token.payload, claims));
  await oidc.start(Number(process.env.E2E_OIDC_PORT), "localhost");
});

test.afterAll(async () => {
  await oidc.stop();
});

const desktop = { width: 1280, height: 900 };
const mobile = { width: 390, height: 844 };

async function signUp(page: Page, prenom: string, nom: string, email: string, password: string) {
  await gotoHydrated(page, "/inscription");
  await page.getByLabel("Prénom").fill(prenom);
  await page.getByLabel(/^Nom/).fill(nom);
  await page.getByLabel("Adresse e-mail").fill(email);
  await page.getByLabel(/^Mot de passe/).fill(password);
  await page.getByRole("button", { name: "Créer mon compte" }).click();
}

async function openMobileMenu(page: Page) {
  await page.getByRole("button", { name: "Menu" }).click();
  await expect(page.getByTestId("menu-mobile")).toBeVisible();
}

test.describe("password accounts", () => {
  test.use({ viewport: desktop });

  test("sign-up, then logout, then sign-in again", async ({ page }) => {
    const email = uniqueEmail("inscription");
    const password = "ma phrase de passe du club";
    await signUp(page, "Hélène", "Tran", email, password);
    await expect(page).toHaveURL(/\/espace-membre$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Bonjour Hélène");
    await expect(page.getByText("Votre inscription est en attente de validation.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Télécharger les documents d'inscription" })).toBeVisible();
    const bar = page.getByTestId("desktop-account");
    await expect(bar.getByTestId("account-first-name")).toHaveText("Hélène");
    await expect(bar.getByTestId("account-role")).toHaveText("pré-inscrit");

    await bar.getByRole("button", { name: "Déconnexion" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId("desktop-sign-in")).toBeVisible();
    const guarded = await page.goto("/espace-membre");
    expect(guarded?.url()).toContain("/connexion?redirectTo=%2Fespace-membre");

    await signInWithForm(page, email, password);
    await expect(page).toHaveURL(/\/espace-membre$/);
    await expect(page.getByTestId("account-first-name")).toHaveText("Hélène");
  });

  test("wrong password: the catalogue message, in an alert, e-mail kept", async ({ page }) => {
    const { email } = e2eUser("membre");
    await signInWithForm(page, email, "pas le bon mot de passe");
    await expect(page.getByRole("alert")).toContainText("E-mail ou mot de passe incorrect.");
    await expect(page.getByLabel("Adresse e-mail")).toHaveValue(email);
  });

  test("without JavaScript, sign-in and sign-up answer their errors, keep what was typed, never the password", async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL: process.env.E2E_BASE_URL });
    const page = await context.newPage();
    const { email } = e2eUser("membre");
    await page.goto("/connexion");
    await page.getByLabel("Adresse e-mail").fill(email);
    await page.locator("input[name=password]").fill("pas le bon mot de passe");
    await page.getByRole("button", { name: "Se connecter", exact: true }).click();
    await expect(page.getByRole("alert")).toContainText("E-mail ou mot de passe incorrect.");
    await expect(page.getByLabel("Adresse e-mail")).toHaveValue(email);
    await expect(page.locator("input[name=password]")).toHaveValue("");

    await page.goto("/inscription");
    await page.getByLabel("Prénom").fill("Noé");
    await page.getByLabel("Adresse e-mail").fill("noe@");
    await page.getByLabel(/^Mot de passe/).fill("court");
    await page.getByRole("button", { name: "Créer mon compte" }).click();
    await expect(page.getByLabel(/^Nom/)).toHaveAccessibleDescription("Saisissez votre nom.");
    await expect(page.getByLabel("Adresse e-mail")).toHaveAccessibleDescription(/n'est pas valide/);
    await expect(page.getByLabel(/^Mot de passe/)).toHaveAccessibleDescription(/au moins 8 caractères/);
    await expect(page.getByLabel("Prénom")).toHaveValue("Noé");
    await expect(page.getByLabel(/^Mot de passe/)).toHaveValue("");
    await context.close();
  });

  test("with JavaScript, the browser refuses a malformed e-mail and focuses it", async ({ page }) => {
    await gotoHydrated(page, "/inscription");
    await page.getByLabel("Prénom").fill("Noé");
    await page.getByLabel(/^Nom/).fill("Roux");
    await page.getByLabel("Adresse e-mail").fill("noe@");
    await page.getByLabel(/^Mot de passe/).fill("une phrase assez longue");
    await untilBrowserChecks(page.getByLabel("Adresse e-mail"));
    await page.getByLabel("Prénom").focus();
    await page.getByRole("button", { name: "Créer mon compte" }).click();
    await expect(page.getByLabel("Adresse e-mail")).toBeFocused();
    await expect(page.getByLabel("Adresse e-mail")).toHaveAccessibleDescription(/n'est pas valide/);
    await expect(page).toHaveURL(/\/inscription$/);
  });

  test("sign-up with an e-mail already used: links to sign in and to reset the password", async ({ page }) => {
    const { email } = e2eUser("membre");
    await signUp(page, "Autre", "Personne", email, "une autre phrase de passe");
    const alert = page.getByRole("alert");
    await expect(alert).toContainText("Un compte existe déjà avec cette adresse e-mail.");
    await expect(alert.getByRole("link", { name: "Se connecter" })).toHaveAttribute("href", "/connexion");
    await expect(alert.getByRole("link", { name: "Réinitialiser le mot de passe" })).toHaveAttribute(
      "href",
      "/mot-de-passe-oublie",
    );
  });

  test("a common password is refused next to the field", async ({ page }) => {
    await signUp(page, "Paul", "Simple", uniqueEmail("faible"), "azertyuiop");
    await expect(page.getByText(/fait partie des plus courants/)).toBeVisible();
    await expect(page.getByLabel(/^Mot de passe/)).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("Prénom")).toHaveValue("Paul");
  });

  test("sign-in sends the visitor back to the page of origin", async ({ page }) => {
    const { email, password } = e2eUser("membre");
    await page.goto("/espace-membre/profil?onglet=famille");
    await expect(page).toHaveURL(/\/connexion\?redirectTo=%2Fespace-membre%2Fprofil%3Fonglet%3Dfamille$/);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    await page.getByLabel("Adresse e-mail").fill(email);
    await page.getByLabel(/^Mot de passe/).fill(password);
    await page.getByRole("button", { name: "Se connecter", exact: true }).click();
    await expect(page).toHaveURL(/\/espace-membre\/profil\?onglet=famille$/);
  });

  test("an outside redirectTo is ignored (no open redirect)", async ({ page }) => {
    const { email, password } = e2eUser("membre");
    await signInWithForm(page, email, password, "/connexion?redirectTo=%2F%2Fpirate.example%2F");
    await expect(page).toHaveURL(/\/espace-membre$/);
  });

  test("forgot password: e-mail through SMTP, new password, sign-in with it", async ({ page }) => {
    const email = uniqueEmail("oubli");
    await signUp(page, "Marc", "Oubli", email, "première phrase de passe");
    await expect(page).toHaveURL(/\/espace-membre$/);
    await page.getByTestId("desktop-account").getByRole("button", { name: "Déconnexion" }).click();
    await expect(page).toHaveURL(/\/$/);

    await gotoHydrated(page, "/mot-de-passe-oublie");
    await page.getByLabel("Adresse e-mail").fill(email);
    await page.getByRole("button", { name: "Recevoir le lien" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Si un compte existe" })).toBeVisible();

    const mail = await waitForMail(email, /Réinitialisation/);
    const link = mail.text?.match(/https?:\/\/\S+reinitialiser-mot-de-passe\?token=\S+/)?.[0];
    expect(link).toBeTruthy();
    await gotoHydrated(page, link!);
    await page.getByLabel("Nouveau mot de passe").fill("seconde phrase de passe");
    await page.getByRole("button", { name: "Enregistrer le mot de passe" }).click();
    await expect(page).toHaveURL(/\/connexion\?reinitialise=1$/);
    await expect(page.getByText("Votre mot de passe a été modifié.")).toBeVisible();

    // The link served once.
    await gotoHydrated(page, link!);
    await expect(page.getByRole("alert")).toContainText("Ce lien de réinitialisation n'est plus valable");

    await signInWithForm(page, email, "première phrase de passe");
    await expect(page.getByRole("alert")).toContainText("E-mail ou mot de passe incorrect.");
    await signInWithForm(page, email, "seconde phrase de passe");
    await expect(page).toHaveURL(/\/espace-membre$/);
  });

  test("the account pages have no accessibility violation", async ({ page }) => {
    for (const path of [
      "/connexion",
      "/inscription",
      "/mot-de-passe-oublie",
      "/reinitialiser-mot-de-passe?token=inconnu",
    ]) {
      await gotoHydrated(page, path);
      expect(await axeViolations(page), path).toEqual([]);
    }
  });
});

test.describe("Google sign-in (local OIDC server)", () => {
  test.use({ viewport: desktop });

  test("a new user: the display name is split in the top bar", async ({ page }) => {
    const email = uniqueEmail("google");
    claims = { email, email_verified: true, name: "Anne Marie Nguyen", sub: `sub-${email}` };
    await gotoHydrated(page, "/connexion");
    await page.getByRole("button", { name: "Se connecter avec Google" }).click();
    await expect(page).toHaveURL(/\/espace-membre$/);
    await expect(page.getByTestId("account-first-name")).toHaveText("Anne Marie");
    await expect(page.getByTestId("account-role")).toHaveText("pré-inscrit");
  });

  test("an e-mail that has a password account: the error message", async ({ page }) => {
    const { email } = e2eUser("membre");
    claims = { email, email_verified: true, name: "Quelqu'un", sub: `sub-${email}` };
    await gotoHydrated(page, "/connexion");
    await page.getByRole("button", { name: "Se connecter avec Google" }).click();
    await expect(page).toHaveURL(/\/connexion\?erreur=auth%2Faccount-exists-with-password/);
    await expect(page.getByRole("alert")).toContainText("Un compte existe déjà avec cet e-mail.");
    await expect(page.getByTestId("desktop-sign-in")).toBeVisible();
  });
});

test.describe("top bar account area", () => {
  test("desktop, signed out then signed in", async ({ page }) => {
    await page.setViewportSize(desktop);
    await gotoHydrated(page, "/");
    await expect(page.getByTestId("desktop-sign-in")).toBeVisible();
    await expect(page.getByTestId("desktop-sign-in")).toHaveText("Connexion");

    const { email, password } = e2eUser("user_manager");
    await signInWithForm(page, email, password);
    await expect(page).toHaveURL(/\/espace-membre$/);
    const bar = page.getByTestId("desktop-account");
    await expect(bar.getByTestId("account-first-name")).toHaveText("Essai");
    await expect(bar.getByTestId("account-role")).toHaveText("user manager");
    await expect(bar.getByRole("link", { name: "Espace membre" })).toHaveAttribute("href", "/espace-membre");
    await expect(bar.getByRole("button", { name: "Déconnexion" })).toBeVisible();
    // Server-rendered: no signed-out flash on a full reload.
    const html = await (await page.request.get("/")).text();
    expect(html).toContain('data-testid="desktop-account"');
    // Signed in, home keeps React's scripts (a visitor gets it without them).
    await gotoHydrated(page, "/");
    expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBe("true");
    await expect(page.getByTestId("desktop-account").getByTestId("account-first-name")).toHaveText("Essai");
  });

  test("mobile, signed out then signed in", async ({ page }) => {
    await page.setViewportSize(mobile);
    await gotoHydrated(page, "/tarifs-horaires");
    await expect(page.getByTestId("desktop-sign-in")).toBeHidden();
    await openMobileMenu(page);
    await expect(page.getByTestId("mobile-sign-in")).toHaveText("Connexion");

    const { email, password } = e2eUser("article_manager");
    await signInWithForm(page, email, password);
    await expect(page).toHaveURL(/\/espace-membre$/);
    await openMobileMenu(page);
    const area = page.getByTestId("mobile-account");
    await expect(area.getByTestId("account-full-name")).toHaveText("Essai article_manager");
    await expect(area.getByTestId("account-roles")).toHaveText("article manager");
    await expect(area.getByRole("link", { name: "Mon Espace" })).toBeVisible();
    await area.getByRole("button", { name: "Déconnexion" }).click();
    await expect(page).toHaveURL(/\/$/);
    await openMobileMenu(page);
    await expect(page.getByTestId("mobile-sign-in")).toBeVisible();
  });

  test("a member sees the member-area navigation of their roles only", async ({ page }) => {
    await page.setViewportSize(desktop);
    const { email, password } = e2eUser("membre");
    await signInWithForm(page, email, password);
    const nav = page.getByRole("navigation", { name: "Espace membre" });
    await expect(nav.getByRole("link", { name: "Mon profil" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Utilisateurs" })).toHaveCount(0);
    await expect(nav.getByRole("link", { name: "Articles" })).toHaveCount(0);
  });
});

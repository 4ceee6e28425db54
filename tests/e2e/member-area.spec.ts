/**
 * The member area for a parent: adds a child, selects the child, sees the
 * child's grade and revision material, clears the selection; edits their
 * profile (validation error, then success); the e-mail change asks for the
 * password; axe finds nothing on the member pages.
 *
 * Needs a member account: the "membre" fixture account of the global setup
 * (E2E_USERS / E2E_USER_PASSWORD), or E2E_MEMBER_EMAIL / E2E_MEMBER_PASSWORD. The spec leaves the account
 * as it found it (the child is removed, the e-mail is never changed).
 */
import type { Page } from "@playwright/test";
import { axeViolations, expect, gotoHydrated, test, untilBrowserChecks } from "./fixtures";

/** The "membre" fixture account of the global setup (E2E_USERS: role -> e-mail, E2E_USER_PASSWORD). */
function fixtureMember(): string | undefined {
  try {
    return (JSON.parse(process.env.E2E_USERS ?? "{}") as Record<string, string>).membre;
  } catch {
    return undefined;
  }
}
const email = () => process.env.E2E_MEMBER_EMAIL ?? fixtureMember();
const password = () => process.env.E2E_MEMBER_PASSWORD ?? process.env.E2E_USER_PASSWORD;

test.beforeEach(() => {
  // The global setup always creates the fixture accounts: their absence is a failure, not a skip.
  if (!email() || !password()) throw new Error("no member fixture account (E2E_USERS / E2E_USER_PASSWORD)");
});

async function signIn(page: Page, target: string) {
  await gotoHydrated(page, `/connexion?redirectTo=${encodeURIComponent(target)}`);
  await page.getByLabel("Adresse e-mail").fill(email()!);
  await page.locator("input[name=password]").fill(password()!);
  await page.getByRole("button", { name: "Se connecter", exact: true }).click();
  await page.waitForURL((url) => url.pathname === target.split("?")[0]);
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
}

function familySection(page: Page) {
  return page.locator("section", { has: page.getByRole("heading", { level: 2, name: "Les profils de ma famille" }) });
}

test("a parent adds a child, follows the child's grades and revision, then comes back to their own profile", async ({
  page,
}) => {
  await signIn(page, "/espace-membre/profil");
  const prenom = `Lina${Date.now().toString().slice(-5)}`;

  // Add the child (a validation error first: the relationship is missing).
  const family = familySection(page);
  await family.getByLabel("Prénom").fill(prenom);
  await family.getByLabel("Nom", { exact: true }).fill("Martin");
  await family.getByLabel("Date de naissance").fill("2017-04-12");
  await family.getByRole("button", { name: "Ajouter ce profil" }).click();
  await expect(family.getByText("Choisissez le lien de parenté")).toBeVisible();
  await expect(family.getByLabel("Prénom")).toHaveValue(prenom);
  await family.getByLabel("Lien avec vous").selectOption("enfant");
  await family.getByRole("button", { name: "Ajouter ce profil" }).click();
  await expect(page.getByText(`Le profil de ${prenom} a été ajouté.`)).toBeVisible();
  await expect(family.getByText(`${prenom} Martin`)).toBeVisible();

  // Select the child on the grades page.
  await gotoHydrated(page, "/espace-membre/grades");
  await page.getByLabel("Choisir un profil").selectOption({ label: `${prenom} Martin` });
  await page.getByRole("button", { name: "Choisir", exact: true }).click();
  await expect(
    page.getByRole("heading", { level: 2, name: new RegExp(`Profil affiché : ${prenom} Martin`) }),
  ).toBeVisible();
  // No history: the first grade of the table is the next one.
  await expect(page.getByTestId("current-grade")).toHaveText("Aucun grade enregistré pour l'instant.");
  await expect(page.getByTestId("next-grade")).toContainText("Tự vệ");
  expect(await axeViolations(page)).toEqual([]);

  // The selection lasts across pages and reloads: the child's revision material.
  await gotoHydrated(page, "/espace-membre/revision");
  await expect(
    page.getByRole("heading", { level: 2, name: new RegExp(`Profil affiché : ${prenom} Martin`) }),
  ).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: /Programme de Tự vệ/ })).toBeVisible();
  const progress = page.getByRole("progressbar", { name: `Progression de ${prenom} Martin` });
  await expect(progress).toHaveAttribute("aria-valuenow", "0");
  const firstToggle = page.getByRole("button", { name: /^Travaillé/ }).first();
  await firstToggle.click();
  await expect(firstToggle).toHaveAttribute("aria-pressed", "true");
  await expect(progress).not.toHaveAttribute("aria-valuenow", "0");
  await page.reload();
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
  await expect(page.getByRole("button", { name: /^Travaillé/ }).first()).toHaveAttribute("aria-pressed", "true");
  expect(await axeViolations(page)).toEqual([]);

  // Back to the parent's own profile: their own progress is separate.
  await page.getByRole("button", { name: "Revenir à mon profil" }).click();
  await expect(page.getByRole("heading", { level: 2, name: /Profil affiché : .*\(vous\)/ })).toBeVisible();
  await expect(page.getByRole("button", { name: "Revenir à mon profil" })).toHaveCount(0);

  // The home page shows the selected profile's status and the member pages.
  await gotoHydrated(page, "/espace-membre");
  await expect(
    page.getByRole("heading", { level: 2, name: /Votre situation pour la saison \d{4}-\d{4}/ }),
  ).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Prochains rendez-vous" })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  // Clean up: remove the child (with its confirmation step).
  await gotoHydrated(page, "/espace-membre/profil");
  const remove = familySection(page).getByRole("link", { name: `Retirer le profil de ${prenom}` });
  await remove.click();
  await page.getByRole("button", { name: "Oui, retirer ce profil" }).click();
  await expect(page.getByText("Le profil a été retiré, avec son historique.")).toBeVisible();
  await expect(familySection(page).getByText(`${prenom} Martin`)).toHaveCount(0);
});

test("profile edit shows a validation error then saves; the e-mail change asks for the password", async ({ page }) => {
  await signIn(page, "/espace-membre/profil");
  expect(await axeViolations(page)).toEqual([]);
  const info = page.locator("section", { has: page.getByRole("heading", { level: 2, name: "Mes informations" }) });
  const nom = await info.getByRole("textbox", { name: "Nom", exact: true }).inputValue();

  await info.getByRole("textbox", { name: "Nom", exact: true }).fill("");
  await info.getByLabel("Téléphone").fill("pas un numéro");
  await info.getByRole("button", { name: "Enregistrer mes informations" }).click();
  await expect(info.getByText("Le nom est obligatoire")).toBeVisible();
  await expect(info.getByLabel("Téléphone")).toHaveValue("pas un numéro");
  await expect(info.getByRole("textbox", { name: "Nom", exact: true })).toHaveAttribute("aria-invalid", "true");

  await info.getByRole("textbox", { name: "Nom", exact: true }).fill(nom || "Martin");
  await info.getByLabel("Téléphone").fill("06 12 34 56 78");
  await info.getByRole("button", { name: "Enregistrer mes informations" }).click();
  await expect(page.getByText("Vos informations ont été enregistrées.")).toBeVisible();
  await page.reload();
  await expect(page.getByRole("textbox", { name: "Téléphone" })).toHaveValue("06 12 34 56 78");

  // E-mail change: refused without the password, and with a wrong one.
  const mail = page.locator("section", { has: page.getByRole("heading", { level: 2, name: "Adresse e-mail" }) });
  await mail.getByLabel("Nouvelle adresse e-mail").fill("nouvelle.adresse@exemple.fr");
  await mail.getByRole("button", { name: "Changer d'adresse e-mail" }).click();
  await expect(mail.getByText("Saisissez votre mot de passe actuel pour confirmer")).toBeVisible();
  await mail.getByLabel("Mot de passe actuel").fill("ce n'est pas le bon");
  await mail.getByRole("button", { name: "Changer d'adresse e-mail" }).click();
  await expect(mail.getByText("Mot de passe incorrect.")).toBeVisible();
  await expect(mail.getByText(`Adresse actuelle : ${email()}`)).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
});

test("with JavaScript, a refused profile form focuses its first field in error, a server refusal its error summary", async ({
  page,
}) => {
  await signIn(page, "/espace-membre/profil");
  // Refused in the browser: the first field in error takes the focus.
  await untilBrowserChecks(familySection(page).getByLabel("Prénom"));
  await familySection(page).getByRole("button", { name: "Ajouter ce profil" }).click();
  await expect(familySection(page).getByLabel("Prénom")).toBeFocused();
  await expect(familySection(page).getByLabel("Prénom")).toHaveAccessibleDescription("Le prénom est obligatoire");

  // Refused by the server: the summary of that form takes the focus.
  const mail = page.locator("section", { has: page.getByRole("heading", { level: 2, name: "Adresse e-mail" }) });
  await mail.getByLabel("Nouvelle adresse e-mail").fill("autre.adresse@exemple.fr");
  await mail.getByLabel("Mot de passe actuel").fill("ce n'est pas le bon");
  await mail.getByRole("button", { name: "Changer d'adresse e-mail" }).click();
  await expect(mail.getByRole("alert")).toBeFocused();
  await expect(mail.getByLabel("Mot de passe actuel")).toHaveAccessibleDescription(/Mot de passe incorrect\./);
});

test("without JavaScript, the profile forms answer their errors next to the fields and keep what was typed", async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL: process.env.E2E_BASE_URL });
  const page = await context.newPage();
  await page.goto("/connexion?redirectTo=%2Fespace-membre%2Fprofil");
  await page.getByLabel("Adresse e-mail").fill(email()!);
  await page.locator("input[name=password]").fill(password()!);
  await page.getByRole("button", { name: "Se connecter", exact: true }).click();
  await page.waitForURL((url) => url.pathname === "/espace-membre/profil");

  const info = page.locator("section", { has: page.getByRole("heading", { level: 2, name: "Mes informations" }) });
  await info.getByLabel("Téléphone").fill("pas un numéro");
  await info.getByRole("button", { name: "Enregistrer mes informations" }).click();
  await expect(info.getByRole("alert")).toContainText("corrigez les champs signalés");
  await expect(info.getByLabel("Téléphone")).toHaveAccessibleDescription(/Numéro de téléphone invalide/);
  await expect(info.getByLabel("Téléphone")).toHaveValue("pas un numéro");

  const mail = page.locator("section", { has: page.getByRole("heading", { level: 2, name: "Adresse e-mail" }) });
  await mail.getByLabel("Nouvelle adresse e-mail").fill("autre.adresse@exemple.fr");
  await mail.getByLabel("Mot de passe actuel").fill("ce n'est pas le bon");
  await mail.getByRole("button", { name: "Changer d'adresse e-mail" }).click();
  await expect(mail.getByLabel("Mot de passe actuel")).toHaveAccessibleDescription(/Mot de passe incorrect\./);
  await expect(mail.getByLabel("Mot de passe actuel")).toHaveValue("");
  await expect(mail.getByLabel("Nouvelle adresse e-mail")).toHaveValue("autre.adresse@exemple.fr");
  await context.close();
});

test("the brochure page answers and passes axe", async ({ page }) => {
  await signIn(page, "/espace-membre/brochure");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
});

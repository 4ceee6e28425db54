/**
 * Membership management in the browser: a user_manager validates a
 * pré-inscrit (who gets the e-mail on the local SMTP server and can then open
 * the member pages), records a cotisation and a certificate, and the admin's
 * to-do list follows. axe checks the users list, edit and to-do pages.
 *
 * Accounts: the pré-inscrit signs up through /inscription; the user_manager
 * and admin are the fixture accounts of the global setup (E2E_USERS,
 * E2E_USER_PASSWORD).
 */
import type { Browser, Page } from "@playwright/test";
import { axeViolations, expect, gotoHydrated, test, uniqueEmail, untilBrowserChecks, waitForMail } from "./fixtures";

function fixture(role: string): { email: string; password: string } {
  const users = JSON.parse(process.env.E2E_USERS ?? "{}") as Record<string, string>;
  return { email: users[role] ?? "", password: process.env.E2E_USER_PASSWORD ?? "" };
}

async function signedInPage(browser: Browser, role: string): Promise<Page> {
  const { email, password } = fixture(role);
  const context = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
  const page = await context.newPage();
  await gotoHydrated(page, "/connexion");
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(password);
  await page.getByRole("button", { name: "Se connecter", exact: true }).click();
  await expect(page).toHaveURL(/\/espace-membre/);
  return page;
}

/** Yesterday (local date): a past date inside the running season. */
function yesterday(): string {
  const d = new Date(Date.now() - 24 * 60 * 60 * 1000);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
}

test.describe("membership management", () => {
  test.beforeAll(() => {
    // The global setup always creates the fixture accounts: their absence is a failure, not a skip.
    if (!process.env.E2E_USERS) throw new Error("no fixture accounts (global setup)");
  });

  test("a user_manager validates a pré-inscrit, records cotisation and certificate; the to-do list follows", async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const suffix = Math.random().toString(36).slice(2, 7);
    const prenom = "Inès";
    const nom = `Tran-${suffix}`;
    const fullName = `${prenom} ${nom}`;
    const email = uniqueEmail("pre-inscrite");

    // 1. Sign-up: a pré-inscrit who cannot open the member pages yet.
    const memberContext = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
    const member = await memberContext.newPage();
    await gotoHydrated(member, "/inscription");
    await member.locator('input[name="prenom"]').fill(prenom);
    await member.locator('input[name="nom"]').fill(nom);
    await member.locator('input[name="email"]').fill(email);
    await member.locator('input[name="password"]').fill("un tatami bien rangé");
    await member.getByRole("button", { name: "Créer mon compte" }).click();
    await expect(member).toHaveURL(/\/espace-membre$/);
    await member.goto("/espace-membre/grades");
    await expect(member).toHaveURL(/\/espace-membre$/);

    // 2. The admin's to-do list shows the registration to validate.
    const admin = await signedInPage(browser, "admin");
    await gotoHydrated(admin, "/espace-membre/todo");
    await expect(admin.getByRole("heading", { level: 1, name: "Tâches à faire" })).toBeVisible();
    await expect(admin.getByRole("link", { name: `Valider l'inscription d'${fullName}` })).toBeVisible();
    expect(await axeViolations(admin)).toEqual([]);

    // 3. The user_manager finds them in the list and validates the registration.
    const manager = await signedInPage(browser, "user_manager");
    await gotoHydrated(manager, "/espace-membre/utilisateurs");
    await manager.getByLabel("Situation").selectOption("pre-inscrits");
    await manager.getByLabel("Nom ou e-mail").fill(nom);
    // A search is a GET: submitting again is harmless if a loaded machine lost the first click
    // (seen once in a full run beside the backup tests).
    await expect(async () => {
      await manager.getByRole("button", { name: "Afficher" }).click();
      await expect(manager).toHaveURL(/statut=pre-inscrits/, { timeout: 5_000 });
    }).toPass({ timeout: 30_000 });
    await expect(manager.getByRole("heading", { name: "1 compte" })).toBeVisible();
    expect(await axeViolations(manager)).toEqual([]);
    await manager.getByRole("link", { name: `${nom.toUpperCase()} ${prenom}` }).click();
    await expect(manager.getByRole("heading", { level: 1, name: `Compte d'${fullName}` })).toBeVisible();
    expect(await axeViolations(manager)).toEqual([]);
    await manager.getByRole("button", { name: `Valider l'inscription d'${prenom}` }).click();
    await expect(manager.getByText("L'inscription est validée : un e-mail l'annonce à la personne.")).toBeVisible();

    const mail = await waitForMail(email, /inscription au club est validée/);
    expect(mail.text).toContain(`Bonjour ${prenom},`);
    expect(mail.text).toContain("/espace-membre");

    // 4. The new member opens the member pages.
    await gotoHydrated(member, "/espace-membre/grades");
    await expect(member).toHaveURL(/\/espace-membre\/grades$/);
    await expect(member.getByRole("heading", { level: 1 })).toBeVisible();

    // 5. The to-do list now asks for their cotisation and certificate.
    await gotoHydrated(admin, "/espace-membre/todo");
    await expect(admin.getByRole("link", { name: `Valider l'inscription d'${fullName}` })).toHaveCount(0);
    await expect(admin.getByRole("link", { name: `Cotisation d'${fullName}` })).toBeVisible();
    await expect(admin.getByRole("link", { name: `Document de santé d'${fullName}` })).toBeVisible();

    // 6. The user_manager records the cotisation and the medical certificate.
    const date = yesterday();
    await manager.getByLabel("Payée le").fill(date);
    await manager.getByLabel("Montant (€)").fill("180");
    await manager.getByLabel("Moyen de paiement").selectOption("cheque");
    await manager.getByLabel("Document reçu").selectOption("certificat");
    await manager.getByLabel("Reçu le").fill(date);
    await manager.getByRole("button", { name: /^Enregistrer la saison .* d'Inès$/ }).click();
    await expect(manager.getByText("La situation de la saison a été enregistrée.")).toBeVisible();
    await expect(manager.getByText("Cotisation payée", { exact: true })).toBeVisible();
    await expect(manager.getByText(/Document de santé\s: valable/)).toBeVisible();
    expect(await axeViolations(manager)).toEqual([]);

    // 7. Both tasks are gone from the admin's list.
    await gotoHydrated(admin, "/espace-membre/todo");
    await expect(admin.getByRole("link", { name: `Cotisation d'${fullName}` })).toHaveCount(0);
    await expect(admin.getByRole("link", { name: `Document de santé d'${fullName}` })).toHaveCount(0);

    await memberContext.close();
    await admin.context().close();
    await manager.context().close();
  });

  test("the admin adds, ticks and deletes their own task", async ({ browser }) => {
    const admin = await signedInPage(browser, "admin");
    await gotoHydrated(admin, "/espace-membre/todo");
    const title = `Réserver le gymnase ${Math.random().toString(36).slice(2, 6)}`;
    const form = admin.locator("form", { has: admin.getByRole("button", { name: "Ajouter la tâche" }) });
    await form.getByLabel("Titre").fill(title);
    await form.getByLabel("Notes (facultatif)").fill("Pour le passage de grades de décembre");
    await form.getByRole("button", { name: "Ajouter la tâche" }).click();
    await expect(admin.getByText("La tâche a été ajoutée.")).toBeVisible();
    await admin.getByRole("button", { name: `Marquer comme faite : ${title}` }).click();
    await expect(admin.getByText("La tâche est marquée comme faite.")).toBeVisible();
    await expect(admin.getByRole("button", { name: `Rouvrir : ${title}` })).toBeVisible();
    expect(await axeViolations(admin)).toEqual([]);
    await admin.getByRole("button", { name: `Supprimer : ${title}` }).click();
    await expect(admin.getByText("La tâche a été supprimée.")).toBeVisible();
    await expect(admin.getByText(title)).toHaveCount(0);
    await admin.context().close();
  });

  test("two managers edit one account: the second save says it changed meanwhile and shows the fresh values", async ({
    browser,
  }) => {
    const first = await signedInPage(browser, "user_manager");
    await gotoHydrated(first, "/espace-membre/utilisateurs/ajouter");
    await first.getByRole("textbox", { name: "Prénom", exact: true }).fill("Camille");
    await first.getByRole("textbox", { name: "Nom", exact: true }).fill("Durand");
    await first.getByLabel("Adresse e-mail").fill(uniqueEmail("conflit"));
    await first.getByRole("button", { name: "Créer le compte et envoyer l'e-mail" }).click();
    await expect(first).toHaveURL(/\/espace-membre\/utilisateurs\/modifier\/[^/?]+\?ok=cree$/);
    const editPath = new URL(first.url()).pathname;

    // The second manager opens the same account before the first one saves.
    const second = await first.context().newPage();
    await gotoHydrated(second, editPath);
    await gotoHydrated(first, editPath);
    await first.getByRole("textbox", { name: "Prénom", exact: true }).fill("Alix");
    await first.getByRole("button", { name: "Enregistrer le compte" }).click();
    await expect(first.getByRole("textbox", { name: "Prénom", exact: true })).toHaveValue("Alix");
    await expect(first.getByText("Le compte a été enregistré.")).toBeVisible();

    const lastName = second.getByRole("textbox", { name: "Nom", exact: true });
    await lastName.fill("Martin");
    await second.getByRole("button", { name: "Enregistrer le compte" }).click();
    await expect(second.getByRole("alert").filter({ hasText: /modifiées entre-temps/ })).toBeVisible();
    // The fresh values, not the typed ones: the first manager's first name, the stored last name.
    await expect(second.getByRole("textbox", { name: "Prénom", exact: true })).toHaveValue("Alix");
    await expect(lastName).toHaveValue("Durand");
    await first.context().close();
  });

  test("the new-account form shows French errors next to the fields, without JavaScript too, and keeps what was typed", async ({
    browser,
  }) => {
    const { email, password } = fixture("user_manager");
    // Without JavaScript: the server answers with the errors and the typed values.
    const context = await browser.newContext({ baseURL: process.env.E2E_BASE_URL, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/connexion?redirectTo=%2Fespace-membre%2Futilisateurs%2Fajouter");
    await page.locator('input[name="email"]').fill(email);
    await page.locator('input[name="password"]').fill(password);
    await page.getByRole("button", { name: "Se connecter", exact: true }).click();
    await expect(page).toHaveURL(/\/espace-membre\/utilisateurs\/ajouter$/);
    await page.getByRole("textbox", { name: "Nom", exact: true }).fill("Sans-Prénom");
    await page.getByLabel("Adresse e-mail").fill("pas-une-adresse");
    await page.getByRole("button", { name: "Créer le compte et envoyer l'e-mail" }).click();
    await expect(page.getByText("Le compte n'a pas été créé : corrigez les champs signalés.")).toBeVisible();
    await expect(page.getByText("Indiquez le prénom.")).toBeVisible();
    await expect(page.getByText(/Cette adresse e-mail n'est pas valide/)).toBeVisible();
    await expect(page.getByRole("textbox", { name: "Nom", exact: true })).toHaveValue("Sans-Prénom");
    await expect(page.getByLabel("Adresse e-mail")).toHaveValue("pas-une-adresse");
    await expect(page.getByLabel("Membre", { exact: true })).toBeChecked();
    await context.close();

    // With JavaScript: the same messages, before anything is sent.
    const manager = await signedInPage(browser, "user_manager");
    await gotoHydrated(manager, "/espace-membre/utilisateurs/ajouter");
    let posts = 0;
    manager.on("request", (r) => {
      if (r.method() === "POST") posts++;
    });
    await untilBrowserChecks(manager.getByRole("textbox", { name: "Prénom", exact: true }));
    await manager.getByRole("button", { name: "Créer le compte et envoyer l'e-mail" }).click();
    await expect(manager.getByText("Indiquez le prénom.")).toBeVisible();
    await expect(manager.getByRole("textbox", { name: "Prénom", exact: true })).toBeFocused();
    expect(posts).toBe(0);
  });
});

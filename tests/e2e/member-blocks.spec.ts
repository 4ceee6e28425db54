/**
 * The member area's lists and pages: the managers' users and articles tables with their page
 * links, the grades page under its profile selector, and member home's « Mes pages ». Their
 * links navigate
 * without reloading the page (a value set in the page survives the click), « Supprimer » opens
 * the confirmation with the focus on its heading, a search done in the page writes the new rows,
 * and axe finds nothing on them at 390 and 1366 px.
 */
import type { Page } from "@playwright/test";
import { axeViolations, expect, gotoHydrated, test } from "./fixtures";
import { e2eUser, signInWithForm } from "./auth-helpers";

/** Marks the page loaded now: the mark is gone if a click reloads the document. */
async function markDocument(page: Page) {
  await page.evaluate(() => Object.assign(window, { __sameDocument: true }));
}
async function sameDocument(page: Page): Promise<boolean> {
  return page.evaluate(() => (window as { __sameDocument?: boolean }).__sameDocument === true);
}
/** With SCREENSHOTS set: the whole page, to look at (test-results/screens). */
async function shoot(page: Page, name: string) {
  if (process.env.SCREENSHOTS) await page.screenshot({ path: `test-results/screens/${name}.png`, fullPage: true });
}

for (const width of [390, 1366]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test("the articles table: confirmation, edit link and back, without reloading", async ({ page }) => {
      const admin = e2eUser("admin");
      await signInWithForm(page, admin.email, admin.password);
      await expect(page).toHaveURL(/\/espace-membre/);
      await gotoHydrated(page, "/espace-membre/articles");
      const firstRow = page.getByRole("row").nth(1);
      const title = (await firstRow.getByRole("cell").first().innerText()).trim();
      expect(title.length).toBeGreaterThan(0);
      expect(await axeViolations(page)).toEqual([]);
      await shoot(page, `${width}-articles`);
      await markDocument(page);

      await firstRow.getByRole("link", { name: `Supprimer « ${title} »` }).click();
      const confirm = page.getByRole("heading", { level: 2, name: `Supprimer l’article « ${title} » ?` });
      await expect(confirm).toBeFocused();
      expect(await sameDocument(page)).toBe(true);
      await shoot(page, `${width}-articles-confirm`);
      await page.getByRole("link", { name: "Annuler" }).click();
      await expect(confirm).toHaveCount(0);
      await expect(page.getByRole("row").nth(1).getByRole("cell").first()).toHaveText(title);

      await page
        .getByRole("link", { name: `Modifier « ${title} »` })
        .first()
        .click();
      await expect(page.getByRole("heading", { level: 1, name: "Modifier l’article" })).toBeVisible();
      expect(await sameDocument(page)).toBe(true);
      await page.goBack();
      await expect(page.getByRole("heading", { level: 1, name: "Articles" })).toBeVisible();
      await expect(page.getByRole("row").nth(1).getByRole("cell").first()).toHaveText(title);
      expect(await sameDocument(page)).toBe(true);
    });

    test("the users table: a search writes its rows, a row opens the account, without reloading", async ({ page }) => {
      const admin = e2eUser("admin");
      const manager = e2eUser("user_manager");
      await signInWithForm(page, admin.email, admin.password);
      await expect(page).toHaveURL(/\/espace-membre/);
      await gotoHydrated(page, "/espace-membre/utilisateurs");
      await expect(page.getByRole("region", { name: "Tableau des comptes" })).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
      await shoot(page, `${width}-users`);
      await markDocument(page);

      await page.getByLabel("Nom ou e-mail").fill(manager.email);
      await page.getByRole("button", { name: "Afficher" }).click();
      await expect(page.getByRole("heading", { level: 2, name: "1 compte" })).toBeVisible();
      const row = page.getByRole("row").nth(1);
      await expect(row.locator('td[data-label="E-mail"]')).toHaveText(manager.email);
      expect(await sameDocument(page)).toBe(true);

      await row.getByRole("link").first().click();
      await expect(page.getByRole("heading", { level: 1, name: /^Compte (de |d')/ })).toBeVisible();
      expect(await sameDocument(page)).toBe(true);
    });

    test("member home's pages and the grades page: shown, their links navigate without reloading", async ({ page }) => {
      const member = e2eUser("membre");
      await signInWithForm(page, member.email, member.password);
      await expect(page).toHaveURL(/\/espace-membre/);
      // From member home's « Mes pages ».
      await gotoHydrated(page, "/espace-membre");
      await markDocument(page);
      const myPages = page.getByRole("region", { name: "Mes pages" });
      await expect(myPages.getByRole("heading", { level: 2, name: "Mes pages" })).toBeVisible();
      await expect(myPages.getByRole("link", { name: /^Utilisateurs/ })).toHaveCount(0);
      await shoot(page, `${width}-member-home`);
      await myPages.getByRole("link", { name: /^Grades/ }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Grades" })).toBeVisible();
      expect(await sameDocument(page)).toBe(true);
      await gotoHydrated(page, "/espace-membre/grades");
      await expect(page.getByRole("heading", { level: 2, name: "Le tableau des grades du club" })).toBeVisible();
      await expect(page.getByRole("heading", { level: 2, name: "Historique des passages de grade" })).toBeVisible();
      const gradeTable = page.getByRole("region", { name: "Le tableau des grades du club" });
      expect(await gradeTable.getByRole("listitem").getByRole("img").count()).toBeGreaterThan(5);
      expect(await axeViolations(page)).toEqual([]);
      await shoot(page, `${width}-grades`);
      await markDocument(page);

      await page.getByRole("link", { name: "Réviser le programme de ce grade" }).click();
      await expect(page).toHaveURL(/\/espace-membre\/revision/);
      expect(await sameDocument(page)).toBe(true);
    });
  });
}

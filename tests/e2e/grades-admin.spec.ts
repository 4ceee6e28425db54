/**
 * The grade table and revision checklists edited by an admin: at 390 px, a refused grade form keeps what was typed with
 * the French error next to the field, a saved one shows its rules in the
 * table; an element is added to a checklist, moved up, then removed after
 * confirmation. axe finds nothing at 390 and 1366 px on both pages. Works on
 * the 15th grade (Hồng đai V) so that the other specs' grades stay as seeded.
 */
import { e2eUser, signInWithForm } from "./auth-helpers";
import { axeViolations, expect, gotoHydrated, test } from "./fixtures";

const LIST = "/espace-membre/contenu/grades";

async function signInAsAdmin(page: import("@playwright/test").Page) {
  const admin = e2eUser("admin");
  await signInWithForm(page, admin.email, admin.password);
  await page.waitForURL(/\/espace-membre/);
}

/** Opens the edit page of the grade named `name` from the table. */
async function openGrade(page: import("@playwright/test").Page, name: string) {
  await gotoHydrated(page, LIST);
  await page.getByRole("link", { name: `Modifier le grade ${name}`, exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: new RegExp(name) })).toBeVisible();
}

test("an admin edits a grade and its revision checklist at 390 px", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 900 });
  await signInAsAdmin(page);
  await openGrade(page, "Hồng đai V");
  const gradeForm = page.locator("form").filter({ has: page.getByRole("button", { name: "Enregistrer le grade" }) });

  // Refused: the French error next to the field, what was typed kept.
  await gradeForm.getByLabel("Mois depuis le grade précédent").fill("douze");
  await gradeForm.getByLabel("Présences depuis le grade précédent").fill("120");
  await gradeForm.getByRole("button", { name: "Enregistrer le grade" }).click();
  await expect(gradeForm.getByLabel("Mois depuis le grade précédent")).toHaveAccessibleDescription(
    "Indiquez un nombre de mois entre 0 et 240, ou laissez vide.",
  );
  await expect(gradeForm.getByLabel("Présences depuis le grade précédent")).toHaveValue("120");

  // Saved: the rules appear in the table.
  await gradeForm.getByLabel("Mois depuis le grade précédent").fill("48");
  await gradeForm.getByRole("button", { name: "Enregistrer le grade" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Le grade a été enregistré." })).toBeVisible();
  await expect(page.getByLabel("Mois depuis le grade précédent")).toHaveValue("48");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // The checklist: add two elements, move the second up, remove it.
  const revision = page.locator("#revision");
  for (const title of ["Quyền du 5e dang", "Song luyện du 5e dang"]) {
    const add = revision.locator("form").filter({ has: page.getByRole("button", { name: "Ajouter à la liste" }) });
    await add.getByLabel("Intitulé").fill(title);
    await add.getByLabel("Catégorie").selectOption({ label: "Quyền (enchaînement)" });
    await add.getByRole("button", { name: "Ajouter à la liste" }).click();
    await expect(page.getByRole("status").filter({ hasText: "L’élément a été ajouté" })).toBeVisible();
  }
  const items = revision.getByRole("listitem");
  await expect(items).toHaveCount(2);
  await page.getByRole("button", { name: "Monter : Song luyện du 5e dang" }).click();
  await expect(page.getByRole("status").filter({ hasText: "L’élément a été déplacé." })).toBeVisible();
  await expect(items.first()).toContainText("Song luyện du 5e dang");

  await page.getByRole("link", { name: "Retirer : Song luyện du 5e dang" }).click();
  await expect(page.getByText("Aucun profil ne l’avait coché.")).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await page.screenshot({ path: "test-results/grade-edit-390.png", fullPage: true });
  await page.getByRole("button", { name: "Confirmer le retrait" }).click();
  await expect(page.getByRole("status").filter({ hasText: "retiré de la liste de révision" })).toBeVisible();
  await expect(items).toHaveCount(1);
  await expect(items.first()).toContainText("Quyền du 5e dang");

  await gotoHydrated(page, LIST);
  await expect(
    page.locator("tr", { hasText: "Hồng đai V" }).filter({ hasText: "Au moins 48 mois et 120 présences" }),
  ).toBeVisible();
});

for (const width of [390, 1366]) {
  test(`the grade pages pass axe at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await signInAsAdmin(page);
    await gotoHydrated(page, LIST);
    await expect(page.getByRole("heading", { level: 1, name: "Grades et révisions" })).toBeVisible();
    // One current entry in the member navigation, though « Contenu du site » is a prefix of this page's path.
    const current = page.getByRole("navigation", { name: "Espace membre" }).locator('[aria-current="page"]');
    await expect(current).toHaveCount(1);
    await expect(current).toHaveText("Grades et révisions");
    expect(await axeViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await page.screenshot({ path: `test-results/grades-list-${width}.png`, fullPage: true });
    await openGrade(page, "Tự vệ");
    expect(await axeViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await page.screenshot({ path: `test-results/grade-edit-${width}.png`, fullPage: true });
  });
}

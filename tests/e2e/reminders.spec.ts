/**
 * The reminders opt-in page of the members' managers, at 390 px:
 * off by default with a preview of who would get what; turned on (the
 * preview becomes « Prochains envois »), then off again; axe finds nothing
 * in either state. The season's activation is left off, as the other specs
 * expect.
 *
 * The preview of the member created here holds the cotisation line only
 * from the month after the season starts (a rule of reminders.server.ts, on
 * the server's real date): the test computes which case today is, in Paris.
 */
import { e2eUser, signInWithForm } from "./auth-helpers";
import { axeViolations, expect, gotoHydrated, test, uniqueEmail } from "./fixtures";

const PAGE = "/espace-membre/utilisateurs/rappels";

/** Is a cotisation reminder due today (Paris), with the seeded season start (September)? */
function cotisationDue(): boolean {
  const month = Number(
    new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/Paris", month: "numeric" }).format(new Date()),
  );
  return month !== 9;
}

test("a manager previews the reminders, turns them on, then off, at 390 px", async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 390, height: 900 });
  const manager = e2eUser("user_manager");
  await signInWithForm(page, manager.email, manager.password);
  await page.waitForURL(/\/espace-membre/);

  // A member without cotisation for the season.
  const email = uniqueEmail("rappel");
  await gotoHydrated(page, "/espace-membre/utilisateurs/ajouter");
  await page.getByLabel("Prénom").fill("Lan");
  await page.getByRole("textbox", { name: /^Nom/ }).fill("Aperçu");
  await page.getByLabel("Adresse e-mail").fill(email);
  await page.getByRole("button", { name: "Créer le compte et envoyer l'e-mail" }).click();
  await page.waitForURL(/\/utilisateurs\/modifier\//);

  await gotoHydrated(page, PAGE);
  await expect(page.getByRole("heading", { level: 1, name: "Rappels et notifications" })).toBeVisible();
  await expect(page.getByText("Les rappels sont désactivés : aucun ne part.")).toBeVisible();
  const preview = page.getByRole("heading", {
    level: 3,
    name: /^Aperçu : ce qui partirait si vous les activiez \(\d+\)$/,
  });
  await expect(preview).toBeVisible();
  // One e-mail per family: its subject, then one line per thing to do.
  const mine = page.getByRole("listitem").filter({ hasText: `À ${email}` });
  if (cotisationDue()) {
    await expect(mine).toContainText(/ce qu.il reste à faire/);
    await expect(mine).toContainText("Lan Aperçu : cotisation de la saison non enregistrée");
  }
  expect(await axeViolations(page)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: "test-results/rappels-apercu-390.png", fullPage: true });

  await page.getByRole("button", { name: "Activer les rappels de la saison" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Les rappels sont activés pour la saison" })).toBeVisible();
  await expect(page.getByText("Les rappels sont activés pour cette saison.")).toBeVisible();
  await expect(page.getByRole("heading", { level: 3, name: /^Prochains envois \(\d+\)$/ })).toBeVisible();
  if (cotisationDue()) await expect(mine).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await page.screenshot({ path: "test-results/rappels-actives-390.png", fullPage: true });

  await page.getByRole("button", { name: "Désactiver les rappels de la saison" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: "Les rappels sont désactivés pour la saison" }),
  ).toBeVisible();
  await expect(preview).toBeVisible();
  await expect(page.getByRole("button", { name: "Activer les rappels de la saison" })).toBeVisible();
});

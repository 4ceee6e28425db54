/**
 * The calendar that tells the truth, in a browser at 390 px and 1366 px, on
 * the seeded site (season from the first Monday of September to 30 June of
 * the season running when the server was seeded): a public holiday with a
 * class day says « Pas de cours », August shows no class, axe finds nothing;
 * the managers' « Saison et vacances » page passes axe too.
 */
import { axeViolations, expect, gotoHydrated, test } from "./fixtures";
import { e2eUser, signInWithForm } from "./auth-helpers";
import { frenchPublicHolidays } from "../../app/lib/club/public-holidays";
import { isoWeekday, parisDate } from "../../app/lib/core/time";

/** First year of the season running today (September to August, Paris). */
function seasonYear(): number {
  const today = parisDate();
  const year = Number(today.slice(0, 4));
  return Number(today.slice(5, 7)) >= 9 ? year : year - 1;
}

/** A public holiday of the season's autumn falling on a class day (Tuesday, Wednesday, Friday, Saturday). */
function holidayWithClasses(): { day: string; name: string } {
  const year = seasonYear();
  const found = frenchPublicHolidays(year)
    .concat(frenchPublicHolidays(year + 1))
    .find(
      (h) =>
        h.day >= `${year}-09-15` &&
        h.day <= `${year + 1}-06-15` &&
        [2, 3, 5, 6].includes(isoWeekday(h.day)) &&
        !h.day.endsWith("-12-25") &&
        !h.day.endsWith("-01-01"),
    );
  if (!found) throw new Error("no holiday on a class day");
  return found;
}

for (const width of [390, 1366]) {
  test.describe(`calendar at ${width} px`, () => {
    test.beforeEach(async ({ page }) => {
      await page.setViewportSize({ width, height: width < 768 ? 844 : 900 });
    });

    test("a public holiday says there is no class, and axe finds nothing", async ({ page }) => {
      const holiday = holidayWithClasses();
      await gotoHydrated(page, `/la-vie-du-club/calendrier?mois=${holiday.day.slice(0, 7)}`);
      // The month is written once: one list of days, a grid on large screens.
      const note = page.getByText(`Pas de cours – Jour férié\u00a0: ${holiday.name}`).locator("visible=true");
      await expect(note).toHaveCount(1);
      await expect(
        page
          .getByText(/^Cours /)
          .locator("visible=true")
          .first(),
      ).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
    });

    test("August shows no weekly class", async ({ page }) => {
      await gotoHydrated(page, `/la-vie-du-club/calendrier?mois=${seasonYear() + 1}-08`);
      await expect(page.locator("#mois-titre")).toHaveText(`Août ${seasonYear() + 1}`);
      await expect(page.getByText(/^Cours /)).toHaveCount(0);
      expect(await axeViolations(page)).toEqual([]);
    });

    test("the managers' page « Saison et vacances » passes axe", async ({ page }) => {
      const admin = e2eUser("admin");
      await signInWithForm(
        page,
        admin.email,
        admin.password,
        "/connexion?redirectTo=%2Fespace-membre%2Fcontenu%2Fsaison-et-vacances",
      );
      await expect(page.getByRole("heading", { level: 1, name: "Réglages : saison et vacances" })).toBeVisible();
      await expect(page.getByLabel("Premier jour des cours")).toHaveValue(/^\d{4}-09-0\d$/);
      expect(await axeViolations(page)).toEqual([]);
      // A refused save keeps the page accessible (errors next to the fields).
      await page.getByLabel("Dernier jour des cours").fill("");
      await page.getByRole("button", { name: "Enregistrer" }).click();
      await expect(page.getByText("Indiquez le dernier jour des cours de la saison.")).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
    });
  });
}

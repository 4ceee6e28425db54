/**
 * Error pages keep the site around them: a 403/404 under the site layout
 * keeps the top bar and footer; under the member layout, the member
 * navigation too. French message, never a stack trace (production build).
 * The member navigation itself: client navigation, the current entry marked.
 */
import type { Page } from "@playwright/test";
import { e2eUser, signInWithForm } from "./auth-helpers";
import { axeViolations, expect, gotoHydrated, test } from "./fixtures";

async function expectFrame(page: Page) {
  await expect(page.getByTestId("top-bar")).toBeVisible();
  await expect(page.getByTestId("site-footer")).toBeVisible();
  const text = await page.locator("body").innerText();
  expect(text).not.toMatch(/\n\s+at \S+ \(|node_modules|Error:/);
}

async function signIn(page: Page, role: "membre" | "admin") {
  const { email, password } = e2eUser(role);
  await signInWithForm(page, email, password);
  await page.waitForURL(/\/espace-membre/);
}

test("a 404 from a public page keeps the top bar and footer", async ({ page }) => {
  const res = await page.goto("/la-vie-du-club/actualites?page=999"); // beyond the last page
  expect(res?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "Page introuvable" })).toBeVisible();
  await expectFrame(page);
  await expect(page).toHaveTitle(/Page introuvable/);
});

test("a 404 in the member area keeps the member navigation", async ({ page }) => {
  await signIn(page, "admin");
  const res = await page.goto("/espace-membre/articles/modifier/999999");
  expect(res?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "Page introuvable" })).toBeVisible();
  const nav = page.getByRole("navigation", { name: "Espace membre" });
  await expect(nav.getByRole("link", { name: "Articles" })).toBeVisible();
  await expectFrame(page);
  expect(await axeViolations(page)).toEqual([]);
});

test("a grade beyond the next one is refused with the reason, in the member area", async ({ page }) => {
  await signIn(page, "membre");
  // The fixture member has no grade yet: only the first grade (of the 19 seeded) is open.
  const res = await page.goto("/espace-membre/revision?grade=10");
  expect(res?.status()).toBe(403);
  await expect(page.getByRole("heading", { level: 1, name: "Accès refusé" })).toBeVisible();
  await expect(
    page.getByText(
      "Ce grade est au-delà du prochain grade de ce profil\u00a0: son programme s'ouvre quand le grade précédent est obtenu.",
    ),
  ).toBeVisible();
  await expect(
    page.getByRole("navigation", { name: "Espace membre" }).getByRole("link", { name: "Révisions" }),
  ).toBeVisible();
  await expectFrame(page);
});

test("the member navigation moves between pages without reloading, and marks the current one", async ({ page }) => {
  await signIn(page, "admin");
  await gotoHydrated(page, "/espace-membre");
  // Set on this document: still there after the click if the router navigated without reloading.
  await page.evaluate(() => ((window as unknown as { sansRechargement: boolean }).sansRechargement = true));
  const nav = page.getByRole("navigation", { name: "Espace membre" });
  await nav.getByRole("link", { name: "Articles" }).click();
  await expect(page).toHaveURL(/\/espace-membre\/articles$/);
  await expect(nav.locator('[aria-current="page"]')).toHaveText("Articles");
  expect(await page.evaluate(() => (window as unknown as { sansRechargement?: boolean }).sansRechargement)).toBe(true);
});

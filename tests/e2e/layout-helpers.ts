/**
 * What the layout's browser tests share (layout.spec.ts: desktop, layout-mobile.spec.ts: phones):
 * the two widths, the menus and the banner as a user finds them.
 */
import type { Locator, Page } from "@playwright/test";
import { expect } from "./fixtures";

export const DESKTOP = { width: 1280, height: 800 };
export const MOBILE = { width: 390, height: 844 };

export function mainMenu(page: Page) {
  return page.getByRole("navigation", { name: "Menu principal" });
}

export function paddingTop(page: Page) {
  return page.locator("#contenu").evaluate((el) => getComputedStyle(el).paddingTop);
}

export function bannerHeight(page: Page) {
  return page.getByTestId("banner").evaluate((el) => el.getBoundingClientRect().height);
}

export async function scrollInstantly(page: Page, y: number) {
  await page.evaluate((top) => window.scrollTo({ top, behavior: "instant" }), y);
}

export async function clubName(page: Page): Promise<string> {
  return (await page.getByTestId("top-bar").getByRole("link").first().innerText()).trim();
}

/** The phone menu, closed, then opened by its button: the button and the panel. */
export async function openMobileMenu(page: Page) {
  const burger = page.getByRole("button", { name: "Menu" });
  const menu = page.getByTestId("menu-mobile");
  await expect(burger).toHaveAttribute("aria-expanded", "false");
  await expect(menu).toBeHidden();
  await burger.click();
  await expect(burger).toHaveAttribute("aria-expanded", "true");
  await expect(menu).toBeVisible();
  return { burger, menu };
}

export async function center(locator: Locator) {
  const box = await locator.boundingBox();
  if (!box) throw new Error("element not visible");
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

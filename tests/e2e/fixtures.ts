/**
 * Shared browser-test helpers. Import `test` and `expect` from here, never
 * from @playwright/test directly: baseURL comes from the global setup, and
 * every pointer action waits for the page to stop moving (settledPointerActions).
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Locator, type Page } from "@playwright/test";

export const test = base.extend<object, { settledPointerActions: void }>({
  baseURL: async ({}, use) => {
    await use(process.env.E2E_BASE_URL);
  },
  // Every click, check and tap of every test waits first for the page to stop moving.
  settledPointerActions: [
    async ({ browser }, use) => {
      const context = await browser.newContext();
      settlePointerActions(Object.getPrototypeOf((await context.newPage()).locator("body")));
      await context.close();
      await use();
    },
    { scope: "worker", auto: true },
  ],
});
export { expect };

/**
 * Navigates and waits until the page is interactive (safe to click): React has hydrated it, or,
 * on a page served without React's scripts (home for a visitor), its inline
 * script is ready.
 */
export async function gotoHydrated(page: Page, url: string) {
  const response = await page.goto(url);
  await untilInteractive(page);
  return response;
}

/** Waits until the page shown is interactive (see gotoHydrated). */
export async function untilInteractive(page: Page) {
  await page.waitForFunction(
    () => document.documentElement.dataset.hydrated === "true" || document.documentElement.dataset.static === "true",
  );
}

/**
 * Scrolls `target` into view and waits until the page stops moving. Past 50 px the banner folds
 * and the content slides up 192 px for 0.5 s (site-layout.tsx, banner.tsx). Playwright checks
 * that the element is still and receives the press, not the release: on a busy machine the page
 * began to slide between the two, the release landed elsewhere and the browser sent no click at
 * all (no submission, no navigation, the target only focused; a checkbox left as it was). CI
 * failures had exactly that picture.
 */
async function scrollIntoSettledView(target: Locator) {
  await target.scrollIntoViewIfNeeded();
  await expect
    .poll(() =>
      target.page().evaluate(() => {
        // Without React (no JavaScript, or a page served without its scripts) nothing folds or slides.
        if (document.documentElement.dataset.hydrated !== "true") return true;
        const layout = document.querySelector('[data-testid="site-layout"]');
        const folded = layout?.getAttribute("data-scrolled");
        // The layout has caught up with the scroll (50 px: isScrolled in navigation.ts) …
        const caughtUp = !layout || folded === String(window.scrollY > 50);
        // … and neither the content's padding nor the banner's height is still sliding.
        const sliding = document.getElementById("contenu")?.getAnimations().length ?? 0;
        const banner = document.querySelector('[data-testid="banner"]')?.getAnimations().length ?? 0;
        return caughtUp && sliding + banner === 0;
      }),
    )
    .toBe(true);
}

const POINTER_ACTIONS = ["click", "dblclick", "check", "uncheck", "setChecked", "tap"] as const;
const settled = Symbol("settled");

/**
 * Makes every pointer action of `Locator` (its prototype, shared by all pages of the worker) wait
 * for scrollIntoSettledView first, so no test can meet the lost click: one way, not a helper to
 * remember. `force` and `trial` actions go straight through.
 */
function settlePointerActions(prototype: Record<PropertyKey, unknown>) {
  if (prototype[settled]) return;
  prototype[settled] = true;
  for (const name of POINTER_ACTIONS) {
    const original = prototype[name] as (this: Locator, ...args: unknown[]) => Promise<void>;
    // Fails loudly if a Playwright upgrade moves the method: the lost click must not come back unseen.
    if (typeof original !== "function") throw new Error(`Locator.prototype.${name} introuvable`);
    prototype[name] = async function (this: Locator, ...args: unknown[]) {
      const options = args.at(-1) as { force?: boolean; trial?: boolean } | undefined;
      if (!(options && typeof options === "object" && (options.force || options.trial)))
        await scrollIntoSettledView(this);
      return original.apply(this, args);
    };
  }
}

/**
 * Waits until the form's checks run in the browser (their code loads after
 * hydration, on the form's first focus for public forms): leaving `field`,
 * whose value is wrong, marks it. Before that, a click on submit would go to
 * the server, whose answer focuses the error summary instead.
 */
export async function untilBrowserChecks(field: Locator) {
  await expect(async () => {
    await field.focus();
    await field.blur();
    await expect(field).toHaveAttribute("aria-invalid", "true", { timeout: 500 });
  }).toPass({ timeout: 15_000 });
}

/** Runs axe-core (WCAG 2.1 AA rules) and returns the violations. */
export async function axeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  return results.violations.map((v) => ({ id: v.id, help: v.help, nodes: v.nodes.map((n) => n.target.join(" ")) }));
}

export interface ReceivedMail {
  to: string[];
  from?: string;
  replyTo?: string;
  subject?: string;
  text?: string;
  html?: string;
}

/** Waits for a message to `to` (and matching `subject` when given) on the local SMTP server. */
export async function waitForMail(to: string, subject?: RegExp, timeoutMs = 15_000): Promise<ReceivedMail> {
  const dir = process.env.E2E_MAIL_DIR!;
  const start = Date.now();
  while (Date.now() - start < timeoutMs) {
    const files = readdirSync(dir).sort();
    for (const f of files.reverse()) {
      let mail: ReceivedMail;
      try {
        mail = JSON.parse(readFileSync(path.join(dir, f), "utf8")) as ReceivedMail;
      } catch {
        continue; // the SMTP sink is still writing this file: read it at the next round
      }
      if (mail.to.includes(to.toLowerCase()) && (!subject || subject.test(mail.subject ?? ""))) return mail;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no mail to ${to} ${subject ?? ""} within ${timeoutMs} ms`);
}

/** A unique e-mail address for one test. */
export function uniqueEmail(prefix = "test"): string {
  return `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@exemple.fr`;
}

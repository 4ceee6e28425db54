/**
 * « Aperçu des e-mails »: an admin reads every message (subject, the HTML in a
 * sandboxed frame, the text) marked « Exemple », at phone and desktop widths,
 * with no axe violation; a member is sent back.
 */
import { e2eUser, signInWithForm } from "./auth-helpers";
import { axeViolations, expect, gotoHydrated, test } from "./fixtures";

const PATH = "/espace-membre/exploitation/courriels";

for (const width of [390, 1366]) {
  test(`an admin previews every e-mail at ${width} px, without axe violations`, async ({ page }) => {
    // Twenty-odd frames for axe to walk: slow on the busy 2-core machine.
    test.slow();
    await page.setViewportSize({ width, height: 900 });
    const admin = e2eUser("admin");
    await signInWithForm(page, admin.email, admin.password, `/connexion?redirectTo=${encodeURIComponent(PATH)}`);
    await page.waitForURL((url) => url.pathname === PATH);
    await gotoHydrated(page, PATH);
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 1, name: "Aperçu des e-mails" })).toBeVisible();
    const sections = main.locator("section");
    const count = await sections.count();
    expect(count).toBeGreaterThan(15);
    await expect(main.getByText("Exemple", { exact: true })).toHaveCount(count);
    const frame = main.locator("iframe").first();
    await expect(frame).toHaveAttribute("sandbox", "");
    await frame.scrollIntoViewIfNeeded();
    await expect(page.frameLocator("iframe").first().getByText("Camille Exemple").first()).toBeVisible();
    // Nothing wider than the screen.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `/tmp/h6-mail-preview-${width}.png` });
    await main.locator("section").nth(1).scrollIntoViewIfNeeded();
    await main.locator("section").nth(1).getByText("Version texte").click();
    await main
      .locator("section")
      .nth(1)
      .screenshot({ path: `/tmp/h6-mail-preview-${width}-message.png` });
    // The page itself: axe cannot run inside the sandboxed frames (no script there) and would wait for them;
    // each frame's title was checked above, the e-mails' HTML by the template tests.
    await expect(main.locator("iframe").first()).toHaveAttribute("title", /version mise en page \(exemple\)/);
    await page.evaluate(() => document.querySelectorAll("iframe").forEach((f) => f.remove()));
    expect(await axeViolations(page)).toEqual([]);
  });
}

test("a member cannot open the e-mail preview", async ({ page }) => {
  const member = e2eUser("membre");
  await signInWithForm(page, member.email, member.password);
  await page.waitForURL((url) => url.pathname.startsWith("/espace-membre"));
  await page.goto(PATH);
  await expect(page).not.toHaveURL(new RegExp(`${PATH}$`));
});

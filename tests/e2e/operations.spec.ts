/**
 * The operations page of the administrators, at 390 px and 1366 px: start a
 * backup, see it listed as verified, download it after re-entering the
 * password (a wrong password is refused next to the field), send a test mail;
 * a mail the SMTP server refuses is listed with its last error and
 * "Réessayer" sends it; axe finds nothing. Other roles are kept out by the guard (guard.spec.ts).
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { e2eUser, signInWithForm } from "./auth-helpers";
import { axeViolations, expect, gotoHydrated, test, waitForMail, type ReceivedMail } from "./fixtures";

for (const width of [390, 1366]) {
  test(`operations page at ${width} px: backup, listed, verified, downloaded; test mail; axe`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: 900 });
    const admin = e2eUser("admin");
    await signInWithForm(page, admin.email, admin.password);
    await page.waitForURL(/\/espace-membre/);
    await gotoHydrated(page, "/espace-membre/exploitation");
    await expect(page.getByRole("heading", { level: 1, name: "Exploitation" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Système" })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth).toBeLessThanOrEqual(width);

    await page.getByRole("button", { name: "Lancer une sauvegarde" }).click();
    await expect(page.getByRole("status").filter({ hasText: "écrite et vérifiée" })).toBeVisible({ timeout: 60_000 });
    const item = page
      .getByRole("listitem")
      .filter({ hasText: /sauvegarde-\d{8}-\d{6}\.sauvegarde/ })
      .first();
    await expect(item).toContainText("vérifiée");
    expect(await axeViolations(page)).toEqual([]);

    const password = item.getByLabel("Votre mot de passe pour télécharger");
    await password.fill("pas-le-bon-mot-de-passe");
    await item.getByRole("button", { name: "Télécharger" }).click();
    await expect(page.getByLabel("Votre mot de passe pour télécharger").first()).toHaveAccessibleDescription(
      "Mot de passe incorrect.",
    );

    await page.getByLabel("Votre mot de passe pour télécharger").first().fill(admin.password);
    await page
      .getByRole("listitem")
      .filter({ hasText: /sauvegarde-/ })
      .first()
      .getByRole("button", { name: "Télécharger" })
      .click();
    const link = page.getByRole("link", { name: /Télécharger sauvegarde-/ });
    await expect(link).toBeVisible();
    const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
    const file = await download.path();
    expect(readFileSync(file).subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));
    // The link was for one download only.
    const again = await page.request.get((await link.getAttribute("href"))!);
    expect(again.status()).toBe(404);

    await page.getByRole("button", { name: "M'envoyer un e-mail d'essai" }).click();
    await expect(page.getByRole("status").filter({ hasText: "e-mail d'essai part" })).toBeVisible();
    await waitForMail(admin.email, /Essai d'envoi depuis la page Exploitation/);
    await page.screenshot({ path: `test-results/exploitation-${width}.png`, fullPage: true });
  });
}

/** Mails received for `to` with a subject matching `subject` (files written by the local SMTP server). */
function mailCount(to: string, subject: RegExp): number {
  const dir = process.env.E2E_MAIL_DIR!;
  return readdirSync(dir).filter((f) => {
    const mail = JSON.parse(readFileSync(path.join(dir, f), "utf8")) as ReceivedMail;
    return mail.to.includes(to) && subject.test(mail.subject ?? "");
  }).length;
}

for (const width of [390, 1366]) {
  test(`operations page at ${width} px: a mail the SMTP server refuses is listed with its error, 'Réessayer' sends it; axe`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: 900 });
    const admin = e2eUser("admin");
    const subject = /Essai d'envoi depuis la page Exploitation/;
    // The local SMTP server refuses (550) mail to the admin while this file exists (global-setup).
    const refusal = path.join(process.env.E2E_MAIL_DIR!, "..", "refus", admin.email);
    mkdirSync(path.dirname(refusal), { recursive: true });
    writeFileSync(refusal, "");
    try {
      await signInWithForm(page, admin.email, admin.password);
      await page.waitForURL(/\/espace-membre/);
      await gotoHydrated(page, "/espace-membre/exploitation");
      await page.getByRole("button", { name: "M'envoyer un e-mail d'essai" }).click();
      await expect(page.getByRole("status").filter({ hasText: "e-mail d'essai part" })).toBeVisible();
      const refused = page
        .getByRole("listitem")
        .filter({ hasText: "Essai d'envoi depuis la page Exploitation" })
        .filter({ hasText: "550 Mailbox unavailable" });
      await expect(async () => {
        await gotoHydrated(page, "/espace-membre/exploitation");
        await expect(refused.first()).toBeVisible({ timeout: 1000 });
      }).toPass({ timeout: 30_000 });
      expect(await axeViolations(page)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    } finally {
      rmSync(refusal, { force: true });
    }

    const failed = page
      .getByRole("listitem")
      .filter({ hasText: "Essai d'envoi depuis la page Exploitation" })
      .filter({ hasText: "550 Mailbox unavailable" });
    const before = mailCount(admin.email, subject);
    const count = await failed.count();
    await failed.first().getByRole("button", { name: "Réessayer" }).click();
    await expect(page.getByRole("status").filter({ hasText: "remis dans la file d'envoi" })).toBeVisible();
    await expect.poll(() => mailCount(admin.email, subject), { timeout: 20_000 }).toBeGreaterThan(before);
    await gotoHydrated(page, "/espace-membre/exploitation");
    await expect(failed).toHaveCount(count - 1);
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: `test-results/exploitation-reessayer-${width}.png`, fullPage: true });
  });
}

/**
 * The operations page's e-mail DNS records, at 390 px and 1366 px: SPF, DKIM
 * and DMARC for the sending domain with values ready to copy; « Vérifier »
 * asks the local DNS server of the global setup (mail-dns-setup.ts) and finds
 * them absent, then correct once the values the page shows are published
 * there; axe finds nothing and nothing overflows. Without JavaScript the
 * button posts the page and the verdicts come back in it.
 */
import { writeFileSync } from "node:fs";
import type { Locator } from "@playwright/test";
import { e2eUser, signInWithForm } from "./auth-helpers";
import { axeViolations, expect, gotoHydrated, test } from "./fixtures";
import { E2E_MAIL_DOMAIN } from "./mail-dns-setup";

const PAGE = "/espace-membre/exploitation";

function publish(records: Record<string, string[]>) {
  writeFileSync(process.env.E2E_DNS_RECORDS!, JSON.stringify(records));
}

/**
 * Each record of the card: its DNS name and the value to paste, as the page shows them. The
 * server's SMTP relay runs on 127.0.0.1 and its address is localhost: the page gives no SPF value
 * (it asks for the machine's public address), so the test publishes one of its own there.
 */
async function shownRecords(card: Locator): Promise<Record<string, string[]>> {
  const records: Record<string, string[]> = {};
  for (const item of await card.getByRole("listitem").all()) {
    const name = await item.locator("dd").nth(1).locator("code").first().innerText();
    const value = item.locator("dd").nth(2).locator("code");
    records[name] = [(await value.count()) ? await value.innerText() : "v=spf1 ip4:192.0.2.25 ~all"];
  }
  return records;
}

for (const width of [390, 1366]) {
  test(`e-mail DNS records at ${width} px: ready to copy, « Vérifier » finds them absent, then correct once published; axe`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    publish({});
    await page.setViewportSize({ width, height: 900 });
    const admin = e2eUser("admin");
    await signInWithForm(page, admin.email, admin.password);
    await page.waitForURL(/\/espace-membre/);
    await gotoHydrated(page, PAGE);
    const card = page.getByRole("region", { name: "Enregistrements DNS des e-mails" });
    await expect(card).toContainText(`pour le domaine ${E2E_MAIL_DOMAIN}`);
    await expect(card.getByRole("heading", { name: "DKIM : la clé de la signature des e-mails" })).toBeVisible();
    await expect(card.getByText(/^v=DKIM1; k=rsa; p=MII/)).toBeVisible();
    await expect(card.getByText(`_dmarc.${E2E_MAIL_DOMAIN}`, { exact: true })).toBeVisible();
    await expect(card).toContainText("l'adresse IP publique de la machine");
    expect(await axeViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

    await card.getByRole("button", { name: "Vérifier" }).click();
    await expect(card.getByRole("status")).toHaveText("Vérification faite : 0 enregistrement correct sur 3.");
    await expect(card.getByText("Aucune clé DKIM publiée à ce nom.")).toBeVisible();

    const records = await shownRecords(card);
    expect(Object.keys(records)).toEqual([
      E2E_MAIL_DOMAIN,
      `club._domainkey.${E2E_MAIL_DOMAIN}`,
      `_dmarc.${E2E_MAIL_DOMAIN}`,
    ]);
    publish(records);
    await card.getByRole("button", { name: "Vérifier" }).click();
    await expect(card.getByRole("status")).toHaveText("Vérification faite : 3 enregistrements corrects sur 3.");
    await expect(card.getByText("Publiée, et c'est bien la clé du site.")).toBeVisible();
    await expect(card.getByText("Un enregistrement SPF est publié.")).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await page.screenshot({ path: `test-results/exploitation-dns-${width}.png`, fullPage: true });
  });
}

test("without JavaScript « Vérifier » posts the page, which comes back with the verdicts", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const admin = e2eUser("admin");
  await signInWithForm(page, admin.email, admin.password);
  await page.waitForURL(/\/espace-membre/);
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL: process.env.E2E_BASE_URL });
  try {
    await context.addCookies(await page.context().cookies());
    const plain = await context.newPage();
    await plain.goto(PAGE);
    const card = plain.getByRole("region", { name: "Enregistrements DNS des e-mails" });
    const records = await shownRecords(card);
    publish({ [`_dmarc.${E2E_MAIL_DOMAIN}`]: records[`_dmarc.${E2E_MAIL_DOMAIN}`]! });
    await card.getByRole("button", { name: "Vérifier" }).click();
    await expect(card.getByRole("status")).toHaveText("Vérification faite : 1 enregistrement correct sur 3.");
    await expect(card.getByText("Publié, avec la politique p=none.")).toBeVisible();
    await expect(card.getByText("Aucun enregistrement SPF publié.")).toBeVisible();
  } finally {
    await context.close();
    publish({});
  }
});

/**
 * Portraits for the roll call, on the production
 * server: an admin ties the instructor fixture account to every class; on a
 * 390 px phone a parent (« Famille Appel », tests/e2e/seed-mat.ts) is refused
 * without the consent ticked, then adds a portrait to a child; the
 * instructor's roster of that child's session shows it (round, loaded from
 * the guarded route), the other children their initials, and offline (the
 * service worker's kept roster) the child's initials. axe finds nothing
 * on the profile page, the roster and the emergency sheet at 390 and 1366 px;
 * screenshots of the profile's portrait section and of the roster at both
 * widths go to test-results/.
 */
import { type Browser, type Locator, type Page } from "@playwright/test";
import sharp from "sharp";
import { e2eUser, signInWithForm } from "./auth-helpers";
import { axeViolations, expect, gotoHydrated, test } from "./fixtures";
import { pastSession } from "./mat-helpers";

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 900 };
const FAMILY_EMAIL = "e2e-famille-appel@exemple.fr";

async function signedIn(browser: Browser, who: "admin" | "enseignant" | "famille", viewport = PHONE): Promise<Page> {
  const context = await browser.newContext({ baseURL: process.env.E2E_BASE_URL, viewport });
  const page = await context.newPage();
  if (who === "famille") await signInWithForm(page, FAMILY_EMAIL, process.env.E2E_USER_PASSWORD!);
  else {
    const { email, password } = e2eUser(who);
    await signInWithForm(page, email, password);
  }
  await page.waitForURL(/\/espace-membre/);
  return page;
}

/** A drawn face (no real person), as a phone photo would arrive: a 900 × 1200 JPEG. */
async function drawnFace(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="900" height="1200">
    <rect width="900" height="1200" fill="#9ec5e8"/>
    <ellipse cx="450" cy="560" rx="230" ry="280" fill="#f1c7a3"/>
    <path d="M220 470 Q450 180 680 470 Q600 330 450 330 Q300 330 220 470Z" fill="#3b2a20"/>
    <circle cx="370" cy="560" r="22" fill="#2b2b2b"/><circle cx="530" cy="560" r="22" fill="#2b2b2b"/>
    <path d="M370 700 Q450 770 530 700" stroke="#8a3b2f" stroke-width="14" fill="none" stroke-linecap="round"/>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

async function loaded(img: Locator): Promise<number> {
  await img.scrollIntoViewIfNeeded();
  return img.evaluate((el: HTMLImageElement) => (el.complete ? el.naturalWidth : 0));
}

test.describe.configure({ mode: "serial" });

let sessionUrl = "";
let childId = "";
let childName = "";

test("an admin ties the instructor to the classes", async ({ browser }) => {
  const admin = await signedIn(browser, "admin", DESKTOP);
  await gotoHydrated(admin, "/espace-membre/contenu/enseignants-des-cours");
  const section = admin.getByRole("region", { name: "Essai enseignant" });
  for (const box of await section.getByRole("checkbox").all()) await box.check();
  await section.getByRole("button", { name: /^Enregistrer les cours/ }).click();
  await expect(admin.getByText("Les cours de l’enseignant ont été enregistrés.")).toBeVisible();
  const instructor = await signedIn(browser, "enseignant");
  sessionUrl = await pastSession(instructor);
  await gotoHydrated(instructor, sessionUrl);
  const row = instructor.locator('li[id^="p-"]').first();
  childId = (await row.getAttribute("id"))!.slice(2);
  childName = (await row.locator("span.text-lg").textContent())!.trim();
  expect(childName).toMatch(/^(Bao|Chi) \d+ Appel$/);
  await instructor.context().close();
  await admin.context().close();
});

test("a parent adds a portrait to a child's profile on a phone, with the consent ticked", async ({ browser }) => {
  const page = await signedIn(browser, "famille");
  await gotoHydrated(page, "/espace-membre/profil#portraits");
  const prenom = childName.replace(/ Appel$/, "");
  const row = page.locator(`#portrait-${childId}`);
  await expect(row.getByText("Pas de portrait : les enseignants voient ses initiales.")).toBeVisible();
  await row.getByText(`Ajouter un portrait de ${prenom}`).click();
  await row.getByLabel(`Photo de ${prenom}`).setInputFiles({
    name: "visage.jpg",
    mimeType: "image/jpeg",
    buffer: await drawnFace(),
  });
  // Without the consent: refused in the browser, in French, the photo kept.
  await row.getByRole("button", { name: "Enregistrer le portrait" }).click();
  await expect(row.getByText("Cochez l’accord : sans lui, le portrait ne peut pas être enregistré.")).toBeVisible();
  expect(await row.getByLabel(`Photo de ${prenom}`).evaluate((el: HTMLInputElement) => el.files?.length)).toBe(1);
  expect(await axeViolations(page)).toEqual([]);

  await row.getByRole("checkbox", { name: /^J’accepte, en tant que titulaire du compte, que ce portrait/ }).check();
  await row.getByRole("button", { name: "Enregistrer le portrait" }).click();
  await expect(page.getByText(`Le portrait de ${prenom} a été enregistré.`)).toBeVisible();
  const img = row.getByRole("img", { name: childName });
  await expect(img).toBeVisible();
  await expect.poll(() => loaded(img)).toBeGreaterThan(0);
  await expect(row.getByText(/^Portrait enregistré le .*, avec l'accord de Famille Appel\.$/)).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await page
    .locator("section[aria-labelledby=portraits]")
    .screenshot({ path: "test-results/portraits-profil-390.png" });
  await page.context().close();
});

test("the instructor's roster shows the portrait, initials for the others", async ({ browser }) => {
  for (const viewport of [PHONE, DESKTOP]) {
    const page = await signedIn(browser, "enseignant", viewport);
    await gotoHydrated(page, sessionUrl);
    const row = page.locator(`#p-${childId}`);
    const img = row.getByRole("img", { name: childName });
    await expect(img).toBeVisible();
    await expect.poll(() => loaded(img)).toBeGreaterThan(0);
    expect(await img.evaluate((el) => getComputedStyle(el).borderRadius)).not.toBe("0px");
    const box = (await img.boundingBox())!;
    expect(Math.round(box.width)).toBe(48);
    // The tap target is unchanged.
    const button = row.getByRole("button", { name: new RegExp(`^Présen(?:t|te|ce) : ${childName}`) });
    expect((await button.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    // Another child of the roster: initials, no picture.
    const other = page
      .locator('li[id^="p-"]')
      .filter({ hasNot: page.locator("img") })
      .first();
    await expect(other.locator("[aria-hidden=true]").first()).toHaveText(/^[A-Z0-9]{1,2}$/);
    expect(await axeViolations(page), `roster ${viewport.width}`).toEqual([]);
    await page.screenshot({ path: `test-results/portraits-appel-${viewport.width}.png`, fullPage: true });
    if (viewport === PHONE) {
      // Offline, the service worker gives the kept roster but keeps no portrait: the initials show.
      await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
      await gotoHydrated(page, sessionUrl);
      await page.context().setOffline(true);
      await page.reload();
      await expect(row.getByRole("button", { name: new RegExp(`^Présen(?:t|te|ce) : ${childName}`) })).toBeVisible();
      await expect(row.getByRole("img")).toHaveCount(0);
      await expect(row.locator("[aria-hidden=true]").first()).toHaveText(/^[A-Z0-9]{1,2}$/);
      await page.screenshot({ path: "test-results/portraits-appel-390-hors-ligne.png", fullPage: true });
      await page.context().setOffline(false);
    }
    await gotoHydrated(page, `${sessionUrl}/urgence`);
    await expect(page.getByRole("img", { name: childName })).toBeVisible();
    expect(await axeViolations(page), `emergency sheet ${viewport.width}`).toEqual([]);
    await page.context().close();
  }
});

test("the profile page passes axe at 1366 px", async ({ browser }) => {
  const page = await signedIn(browser, "famille", DESKTOP);
  await gotoHydrated(page, "/espace-membre/profil#portraits");
  await expect(page.locator(`#portrait-${childId}`).getByRole("img", { name: childName })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await page
    .locator("section[aria-labelledby=portraits]")
    .screenshot({ path: "test-results/portraits-profil-1366.png" });
  await page.context().close();
});

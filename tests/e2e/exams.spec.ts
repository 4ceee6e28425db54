/**
 * Grade exams in the browser: a manager creates a session at
 * 1366 px and convokes a member (the family's e-mail arrives); a jury member
 * marks two tests of the programme (« Acquis » / « Non acquis ») and the
 * candidate « reçu » on a 390 px phone, the grade history shows the
 * new grade and the diploma downloads as a PDF; the same marks (a test, the
 * overall result) work without JavaScript; the managers' session page counts
 * them (« 2 tests acquis sur 9 », and per test of the programme). axe finds nothing on the new pages at 390 and 1366 px, nothing
 * overflows the phone's width, and the Nu Html Checker finds no error on the
 * pages with a parameter (html-valid.spec.ts checks the others).
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { readPdf } from "../helpers/pdf-text";
import { e2eUser, signInWithForm } from "./auth-helpers";
import { axeViolations, expect, gotoHydrated, test, waitForMail } from "./fixtures";
import type { Page } from "@playwright/test";

const PLACE = "Dojo du gymnase Jean-Moulin";

async function signIn(page: Page, role: "admin" | "user_manager" | "article_manager" | "membre") {
  const who = e2eUser(role);
  await signInWithForm(page, who.email, who.password);
  await page.waitForURL(/\/espace-membre/);
}

async function checkPage(page: Page, width: number, name: string) {
  expect(await axeViolations(page), name).toEqual([]);
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth, `${name} à ${width} px`).toBeLessThanOrEqual(width);
  await page.screenshot({ path: `test-results/examens-${name}-${width}.png`, fullPage: true });
  // The content itself, from the page title, readable when looked at.
  const top = (await page.locator("h1").last().boundingBox())?.y ?? 0;
  await page.screenshot({
    path: `test-results/examens-${name}-${width}-contenu.png`,
    fullPage: true,
    clip: { x: 0, y: Math.max(0, top - 20), width, height: 1300 },
  });
}

test.describe.configure({ mode: "serial" });

let sessionPath = "";

test("a manager creates an exam session and convokes a member: one e-mail to the family", async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, "user_manager");
  await gotoHydrated(page, "/espace-membre/examens");
  await expect(page.getByRole("heading", { level: 1, name: "Examens de grade" })).toBeVisible();
  await checkPage(page, 1366, "liste");

  // Refused without a grade: the error next to the group, what was typed kept.
  await page.getByLabel("Date de l'examen").fill("2027-06-12");
  await page.getByLabel("Lieu").fill(PLACE);
  await page.getByRole("button", { name: "Créer la session" }).click();
  await expect(page.getByText("Cochez au moins un grade examiné.")).toBeVisible();

  await page
    .getByRole("group", { name: "Grades examinés" })
    .getByLabel(/^Tự vệ/)
    .check();
  await page.getByRole("group", { name: "Jury" }).getByLabel("Essai article_manager").check();
  await page.getByRole("button", { name: "Créer la session" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Examen du 12 juin 2027" })).toBeVisible();
  sessionPath = new URL(page.url()).pathname;
  await expect(page.getByRole("status").filter({ hasText: "La session est créée" })).toBeVisible();
  await checkPage(page, 1366, "session");

  // Only the fixture member: every other box unticked (on the page freshly loaded and hydrated).
  await gotoHydrated(page, sessionPath);
  for (const box of await page.getByRole("checkbox", { name: /^Convoquer / }).all()) await box.uncheck();
  await page.getByRole("checkbox", { name: "Convoquer Essai membre" }).check();
  await page.getByRole("button", { name: "Convoquer les candidats cochés" }).click();
  await expect(page.getByRole("status").filter({ hasText: "1 candidat convoqué" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Convoqués" })).toContainText("Essai membre");

  const mail = await waitForMail(e2eUser("membre").email, /Convocation au passage de grade du 12 juin 2027/);
  expect(mail.text).toContain(PLACE);
  expect(mail.text).toMatch(/Essai membre présente le grade Tự vệ — /);
  expect(mail.text).toMatch(/\/espace-membre\/revision\?grade=\d+&profil=\d+/);
});

test("a jury member marks two tests and the candidate on a 390 px phone: the grade history is updated and the diploma prints", async ({
  page,
}) => {
  test.setTimeout(120_000);
  expect(sessionPath).toMatch(/^\/espace-membre\/examens\/\d+$/);
  const juryPath = sessionPath.replace("/examens/", "/jury/");
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, "article_manager");

  // The way in: the grades page names the sessions the user sits on as jury.
  await gotoHydrated(page, "/espace-membre/grades");
  await checkPage(page, 390, "grades-jury");
  await page.getByRole("link", { name: "Noter les candidats de l'examen du 12 juin 2027" }).click();
  await expect(page).toHaveURL(juryPath);
  await expect(page.getByRole("heading", { level: 1, name: "Jury de l'examen du 12 juin 2027" })).toBeVisible();
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
  await checkPage(page, 390, "jury");

  const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Essai membre" }) });
  // Two tests of the programme (the checklist of Tự vệ), then the count beside the overall result.
  const tests = card.getByRole("group", { name: "Tests du programme pour Essai membre" });
  const total = await tests.getByRole("group").count();
  expect(total).toBeGreaterThan(1);
  await expect(card.getByText(`0 test acquis sur ${total}`)).toBeVisible();
  await tests
    .getByRole("group", { name: "Le salut (nghiêm lễ)" })
    .getByRole("radio", { name: "Acquis", exact: true })
    .check();
  await tests
    .getByRole("group", { name: "Chutes (té ngã)" })
    .getByRole("radio", { name: "Non acquis", exact: true })
    .check();
  await card.getByRole("button", { name: "Enregistrer les tests pour Essai membre" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Tests enregistrés pour Essai membre." })).toBeVisible();
  await expect(card.getByText(`1 test acquis sur ${total}`)).toBeVisible();
  await expect(
    tests.getByRole("group", { name: "Chutes (té ngã)" }).getByRole("radio", { name: "Non acquis", exact: true }),
  ).toBeChecked();
  await checkPage(page, 390, "jury-tests");

  await card.getByRole("button", { name: "Enregistrer la note pour Essai membre" }).click();
  await expect(card.getByText("Choisissez « Réussi » ou « Non réussi ».")).toBeVisible();
  await checkPage(page, 390, "jury-erreur");
  await card.getByRole("radio", { name: "Réussi", exact: true }).check();
  await card.getByLabel("Remarque du jury (facultatif)").fill("Belle technique de ciseaux");
  await card.getByRole("button", { name: "Enregistrer la note pour Essai membre" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Note enregistrée pour Essai membre." })).toBeVisible();
  await expect(card.getByText("Réussi", { exact: true }).first()).toBeVisible();
  await checkPage(page, 390, "jury-note");

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    card.getByRole("link", { name: /Imprimer le diplôme pour Essai membre/ }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^diplome-essai-membre-2027-06-12\.pdf$/);
  await download.saveAs("test-results/examens-diplome.pdf");
  // The production build finds its fonts: the grade's name keeps every letter (« ự »).
  const diploma = await readPdf(readFileSync("test-results/examens-diplome.pdf"));
  expect(diploma.lines).toContain("Tự vệ");
  expect(diploma.lines).toContain("Essai membre");

  // The member's grade history has the grade, with the exam day.
  await page.context().clearCookies();
  await signIn(page, "membre");
  await gotoHydrated(page, "/espace-membre/grades");
  await expect(page.getByTestId("current-grade")).toContainText("Tự vệ");
  await expect(page.getByRole("table", { name: /Grades obtenus/ })).toContainText("12 juin 2027");
  // The convocation was for the grade now obtained: not shown any more.
  await expect(page.getByText("Convocation à l'examen du 12 juin 2027")).toHaveCount(0);
  await checkPage(page, 390, "grades-membre");
});

test("without JavaScript the jury marks too, and a member who is not on the jury is refused", async ({ browser }) => {
  test.setTimeout(120_000);
  const juryPath = sessionPath.replace("/examens/", "/jury/");
  const noJs = await browser.newContext({
    javaScriptEnabled: false,
    viewport: { width: 390, height: 844 },
    baseURL: process.env.E2E_BASE_URL,
  });
  const page = await noJs.newPage();
  const juror = e2eUser("article_manager");
  await page.goto("/connexion");
  await page.getByLabel("Adresse e-mail").fill(juror.email);
  await page.getByLabel(/^Mot de passe/).fill(juror.password);
  await page.getByRole("button", { name: "Se connecter", exact: true }).click();
  await page.waitForURL(/\/espace-membre/);
  await page.goto(juryPath);
  const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Essai membre" }) });
  await card.getByLabel("Remarque du jury (facultatif)").fill("Noté sans JavaScript");
  await card.getByRole("button", { name: "Enregistrer la note pour Essai membre" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Note enregistrée pour Essai membre." })).toBeVisible();
  await expect(card.getByLabel("Remarque du jury (facultatif)")).toHaveValue("Noté sans JavaScript");
  // A test too: the form of the tests posts and reloads the page.
  await card
    .getByRole("group", { name: "Chutes (té ngã)" })
    .getByRole("radio", { name: "Acquis", exact: true })
    .check();
  await card.getByRole("button", { name: "Enregistrer les tests pour Essai membre" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Tests enregistrés pour Essai membre." })).toBeVisible();
  await expect(card.getByText(/^2 tests acquis sur \d+$/)).toBeVisible();
  await noJs.close();

  const member = await browser.newContext({ viewport: { width: 390, height: 844 }, baseURL: process.env.E2E_BASE_URL });
  const memberPage = await member.newPage();
  await signIn(memberPage, "membre");
  const res = await memberPage.goto(juryPath);
  expect(res?.status()).toBe(403);
  await expect(memberPage.getByText("Seuls les membres du jury de cette session")).toBeVisible();
  await member.close();
});

test("the managers' session page counts the tests acquired, and axe finds nothing on the managers' exam pages", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, "admin");
  await gotoHydrated(page, "/espace-membre/examens");
  await checkPage(page, 390, "liste");
  await gotoHydrated(page, sessionPath);
  await checkPage(page, 390, "session");
  await gotoHydrated(page, sessionPath.replace("/examens/", "/jury/"));
  await checkPage(page, 390, "jury-admin");
  await page.setViewportSize({ width: 1366, height: 900 });
  await gotoHydrated(page, sessionPath);
  // The jury's per-test marks in counts: the candidate's, and per test of the programme.
  await expect(page.getByText(/^2 tests acquis sur \d+$/)).toBeVisible();
  const tallies = page.getByRole("table", { name: /1 candidat convoqué/ });
  for (const title of ["Le salut (nghiêm lễ)", "Chutes (té ngã)"]) {
    const row = tallies.getByRole("row").filter({ has: page.getByRole("rowheader", { name: title }) });
    await expect(row.getByRole("cell")).toHaveText(["1", "0", "0"]);
  }
  await checkPage(page, 1366, "session");
  await gotoHydrated(page, sessionPath.replace("/examens/", "/jury/"));
  await checkPage(page, 1366, "jury-admin");
  await gotoHydrated(page, "/espace-membre/grades");
  await checkPage(page, 1366, "grades");
});

test("the Nu Html Checker finds no error on the session and jury pages", async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, "admin");
  const dir = mkdtempSync(path.join(os.tmpdir(), "vnu-examens-"));
  const files: string[] = [];
  for (const url of [sessionPath, sessionPath.replace("/examens/", "/jury/")]) {
    const file = path.join(dir, `${files.length}.html`);
    writeFileSync(file, await (await page.request.get(url)).text());
    files.push(file);
  }
  const vnuJar = createRequire(import.meta.url)("vnu-jar") as string;
  const run = spawnSync("java", ["-jar", vnuJar, "--errors-only", "--format", "json", ...files], { encoding: "utf8" });
  rmSync(dir, { recursive: true, force: true });
  expect(run.error, "java -jar vnu.jar").toBeUndefined();
  const report = JSON.parse(`${run.stderr ?? ""}`.trim() || '{"messages":[]}') as {
    messages: { type: string; message: string; extract?: string }[];
  };
  expect(report.messages.filter((m) => m.type === "error").map((m) => `${m.message} — ${m.extract ?? ""}`)).toEqual([]);
});

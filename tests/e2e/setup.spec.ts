/**
 * First run in the browser, on a brand-new site (its own server and data
 * folder, no account at all): the server logs the setup address; the page
 * creates the first administrator and the club's details (its venue and a
 * weekly class included), the test mail
 * arrives, the administrator signs in, and the address then answers 404.
 * At 390 px and 1366 px, axe finds nothing.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { axeViolations, expect, test, waitForMail } from "./fixtures";

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.listen(0, "127.0.0.1", () => {
      const port = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(port));
    });
  });
}

let server: ChildProcess;
let setupUrl: string;
let base: string;
let dataDir: string;

test.beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), "club-first-run-"));
  const port = await freePort();
  base = `http://localhost:${port}`;
  server = spawn(process.execPath, [path.resolve(process.env.BUILD_DIR ?? "build", "server.js")], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      BASE_URL: base,
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      SMTP_URL: process.env.E2E_SMTP_URL ?? "",
      LOG_LEVEL: "warn",
      RATE_LIMIT_SIGNIN_FAILURES: "1000",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  setupUrl = await new Promise<string>((resolve, reject) => {
    let seen = "";
    const onData = (chunk: Buffer) => {
      seen += chunk.toString();
      const match = /"url":"(http:[^"]+\/installation\?jeton=[^"]+)"/.exec(seen);
      if (match?.[1]) resolve(match[1]);
    };
    server.stdout!.on("data", onData);
    server.stderr!.on("data", onData);
    server.once("exit", (code) => reject(new Error(`server exited (${code}): ${seen}`)));
  });
});

test.afterAll(async () => {
  server.kill("SIGTERM");
  await new Promise((r) => server.once("exit", r));
  rmSync(dataDir, { recursive: true, force: true });
});

for (const width of [390, 1366]) {
  test(`the setup page has no accessibility violation at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(setupUrl);
    await expect(page.getByRole("heading", { level: 1, name: "Installation du site" })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });
}

test("a new site is set up in the browser, then the setup address is gone", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 900 });
  expect((await page.goto(`${base}/installation`))?.status()).toBe(404);
  expect((await page.goto(`${base}/installation?jeton=faux`))?.status()).toBe(404);

  await page.goto(setupUrl);
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
  await page.getByLabel("Prénom").fill("Marie");
  await page.getByRole("textbox", { name: "Nom", exact: true }).fill("Dupont");
  await page.getByLabel("Adresse e-mail").fill("presidence@premier-site.fr");
  await page.locator('input[name="password"]').fill("Lotus-Bleu-Dojo-2026");
  await page.getByLabel("Mot de passe (confirmation)").fill("Lotus-Bleu-Dojo-2027");
  await page.getByLabel("Nom du club").fill("Vovinam Viet Vo Dao Vitry");
  await page.getByLabel("Nom court").fill("VVD Vitry");
  await page.getByLabel("Nom officiel de l'association").fill("Association Vovinam de Vitry");
  await page.getByLabel("Gymnase ou complexe sportif des cours").fill("Gymnase Gabriel Péri");
  await page.getByLabel("E-mail de contact du club").fill("contact@premier-site.fr");
  await page.getByLabel("Adresse du gymnase (numéro et rue)").fill("3 avenue de la République");
  await page.getByLabel("Code postal").fill("94400");
  await page.getByLabel("Ville").fill("Vitry-sur-Seine");
  // The weekly classes, from the setup page (one entered, the other rows left empty).
  const firstClass = page.getByRole("group", { name: "Cours 1" });
  await firstClass.getByLabel("Jour").selectOption({ label: "Jeudi" });
  await firstClass.getByLabel("Début (HH:MM)").fill("19:00");
  await firstClass.getByLabel("Fin (HH:MM)").fill("20:30");
  await firstClass.getByLabel("Groupe").fill("Adultes et adolescents");
  await page.getByRole("button", { name: "Créer l'administrateur et terminer" }).click();
  await expect(page.getByLabel("Mot de passe (confirmation)")).toHaveAccessibleDescription(
    "Les deux mots de passe ne sont pas identiques.",
  );

  await page.getByLabel("Mot de passe (confirmation)").fill("Lotus-Bleu-Dojo-2026");
  await page.getByRole("button", { name: "Créer l'administrateur et terminer" }).click();
  await page.waitForURL(/\/connexion\?redirectTo=/);
  const mail = await waitForMail("presidence@premier-site.fr", /Essai d'envoi/);
  expect(mail.text).toContain("Vous êtes administrateur");

  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
  await page.getByLabel("Adresse e-mail").fill("presidence@premier-site.fr");
  await page.locator('input[name="password"]').fill("Lotus-Bleu-Dojo-2026");
  await page.getByRole("button", { name: "Se connecter", exact: true }).click();
  await page.waitForURL(/\/espace-membre$/);

  expect((await page.goto(setupUrl))?.status()).toBe(404);
  await page.goto(`${base}/`);
  await expect(page.locator("footer")).toContainText("Vitry-sur-Seine");
  await expect(page.locator("footer")).toContainText("Gymnase Gabriel Péri");
  await expect(page.locator("footer")).toContainText("Association Vovinam de Vitry");
  await expect(page.getByText("Adultes et adolescents")).toBeVisible();
  // No other club's facts.
  await expect(page.locator("body")).not.toContainText("Créteil");
  await expect(page.locator("body")).not.toContainText("Casalis");
});

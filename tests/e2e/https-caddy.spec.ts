/**
 * The site behind Caddy, as on the club's server: Debian's Caddy runs the
 * Caddyfile rendered from deploy/templates/Caddyfile for https://localhost
 * (its own certificate authority), in front of the production build started
 * as the service starts it (BASE_URL=https://…, TRUST_PROXY=loopback,
 * listening on 127.0.0.1 only), with a new data folder, as after the install.
 *
 * Checked through Caddy: plain HTTP redirects to HTTPS; the one-time setup
 * address the server prints is the HTTPS one, and the volunteer creates the
 * administrator there, then signs in in the browser: every cookie is Secure,
 * HSTS and the compression are each sent once (by the site); the contact
 * form's per-address limit counts the address Caddy forwarded (two local
 * addresses, 127.0.0.5 and 127.0.0.6, each its own count) and a forged
 * X-Forwarded-For does not escape it; a body over the site's limit gets the
 * site's French 413; the site stopped, visitors get Caddy's short French page.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import type { Browser, BrowserType, TestInfo } from "@playwright/test";
import { httpsRequest, startCaddy, type RunningCaddy } from "./caddy-helpers";
import { axeViolations, expect, test, untilInteractive } from "./fixtures";

const ADMIN = { email: "presidence@club-https.fr", password: "Lotus-Bleu-Https-2026" };
const CONTACT_LIMIT = 2;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, "127.0.0.1", () => {
      const port = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(port));
    });
    srv.on("error", reject);
  });
}

let root: string;
let server: ChildProcess;
let caddy: RunningCaddy;
let httpsPort: number;
let httpPort: number;
let setupUrl: string;
let base: string;

test.beforeAll(async () => {
  root = mkdtempSync(path.join(os.tmpdir(), "club-https-"));
  const appPort = await freePort();
  httpsPort = await freePort();
  httpPort = await freePort();
  base = `https://localhost:${httpsPort}`;
  server = spawn(process.execPath, [path.resolve(process.env.BUILD_DIR ?? "build", "server.js")], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(appPort),
      HOST: "127.0.0.1",
      BASE_URL: base,
      TRUST_PROXY: "loopback",
      DATA_DIR: path.join(root, "data"),
      DATABASE_URL: "",
      SMTP_URL: "",
      LOG_LEVEL: "warn",
      RATE_LIMIT_CONTACT_PER_HOUR: String(CONTACT_LIMIT),
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  // No administrator yet: the server prints the one-time setup address, as after the install.
  setupUrl = await new Promise<string>((resolve, reject) => {
    let seen = "";
    const onData = (chunk: Buffer) => {
      seen += chunk.toString();
      const match = /"url":"([^"]+\/installation\?jeton=[^"]+)"/.exec(seen);
      if (match?.[1]) resolve(match[1]);
    };
    server.stdout!.on("data", onData);
    server.stderr!.on("data", onData);
    server.once("exit", (code) => reject(new Error(`server exited (${code}): ${seen}`)));
  });
  const caddyDir = path.join(root, "caddy");
  mkdirSync(caddyDir);
  caddy = await startCaddy({ dir: caddyDir, httpsPort, httpPort, appPort });
});

test.afterAll(async () => {
  await caddy?.stop();
  if (server && server.exitCode === null) {
    server.kill("SIGTERM");
    await new Promise((r) => server.once("exit", r));
  }
  rmSync(root, { recursive: true, force: true });
});

/** Chromium trusting the chain Caddy presents (its intermediate's key); every other TLS check is kept. */
function browserTrustingCaddy(playwright: { chromium: BrowserType }, testInfo: TestInfo): Promise<Browser> {
  const launchOptions = testInfo.project.use.launchOptions ?? {};
  return playwright.chromium.launch({
    ...launchOptions,
    args: [...(launchOptions.args ?? []), `--ignore-certificate-errors-spki-list=${caddy.intermediateSpki}`],
  });
}

test("over HTTPS through Caddy, the administrator is created on the setup address and signs in: Secure cookies, HSTS and compression sent once", async ({
  playwright,
}, testInfo) => {
  const browser = await browserTrustingCaddy(playwright, testInfo);
  try {
    const context = await browser.newContext({ locale: "fr-FR", timezoneId: "Europe/Paris" });
    const page = await context.newPage();

    // Plain HTTP answers with a redirect to the same address over HTTPS.
    await page.goto(`http://localhost:${httpPort}/connexion?redirectTo=%2Fespace-membre`);
    expect(page.url()).toBe(`${base}/connexion?redirectTo=%2Fespace-membre`);

    // The one-time setup address the server printed is the site's HTTPS address: the volunteer
    // creates the administrator there, then signs in.
    expect(setupUrl).toMatch(new RegExp(`^${base}/installation\\?jeton=`));
    const setup = await page.goto(setupUrl);
    const headers = await setup!.headersArray();
    const named = (name: string) => headers.filter((h) => h.name.toLowerCase() === name).map((h) => h.value);
    expect(named("strict-transport-security")).toEqual(["max-age=31536000; includeSubDomains"]);
    expect(named("content-encoding")).toHaveLength(1);
    await untilInteractive(page);
    await page.getByLabel("Prénom").fill("Lan");
    await page.getByRole("textbox", { name: "Nom", exact: true }).fill("Nguyen");
    await page.getByLabel("Adresse e-mail").fill(ADMIN.email);
    await page.locator('input[name="password"]').fill(ADMIN.password);
    await page.getByLabel("Mot de passe (confirmation)").fill(ADMIN.password);
    await page.getByLabel("Nom du club").fill("Vovinam Viet Vo Dao Essai");
    await page.getByLabel("Nom court").fill("VVD Essai");
    await page.getByLabel("Nom officiel de l'association").fill("Association Vovinam Essai");
    await page.getByLabel("Gymnase ou complexe sportif des cours").fill("Gymnase des essais");
    await page.getByLabel("E-mail de contact du club").fill("contact@club-https.fr");
    await page.getByLabel("Adresse du gymnase (numéro et rue)").fill("1 rue des Essais");
    await page.getByLabel("Code postal").fill("94000");
    await page.getByLabel("Ville").fill("Essai-sur-Marne");
    await page.getByRole("button", { name: "Créer l'administrateur et terminer" }).click();
    await page.waitForURL(`${base}/connexion?redirectTo=**`);

    await untilInteractive(page);
    await page.getByLabel("Adresse e-mail").fill(ADMIN.email);
    await page.getByLabel(/^Mot de passe/).fill(ADMIN.password);
    await page.getByRole("button", { name: "Se connecter", exact: true }).click();
    await page.waitForURL(`${base}/espace-membre`);
    await expect(page.getByRole("heading", { level: 2, name: /Profil affiché : Lan Nguyen/ })).toBeVisible();

    const cookies = await context.cookies(base);
    expect(cookies.map((c) => c.name)).toContain("__Secure-better-auth.session_token");
    for (const cookie of cookies) {
      expect(cookie, cookie.name).toMatchObject({ secure: true, httpOnly: true, sameSite: "Lax" });
    }
    await context.close();
  } finally {
    await browser.close();
  }
});

/** One contact message posted through Caddy from `from` (a local address), as a form without JavaScript. */
function postContact(from: string, n: number, headers: Record<string, string> = {}) {
  const body = new URLSearchParams({
    name: `Visiteur ${n}`,
    email: `visiteur-${n}@exemple.fr`,
    subject: "Renseignements",
    message: `Bonjour, message numéro ${n} : quels sont les horaires des cours ?`,
  }).toString();
  return httpsRequest({
    port: httpsPort,
    ca: caddy.rootPem,
    path: "/contact",
    method: "POST",
    localAddress: from,
    body,
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: base, ...headers },
  });
}

test("the contact limit counts the address Caddy forwarded, and a forged X-Forwarded-For does not escape it", async () => {
  for (let n = 1; n <= CONTACT_LIMIT; n++) {
    const sent = await postContact("127.0.0.5", n);
    expect(sent.status, sent.body).toBe(302);
    expect(sent.headers.location).toBe("/contact?envoye=1");
  }
  const refused = await postContact("127.0.0.5", 10);
  expect(refused.status).toBe(429);
  expect(refused.headers["retry-after"]).toMatch(/^\d+$/);

  // The client writes its own forwarding headers: Caddy replaces them with the address it saw.
  const forged = await postContact("127.0.0.5", 11, {
    "X-Forwarded-For": "203.0.113.77",
    "X-Real-IP": "203.0.113.78",
    Forwarded: "for=203.0.113.79",
  });
  expect(forged.status).toBe(429);

  // Another visitor (another address) has a count of its own: the site does not count Caddy's address.
  const other = await postContact("127.0.0.6", 12);
  expect(other.status, other.body).toBe(302);
});

test("a body over the site's limit gets the site's own French answer through Caddy", async () => {
  const answer = await httpsRequest({
    port: httpsPort,
    ca: caddy.rootPem,
    path: "/contact",
    method: "POST",
    body: "message=" + "a".repeat(300 * 1024),
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: base },
  });
  expect(answer.status).toBe(413);
  expect(answer.body).toBe("Envoi trop volumineux\u00a0: la limite est de 256\u00a0Ko.");
});

// Last: it stops the site.
test("while the site is stopped (an upgrade), Caddy answers a short French page, not an empty 502", async ({
  playwright,
}, testInfo) => {
  server.kill("SIGTERM");
  await new Promise((r) => server.once("exit", r));
  const browser = await browserTrustingCaddy(playwright, testInfo);
  try {
    const page = await (await browser.newContext({ locale: "fr-FR" })).newPage();
    // Caddy first waits for the site to come back (10 s), then gives up.
    const answer = await page.goto(`${base}/calendrier`);
    expect(answer?.status()).toBe(503);
    expect(answer?.headers()["retry-after"]).toBe("60");
    await expect(page).toHaveTitle("Site momentanément indisponible");
    await expect(page.locator("p")).toHaveText(
      "Le site est en cours de mise à jour ou de redémarrage. Réessayez dans une minute\u00a0: il revient de lui-même.",
    );
    expect(await axeViolations(page)).toEqual([]);
  } finally {
    await browser.close();
  }
});

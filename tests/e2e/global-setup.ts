/**
 * Starts, for the whole browser-test run:
 *  - a local SMTP server (smtp-server) that writes each received message as
 *    JSON into E2E_MAIL_DIR (tests read it with readMail());
 *  - the production server (BUILD_DIR/server.js) on a free port, with a fresh
 *    data folder, pointed at that SMTP server and at a local OIDC issuer port
 *    (E2E_OIDC_PORT; the Google sign-in spec starts oauth2-mock-server there);
 *  - e-mail authentication (mail-dns-setup.ts): a DKIM key, a sender domain
 *    and a local DNS server whose records a spec publishes (E2E_DNS_RECORDS);
 *  - before the server starts, one fixture account per role, created with the
 *    accounts CLI (npm run user): E2E_USERS (JSON role -> e-mail) and
 *    E2E_USER_PASSWORD (their password). See e2eUser() in fixtures.ts.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import { LOCAL_CLIENT_ID, LOCAL_CLIENT_SECRET, LOCAL_ORGANIZATION, LocalHelloAsso } from "../helpers/local-helloasso";
import { startMailDns } from "./mail-dns-setup";

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

async function waitForHealth(url: string, child: ChildProcess, timeoutMs = 60_000) {
  const start = Date.now();
  while (Date.now() - start < timeoutMs) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server did not become healthy: ${url}`);
}

export default async function globalSetup() {
  const root = mkdtempSync(path.join(os.tmpdir(), "club-e2e-"));
  const mailDir = path.join(root, "mail");
  mkdirSync(mailDir, { recursive: true });

  let counter = 0;
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          // A spec makes the server refuse (550) mail to an address while the file refus/<address> exists.
          if (session.envelope.rcptTo.some((r) => existsSync(path.join(root, "refus", r.address.toLowerCase()))))
            return callback(Object.assign(new Error("Mailbox unavailable"), { responseCode: 550 }));
          const to = Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : [];
          const file = path.join(mailDir, `${Date.now()}-${++counter}.json`);
          writeFileSync(
            file,
            JSON.stringify({
              to: to.flatMap((a) => a.value.map((v) => v.address?.toLowerCase())),
              from: mail.from?.text,
              replyTo: mail.replyTo?.text,
              subject: mail.subject,
              text: mail.text,
              html: typeof mail.html === "string" ? mail.html : "",
            }),
          );
          callback();
        })
        .catch((err) => callback(err));
    },
  });
  const smtpPort = await freePort();
  await new Promise<void>((resolve) => smtp.listen(smtpPort, "127.0.0.1", resolve));

  // Fixture accounts, one per role, through the accounts CLI (the server is not running yet).
  const dataDir = path.join(root, "data");
  const fixturePassword = "phrase de passe des essais";
  const fixtureUsers: Record<string, string> = {
    "pré-inscrit": "e2e-preinscrit@exemple.fr",
    membre: "e2e-membre@exemple.fr",
    admin: "e2e-admin@exemple.fr",
    user_manager: "e2e-gestion-membres@exemple.fr",
    article_manager: "e2e-gestion-contenus@exemple.fr",
    enseignant: "e2e-enseignant@exemple.fr",
  };
  // An instructor is always also a member.
  const fixtureRoles: Record<string, string> = { enseignant: "membre,enseignant" };
  const tsx = path.resolve("node_modules/.bin/tsx");
  for (const [role, email] of Object.entries(fixtureUsers)) {
    const result = spawnSync(
      tsx,
      [
        "scripts/user.ts",
        "add",
        "--email",
        email,
        "--password",
        fixturePassword,
        "--prenom",
        "Essai",
        "--nom",
        role,
        "--role",
        fixtureRoles[role] ?? role,
      ],
      { env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", LOG_LEVEL: "warn" }, encoding: "utf8" },
    );
    if (result.status !== 0) throw new Error(`fixture account ${email}: ${result.stderr || result.stdout}`);
  }
  // Attendance: a family registered in every group of the schedule.
  const seeded = spawnSync(tsx, ["tests/e2e/seed-mat.ts"], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", LOG_LEVEL: "warn", E2E_SEED_PASSWORD: fixturePassword },
    encoding: "utf8",
  });
  if (seeded.status !== 0) throw new Error(`attendance data: ${seeded.stderr || seeded.stdout}`);
  // News and events (the site publishes none by itself): tests/helpers/sample-content.ts.
  const content = spawnSync(tsx, ["tests/e2e/seed-content.ts"], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", LOG_LEVEL: "warn" },
    encoding: "utf8",
  });
  if (content.status !== 0) throw new Error(`sample content: ${content.stderr || content.stdout}`);
  process.env.E2E_USERS = JSON.stringify(fixtureUsers);
  process.env.E2E_USER_PASSWORD = fixturePassword;

  // A local HelloAsso (registration payments): the payment page pays and returns to the site.
  const helloAsso = await new LocalHelloAsso().start();
  const mailDns = await startMailDns(root);

  const port = await freePort();
  const oidcPort = await freePort();
  const baseUrl = `http://localhost:${port}`;
  const buildDir = path.resolve(process.env.BUILD_DIR ?? "build");
  const child = spawn(process.execPath, [path.join(buildDir, "server.js")], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      BASE_URL: baseUrl,
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      GOOGLE_CLIENT_ID: "club-e2e-client",
      GOOGLE_CLIENT_SECRET: "club-e2e-secret",
      GOOGLE_ISSUER: `http://localhost:${oidcPort}`,
      HELLOASSO_CLIENT_ID: LOCAL_CLIENT_ID,
      HELLOASSO_CLIENT_SECRET: LOCAL_CLIENT_SECRET,
      HELLOASSO_ORGANIZATION: LOCAL_ORGANIZATION,
      HELLOASSO_API_URL: helloAsso.apiUrl,
      ...mailDns.env,
      LOG_LEVEL: "warn",
      // Browser flows sign in many times from one address; rate limits are
      // covered by the integration tests.
      RATE_LIMIT_SIGNIN_FAILURES: "1000",
      RATE_LIMIT_SIGNIN_FAILURES_PER_ADDRESS: "100000",
      RATE_LIMIT_SIGNUP_PER_MINUTE: "1000",
      RATE_LIMIT_RESET_PER_5_MINUTES: "1000",
      RATE_LIMIT_CONTACT_PER_HOUR: "1000",
      // Two browsers share a loaded machine: no request of theirs is refused as overload
      // (the shedding is covered by server/load-shed.pure.test.ts and the benchmark).
      LOAD_MAX_WAIT_MS: "30000",
      LOAD_MAX_IN_FLIGHT: "4",
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  await waitForHealth(`${baseUrl}/healthz`, child);

  process.env.E2E_BASE_URL = baseUrl;
  process.env.E2E_MAIL_DIR = mailDir;
  process.env.E2E_SMTP_URL = `smtp://127.0.0.1:${smtpPort}`;
  process.env.E2E_OIDC_PORT = String(oidcPort);
  process.env.E2E_DATA_DIR = path.join(root, "data");

  return async () => {
    child.kill("SIGTERM");
    await new Promise((r) => child.once("exit", r));
    await new Promise<void>((r) => smtp.close(() => r()));
    await helloAsso.stop();
    await mailDns.stop();
    rmSync(root, { recursive: true, force: true });
  };
}

/**
 * Issue 19: the mail server can be set in the browser (first-run setup page,
 * operations page), against real local SMTP servers (smtp-server):
 *  - the setup page stores it and its test mail leaves through it;
 *  - a change on the operations page takes effect without a restart, and an
 *    empty password field keeps the stored one;
 *  - the password is never sent back to a page, never logged, never audited;
 *  - SMTP_URL from the environment wins, and the page says so.
 */
import net from "node:net";
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { auditLog } from "#db/schema";
import { app } from "../../../tests/helpers/app";
import { signInCookie } from "../../../tests/helpers/auth";
import { db } from "../core/db.server";
import { env, setEnvForTests } from "../core/env.server";
import { log } from "../core/log.server";
import { getSetting, setSetting } from "../club/settings.server";
import { announceSetup } from "../operations/setup.server";
import { effectiveMailConfig } from "./mail-config.server";
import { deliverPendingMail, queueMail, resetMailTransport } from "./mail.server";

const PASSWORD = "Mdp-Serveur-Envoi-9c1f";
const ADMIN = { email: "presidence@exemple.fr", password: "Lotus-Bleu-Dojo-2026" };

interface Smtp {
  server: SMTPServer;
  port: number;
  received: ParsedMail[];
  logins: Array<{ username?: string; password?: string }>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, "127.0.0.1", () => {
      const p = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(p));
    });
    srv.on("error", reject);
  });
}

/** A local SMTP server; with `auth`, it requires that user and password. */
async function startSmtp(auth?: { user: string; password: string }): Promise<Smtp> {
  const port = await freePort();
  const received: ParsedMail[] = [];
  const logins: Smtp["logins"] = [];
  const server = new SMTPServer({
    authOptional: !auth,
    allowInsecureAuth: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onAuth(a, _session, callback) {
      logins.push({ username: a.username, password: a.password ?? undefined });
      if (auth && a.username === auth.user && a.password === auth.password) return callback(null, { user: a.username });
      callback(new Error("Identifiants refusés"));
    },
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          received.push(mail);
          callback();
        })
        .catch((err: Error) => callback(err));
    },
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return { server, port, received, logins };
}

let a: Smtp;
let b: Smtp;
let baseEnv: Record<string, string> = {};
const logged: string[] = [];

function useEnv(smtpUrl: string) {
  setEnvForTests({ ...baseEnv, SMTP_URL: smtpUrl });
  resetMailTransport();
}

beforeAll(async () => {
  const e = env();
  baseEnv = {
    NODE_ENV: "test",
    DATA_DIR: e.DATA_DIR,
    BASE_URL: e.BASE_URL,
    BETTER_AUTH_SECRET: e.BETTER_AUTH_SECRET,
    DATABASE_URL: "",
    LOG_LEVEL: "error",
  };
  a = await startSmtp({ user: "club", password: PASSWORD });
  b = await startSmtp();
  useEnv("");
});

afterEach(() => vi.restoreAllMocks());

afterAll(async () => {
  for (const s of [a, b]) await new Promise<void>((resolve) => s.server.close(() => resolve()));
  useEnv("");
});

function recordLogs() {
  for (const level of ["debug", "info", "warn", "error"] as const)
    vi.spyOn(log, level).mockImplementation(
      (...args: unknown[]) =>
        void logged.push(
          JSON.stringify(args, (_k, v: unknown) => (v instanceof Error ? `${v.message} ${v.stack}` : v)),
        ),
    );
}

describe("mail settings set in the browser", () => {
  it("the setup page stores the mail server and its test mail leaves through it", async () => {
    recordLogs();
    const url = await announceSetup();
    const token = new URL(url!).searchParams.get("jeton")!;
    const res = await app.post("/installation", {
      token,
      prenom: "Marie",
      nom: "Dupont",
      email: ADMIN.email,
      password: ADMIN.password,
      confirmation: ADMIN.password,
      clubName: "Vovinam Viet Vo Dao Créteil",
      shortName: "VVD Créteil",
      associationName: "Association Vovinam Viet Vo Dao de Créteil",
      sportsComplex: "Gymnase des Écoles",
      clubEmail: "contact@exemple.fr",
      street: "12 rue des Écoles",
      postalCode: "94000",
      city: "Créteil",
      mailChoice: "smtp",
      smtpHost: "127.0.0.1",
      smtpPort: String(a.port),
      smtpUser: "club",
      smtpPassword: PASSWORD,
      smtpFrom: "Club de Vovinam <club@exemple.fr>",
    });
    expect(res.redirect).toMatch(/^\/connexion/);
    expect((await effectiveMailConfig()).source).toBe("settings");
    await deliverPendingMail();
    const mail = a.received.find((m) => m.subject === "Essai d'envoi\u00a0: le site du club sait écrire");
    expect(mail?.from?.text).toContain("club@exemple.fr");
    expect(a.logins.at(-1)).toEqual({ username: "club", password: PASSWORD });
  });

  it("the operations page never shows the password back; nothing logs or audits it", async () => {
    const cookie = await signInCookie(ADMIN.email, ADMIN.password);
    const page = await app.get<{
      status: { mail: { smtp: boolean; settings: { hasPassword: boolean; host: string; envWins: boolean } } };
    }>("/espace-membre/exploitation", { as: cookie });
    expect(page.data?.status.mail.settings).toMatchObject({ hasPassword: true, host: "127.0.0.1", envWins: false });
    expect(JSON.stringify(page.data)).not.toContain(PASSWORD);
    const html = await (await app.fetch("/espace-membre/exploitation", { headers: { cookie } })).text();
    expect(html).toContain("Serveur d’envoi");
    expect(html).not.toContain(PASSWORD);
    const audits = await db.select().from(auditLog);
    expect(audits.some((r) => r.action === "settings.mail")).toBe(true);
    expect(JSON.stringify(audits)).not.toContain(PASSWORD);
    expect(logged.length).toBeGreaterThan(0);
    expect(logged.join("\n")).not.toContain(PASSWORD);
  });

  it("a change on the operations page takes effect without a restart; an empty password keeps the stored one", async () => {
    const cookie = await signInCookie(ADMIN.email, ADMIN.password);
    const res = await app.post(
      "/espace-membre/exploitation",
      { intent: "smtp", smtpHost: "127.0.0.1", smtpPort: String(b.port), smtpUser: "", smtpPassword: "", smtpFrom: "" },
      { as: cookie },
    );
    expect(res.status).toBe(200);
    expect((await getSetting("mail")).password).toBe(PASSWORD);
    await queueMail({ to: "parent@exemple.fr", subject: "Après le changement de serveur", text: "…" });
    await deliverPendingMail();
    expect(b.received.map((m) => m.subject)).toContain("Après le changement de serveur");
    expect(a.received.map((m) => m.subject)).not.toContain("Après le changement de serveur");

    const bad = await app.post(
      "/espace-membre/exploitation",
      { intent: "smtp", smtpHost: "", smtpPort: "99999" },
      { as: cookie },
    );
    expect(bad.status).toBe(400);
  });

  it("SMTP_URL from the environment wins over the settings, and the page says so", async () => {
    await setSetting("mail", {
      host: "127.0.0.1",
      port: a.port,
      secure: false,
      user: "club",
      password: "faux",
      from: "",
    });
    useEnv(`smtp://127.0.0.1:${b.port}`);
    try {
      expect((await effectiveMailConfig()).source).toBe("env");
      await queueMail({ to: "parent@exemple.fr", subject: "Par SMTP_URL", text: "…" });
      await deliverPendingMail();
      expect(b.received.map((m) => m.subject)).toContain("Par SMTP_URL");
      const cookie = await signInCookie(ADMIN.email, ADMIN.password);
      const html = await (await app.fetch("/espace-membre/exploitation", { headers: { cookie } })).text();
      expect(html).toContain("fixé par la variable <code>SMTP_URL</code>");
      const refused = await app.post(
        "/espace-membre/exploitation",
        { intent: "smtp", smtpHost: "127.0.0.1", smtpPort: "25" },
        { as: cookie },
      );
      expect(refused.status).toBe(409);
    } finally {
      useEnv("");
    }
  });
});

describe("a message the SMTP server refuses", () => {
  it("fails at once with its last error (5xx), and 'Réessayer' on the operations page sends it", async () => {
    let refusing = true;
    const port = await freePort();
    const received: string[] = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      logger: false,
      onData(stream, _session, callback) {
        simpleParser(stream)
          .then((mail) => {
            if (refusing) return callback(Object.assign(new Error("Mailbox unavailable"), { responseCode: 550 }));
            received.push(mail.subject ?? "");
            callback();
          })
          .catch((err: Error) => callback(err));
      },
    });
    await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
    useEnv(`smtp://127.0.0.1:${port}`);
    try {
      const id = await queueMail({ to: "parent@exemple.fr", subject: "Refusé puis envoyé", text: "…" });
      await deliverPendingMail();
      const cookie = await signInCookie(ADMIN.email, ADMIN.password);
      const page = await app.get<{ status: { mail: { failed: Array<{ id: number; lastError: string | null }> } } }>(
        "/espace-membre/exploitation",
        { as: cookie },
      );
      expect(page.data?.status.mail.failed.find((f) => f.id === id)?.lastError).toContain("550 Mailbox unavailable");

      refusing = false;
      const retried = await app.post(
        "/espace-membre/exploitation",
        { intent: "renvoyer", id: String(id) },
        { as: cookie },
      );
      expect(retried.status).toBe(200);
      await deliverPendingMail();
      expect(received).toContain("Refusé puis envoyé");
      const after = await app.get<{ status: { mail: { failed: Array<{ id: number }> } } }>(
        "/espace-membre/exploitation",
        { as: cookie },
      );
      expect(after.data?.status.mail.failed.map((f) => f.id)).not.toContain(id);
    } finally {
      useEnv("");
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});

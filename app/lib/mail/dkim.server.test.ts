/**
 * DKIM signing end to end: a template sent through the real outbox reaches a
 * local SMTP server (smtp-server), and mailauth, a library made to
 * authenticate e-mail, checks it against the records the operations page
 * gives, published on a local DNS server (tests/helpers/local-dns.ts):
 * DKIM, SPF and DMARC pass; a message altered after signing fails; a
 * signature for a key other than the published one fails; without a key the
 * message goes unsigned.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { authenticate } from "mailauth";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { LocalDns } from "../../../tests/helpers/local-dns";
import { env, setEnvForTests } from "../core/env.server";
import { generateDkimKeyPem } from "./dkim-key.server";
import { checkMailDns, mailDnsView } from "./mail-dns.server";
import { deliverPendingMail, resetMailTransport } from "./mail.server";
import { sendMail } from "./send.server";
import { operationsTestMail } from "./templates/operations-test";

const DOMAIN = "club-essai.fr";
const SENDER = `ne-pas-repondre@${DOMAIN}`;

const received: Array<{ raw: Buffer; remote: string; from: string }> = [];
let smtp: SMTPServer;
let smtpPort = 0;
const dns = new LocalDns();
let dir = "";
let keyFile = "";
let otherKeyFile = "";
let baseEnv: Record<string, string> = {};

function useEnv(extra: Record<string, string>) {
  setEnvForTests({ ...baseEnv, ...extra });
  resetMailTransport();
}

async function sendAndReceive(to: string): Promise<{ raw: Buffer; remote: string; from: string }> {
  const before = received.length;
  await sendMail(operationsTestMail, { prenom: "Dominique" }, { to });
  await deliverPendingMail();
  const mail = received[before];
  if (!mail) throw new Error("no message received by the local SMTP server");
  return mail;
}

function verify(mail: { raw: Buffer; remote: string; from: string }) {
  const resolver = dns.resolver();
  return authenticate(mail.raw, {
    ip: mail.remote,
    helo: "club-essai.localhost",
    sender: mail.from,
    mta: "mx.destinataire.test",
    // node:dns answers, as mailauth's default resolver gives them (its type names the TXT and A shapes only).
    resolver: (name: string, type: string) => resolver.resolve(name, type) as Promise<string[] | string[][]>,
  });
}

beforeAll(async () => {
  const e = env();
  baseEnv = {
    NODE_ENV: "test",
    DATA_DIR: e.DATA_DIR,
    // The SMTP relay runs on this machine (127.0.0.1): SPF authorises the site's host name.
    BASE_URL: `https://${DOMAIN}`,
    BETTER_AUTH_SECRET: e.BETTER_AUTH_SECRET,
    DATABASE_URL: "",
    LOG_LEVEL: "error",
  };
  dir = mkdtempSync(path.join(os.tmpdir(), "dkim-test-"));
  keyFile = path.join(dir, "dkim.pem");
  otherKeyFile = path.join(dir, "autre.pem");
  writeFileSync(keyFile, generateDkimKeyPem(), { mode: 0o600 });
  writeFileSync(otherKeyFile, generateDkimKeyPem(), { mode: 0o600 });
  await dns.start();
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const parts: Buffer[] = [];
      stream.on("data", (b: Buffer) => parts.push(b));
      stream.on("end", () => {
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : "";
        received.push({ raw: Buffer.concat(parts), remote: session.remoteAddress, from });
        callback();
      });
    },
  });
  smtpPort = await new Promise<number>((resolve) => {
    const probe = net.createServer().listen(0, "127.0.0.1", () => {
      const p = (probe.address() as net.AddressInfo).port;
      probe.close(() => resolve(p));
    });
  });
  await new Promise<void>((resolve) => smtp.listen(smtpPort, "127.0.0.1", resolve));
});

beforeEach(() => {
  dns.clear();
  dns.publish(DOMAIN, ["127.0.0.1"], "A");
  useEnv({
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    MAIL_FROM: `Club d'essai <${SENDER}>`,
    DKIM_PRIVATE_KEY_FILE: keyFile,
    DKIM_SELECTOR: "club",
    DNS_SERVERS: dns.server,
  });
});

afterAll(async () => {
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  await dns.stop();
  useEnv({});
  rmSync(dir, { recursive: true, force: true });
});

describe("DKIM signing of outgoing e-mail", () => {
  it("a template sent through the outbox is signed, and mailauth finds DKIM, SPF and DMARC passing with the page's records", async () => {
    const view = await mailDnsView(`admin@${DOMAIN}`);
    for (const record of view.records) dns.publish(record.name, [record.value!]);
    expect((await checkMailDns(view)).map((c) => c.state)).toEqual(["ok", "ok", "ok"]);

    expect(view.records.find((r) => r.kind === "spf")?.value).toBe(`v=spf1 a:${DOMAIN} ~all`);
    const mail = await sendAndReceive("parent@exemple.fr");
    expect(mail.raw.toString()).toMatch(/^DKIM-Signature: /m);
    const result = await verify(mail);
    const [dkim] = result.dkim.results;
    expect(dkim?.status.result).toBe("pass");
    expect(dkim?.signingDomain).toBe(DOMAIN);
    expect(dkim?.selector).toBe("club");
    expect(result.spf && result.spf.status.result).toBe("pass");
    expect(result.dmarc && result.dmarc.status.result).toBe("pass");
    // The DKIM key was asked of the local DNS server, over the wire.
    expect(dns.questions.some((q) => q.name === `club._domainkey.${DOMAIN}` && q.type === "TXT")).toBe(true);
  });

  it("a message altered after signing no longer passes the verification", async () => {
    const view = await mailDnsView(`admin@${DOMAIN}`);
    for (const record of view.records) dns.publish(record.name, [record.value!]);
    const mail = await sendAndReceive("parent@exemple.fr");
    const altered = Buffer.from(mail.raw.toString().replace("confirme que", "affirme que"));
    expect(altered.equals(mail.raw)).toBe(false);
    const result = await verify({ ...mail, raw: altered });
    // RFC 8601 reads a body that no longer matches its hash as « neutral », never « pass ».
    expect(result.dkim.results[0]?.status).toMatchObject({ result: "neutral", comment: "body hash did not verify" });
  });

  it("a signature made with another key than the published one fails", async () => {
    const view = await mailDnsView(`admin@${DOMAIN}`);
    for (const record of view.records) dns.publish(record.name, [record.value!]);
    useEnv({
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      MAIL_FROM: `Club d'essai <${SENDER}>`,
      DKIM_PRIVATE_KEY_FILE: otherKeyFile,
      DNS_SERVERS: dns.server,
    });
    const mail = await sendAndReceive("parent@exemple.fr");
    expect((await verify(mail)).dkim.results[0]?.status.result).toBe("fail");
    const dkimCheck = (await checkMailDns(await mailDnsView(`admin@${DOMAIN}`))).find((c) => c.kind === "dkim");
    expect(dkimCheck).toMatchObject({
      state: "different",
      text: "Publiée, mais ce n'est pas la clé du site : remplacez la valeur.",
    });
  });

  it("without a key the message goes unsigned, as before", async () => {
    useEnv({
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      MAIL_FROM: `Club d'essai <${SENDER}>`,
      DNS_SERVERS: dns.server,
    });
    const mail = await sendAndReceive("parent@exemple.fr");
    expect(mail.raw.toString()).not.toMatch(/^DKIM-Signature:/im);
    expect((await verify(mail)).dkim.results[0]?.status.result).toBe("none");
  });
});

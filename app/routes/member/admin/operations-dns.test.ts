/**
 * The operations page's e-mail DNS records through the real request handler:
 * the page's data lists SPF, DKIM and DMARC for the sender's domain;
 * « Vérifier » (intent « dns ») looks them up on a local DNS server
 * (DNS_SERVERS) and answers each verdict; without JavaScript the same form
 * posts a plain document and the page comes back with the verdicts written
 * in it; a member who is not an administrator is refused.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { app, refusedByGuard } from "../../../../tests/helpers/app";
import { createUser } from "../../../../tests/helpers/auth";
import { LocalDns } from "../../../../tests/helpers/local-dns";
import { env, setEnvForTests } from "~/lib/core/env.server";
import { generateDkimKeyPem } from "~/lib/mail/dkim-key.server";
import type { MailDnsCheck, MailDnsView } from "~/lib/mail/mail-dns";

const PAGE = "/espace-membre/exploitation";
const DOMAIN = "club-essai.fr";
const dns = new LocalDns();
let dir = "";
let baseEnv: Record<string, string> = {};

beforeAll(async () => {
  const e = env();
  baseEnv = { NODE_ENV: "test", DATA_DIR: e.DATA_DIR, BASE_URL: e.BASE_URL, DATABASE_URL: "", LOG_LEVEL: "error" };
  dir = mkdtempSync(path.join(os.tmpdir(), "operations-dns-"));
  const keyFile = path.join(dir, "dkim.pem");
  writeFileSync(keyFile, generateDkimKeyPem(), { mode: 0o600 });
  await dns.start();
  setEnvForTests({
    ...baseEnv,
    SMTP_URL: "smtp://smtp-relay.brevo.com:587",
    MAIL_FROM: `Club d'essai <ne-pas-repondre@${DOMAIN}>`,
    DKIM_PRIVATE_KEY_FILE: keyFile,
    DNS_SERVERS: dns.server,
  });
});

afterAll(async () => {
  await dns.stop();
  setEnvForTests(baseEnv);
  rmSync(dir, { recursive: true, force: true });
});

describe("operations page: the e-mail DNS records", () => {
  it("lists the records, and « Vérifier » says which are published and correct", async () => {
    const admin = await createUser({ roles: ["admin"] });
    const page = await app.get<{ mailDns: MailDnsView }>(PAGE, { as: admin });
    expect(page.status).toBe(200);
    const { records } = page.data.mailDns;
    expect(records.map((r) => r.name)).toEqual([DOMAIN, `club._domainkey.${DOMAIN}`, `_dmarc.${DOMAIN}`]);

    dns.publish(DOMAIN, [records[0]!.value!]);
    dns.publish(`_dmarc.${DOMAIN}`, ["v=DMARC1; p=none; rua=mailto:x@exemple.fr", "v=DMARC1; p=reject"]);
    const checked = await app.post<{ dnsChecks: MailDnsCheck[] }>(PAGE, { intent: "dns" }, { as: admin });
    expect(checked.status).toBe(200);
    expect(checked.data.dnsChecks.map((c) => [c.kind, c.state])).toEqual([
      ["spf", "ok"],
      ["dkim", "absent"],
      ["dmarc", "different"],
    ]);
  });

  it("without JavaScript the form posts the page, which comes back with the verdicts", async () => {
    const admin = await createUser({ roles: ["admin"] });
    const res = await app.fetch(PAGE, {
      method: "POST",
      body: new URLSearchParams({ intent: "dns" }),
      as: admin,
    });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("Enregistrements DNS des e-mails");
    expect(html).toMatch(/Vérification faite[\s\S]*enregistrements? corrects?[\s\S]*sur[\s\S]*3/);
    expect(html).toContain("Aucune clé DKIM publiée à ce nom.");
    // French typography: a no-break space before « : », in the page's words and in the verdicts.
    expect(html).toContain("Vérification faite\u00a0:");
    expect(html).toContain("Absent\u00a0:");
  });

  it("is refused to a member who is not an administrator", async () => {
    const member = await createUser({ roles: ["membre"] });
    expect(refusedByGuard(await app.post(PAGE, { intent: "dns" }, { as: member }))).toBe(true);
  });
});

/**
 * The e-mail DNS records of the operations page and their check, against a
 * local DNS server (tests/helpers/local-dns.ts, DNS_SERVERS): the values
 * follow the relay in effect (a known provider's include, an unknown relay's
 * name or address, none without a relay), the site's DKIM key and the club's
 * contact address; a sender on « localhost » gets an explanation instead;
 * each record is found absent, correct or wrong with a French reason; a DNS
 * server that refuses or never answers gives « Non vérifié », never a hang.
 */
import { createSocket, type Socket } from "node:dgram";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { LocalDns } from "../../../tests/helpers/local-dns";
import { getSetting, setSetting } from "../club/settings.server";
import { env, setEnvForTests } from "../core/env.server";
import { generateDkimKeyPem, readDkimKey } from "./dkim-key.server";
import type { MailDnsView } from "./mail-dns";
import { checkMailDns, mailDnsView } from "./mail-dns.server";

const DOMAIN = "club-essai.fr";
const dns = new LocalDns();
let dir = "";
let keyFile = "";
let publicKey = "";
let baseEnv: Record<string, string> = {};

function useEnv(extra: Record<string, string>) {
  setEnvForTests({
    ...baseEnv,
    MAIL_FROM: `Club d'essai <ne-pas-repondre@${DOMAIN}>`,
    DKIM_PRIVATE_KEY_FILE: keyFile,
    DNS_SERVERS: dns.server,
    ...extra,
  });
}

function value(view: MailDnsView, kind: string): string | null | undefined {
  return view.records.find((r) => r.kind === kind)?.value;
}

beforeAll(async () => {
  const e = env();
  baseEnv = { NODE_ENV: "test", DATA_DIR: e.DATA_DIR, BASE_URL: e.BASE_URL, DATABASE_URL: "", LOG_LEVEL: "error" };
  dir = mkdtempSync(path.join(os.tmpdir(), "mail-dns-"));
  keyFile = path.join(dir, "dkim.pem");
  writeFileSync(keyFile, generateDkimKeyPem(), { mode: 0o600 });
  publicKey = readDkimKey(keyFile).publicKeyBase64;
  await dns.start();
});

beforeEach(() => {
  dns.clear();
  useEnv({ SMTP_URL: "smtp://club:secret@smtp-relay.brevo.com:587" });
});

afterAll(async () => {
  await dns.stop();
  setEnvForTests(baseEnv);
  rmSync(dir, { recursive: true, force: true });
});

describe("the e-mail DNS records to publish", () => {
  it("name the relay's provider, the site's public key and the club's contact address for the reports", async () => {
    const contact = (await getSetting("identity")).email;
    const view = await mailDnsView("admin@exemple.fr");
    expect(view.domain).toBe(DOMAIN);
    expect(view.records.map((r) => [r.kind, r.name, r.value])).toEqual([
      ["spf", DOMAIN, "v=spf1 include:spf.brevo.com ~all"],
      ["dkim", `club._domainkey.${DOMAIN}`, `v=DKIM1; k=rsa; p=${publicKey}`],
      ["dmarc", `_dmarc.${DOMAIN}`, `v=DMARC1; p=none; rua=mailto:${contact}`],
    ]);
    expect(view.records[0]?.help).toContain("Autorise Brevo (serveur d'envoi smtp-relay.brevo.com)");
    // The reports go to another domain than the club's: the page says it may not accept them.
    expect(view.records[2]?.help).toContain(`une adresse en @${DOMAIN} est plus sûre`);
  });

  it("without a contact address the reports go to the administrator; DKIM_SELECTOR names the key's record", async () => {
    const identity = await getSetting("identity");
    await setSetting("identity", { ...identity, email: "" });
    try {
      useEnv({ SMTP_URL: "smtp://smtp.mon-fournisseur.fr:587", DKIM_SELECTOR: "s2026" });
      const view = await mailDnsView(`presidence@${DOMAIN}`);
      expect(value(view, "dmarc")).toBe(`v=DMARC1; p=none; rua=mailto:presidence@${DOMAIN}`);
      expect(view.records[2]?.help).not.toContain("plus sûre");
      expect(view.records[1]?.name).toBe(`s2026._domainkey.${DOMAIN}`);
      expect(value(view, "spf")).toBe("v=spf1 a:smtp.mon-fournisseur.fr ~all");
      expect(view.records[0]?.help).toContain("Si son fournisseur indique sa propre mention");
    } finally {
      await setSetting("identity", identity);
    }
  });

  it("a relay given by its address is authorised by address, one on this machine by the site's name; without a relay or a key, the page says why", async () => {
    useEnv({ SMTP_URL: "smtp://192.0.2.25:25" });
    expect(value(await mailDnsView("admin@exemple.fr"), "spf")).toBe("v=spf1 ip4:192.0.2.25 ~all");
    // A relay on this machine, whose address (BASE_URL) is not a public name: the page asks for its public address.
    useEnv({ SMTP_URL: "smtp://127.0.0.1:25", BASE_URL: "http://localhost:3000" });
    const local = await mailDnsView("admin@exemple.fr");
    expect(value(local, "spf")).toBeNull();
    expect(local.records[0]?.help).toContain(
      "n'est pas un nom public : l'enregistrement SPF doit donner l'adresse IP publique",
    );
    useEnv({ SMTP_URL: "smtp://127.0.0.1:25", BASE_URL: `https://${DOMAIN}` });
    expect(value(await mailDnsView("admin@exemple.fr"), "spf")).toBe(`v=spf1 a:${DOMAIN} ~all`);
    useEnv({ SMTP_URL: "", DKIM_PRIVATE_KEY_FILE: "" });
    const view = await mailDnsView("admin@exemple.fr");
    expect(value(view, "spf")).toBeNull();
    expect(view.records[0]?.help).toMatch(/^Aucun serveur d'envoi n'est réglé/);
    expect(value(view, "dkim")).toBeNull();
    expect(view.records[1]?.help).toContain("Les e-mails partent sans signature");
  });

  it("a key file removed after the start is said on the page, not a failure of the page", async () => {
    const removed = path.join(dir, "retiree.pem");
    writeFileSync(removed, generateDkimKeyPem(), { mode: 0o600 });
    useEnv({ DKIM_PRIVATE_KEY_FILE: removed });
    rmSync(removed);
    const view = await mailDnsView("admin@exemple.fr");
    expect(value(view, "dkim")).toBeNull();
    expect(view.records[1]?.help).toBe(
      `La clé DKIM du site ne peut plus être lue : les e-mails ne partent plus, corrigez le fichier puis redémarrez le site. Détail : fichier introuvable : ${removed} (laisser vide pour envoyer les e-mails sans signature).`,
    );
  });

  it("a sender on « localhost » gets an explanation instead of records, and nothing to check", async () => {
    useEnv({ MAIL_FROM: "Club <ne-pas-repondre@localhost>" });
    const view = await mailDnsView("admin@exemple.fr");
    expect(view).toMatchObject({ domain: null, records: [] });
    expect(view.problem).toContain(
      "L'adresse d'expédition (ne-pas-repondre@localhost) n'est pas sur un nom de domaine du club",
    );
    expect(await checkMailDns(view)).toEqual([]);
  });
});

describe("« Vérifier »", () => {
  it("finds nothing published, then the page's own values correct", async () => {
    const view = await mailDnsView("admin@exemple.fr");
    expect((await checkMailDns(view)).map((c) => [c.state, c.text])).toEqual([
      ["absent", "Aucun enregistrement SPF publié."],
      ["absent", "Aucune clé DKIM publiée à ce nom."],
      ["absent", "Aucun enregistrement DMARC publié."],
    ]);
    for (const record of view.records) dns.publish(record.name, [record.value!]);
    // Another TXT record on the domain (a site verification) does not disturb the SPF check.
    dns.publish(DOMAIN, ["google-site-verification=abc", value(view, "spf")!]);
    expect((await checkMailDns(view)).map((c) => [c.state, c.text])).toEqual([
      ["ok", "Publié, et il autorise le serveur d'envoi."],
      ["ok", "Publiée, et c'est bien la clé du site."],
      ["ok", "Publié, avec la politique p=none."],
    ]);
  });

  it("says what is wrong in a published record", async () => {
    const view = await mailDnsView("admin@exemple.fr");
    dns.publish(DOMAIN, ["v=spf1 mx ~all"]);
    dns.publish(`club._domainkey.${DOMAIN}`, ["v=DKIM1; k=rsa; p="]);
    dns.publish(`_dmarc.${DOMAIN}`, ["v=DMARC1; p=none", "v=DMARC1; p=reject"]);
    const [spf, dkim, dmarc] = await checkMailDns(view);
    expect(spf).toMatchObject({
      state: "different",
      text: "Publié, mais il ne mentionne pas « include:spf.brevo.com » : ajoutez-le avant « ~all ».",
      found: ["v=spf1 mx ~all"],
    });
    expect(dkim).toMatchObject({ state: "different", text: "Publiée, mais révoquée (p= vide)." });
    expect(dmarc).toMatchObject({
      state: "different",
      text: "Plusieurs enregistrements DMARC sont publiés : un seul est permis.",
    });

    dns.publish(DOMAIN, ["v=spf1 include:spf.brevo.com ~all", "v=spf1 mx -all"]);
    dns.publish(`_dmarc.${DOMAIN}`, ["v=DMARC1; rua=mailto:x@exemple.fr"]);
    const [twoSpf, , noPolicy] = await checkMailDns(view);
    expect(twoSpf?.text).toBe("Plusieurs enregistrements SPF sont publiés : un seul est permis, réunissez-les.");
    expect(noPolicy?.text).toBe("Publié, mais sans politique valable (p=none, quarantine ou reject).");
  });

  it("a DKIM value split into strings of 255 characters, as DNS hosts publish it, is read whole", async () => {
    const view = await mailDnsView("admin@exemple.fr");
    const dkim = value(view, "dkim")!;
    expect(dkim.length).toBeGreaterThan(255);
    dns.publish(`club._domainkey.${DOMAIN}`, [dkim.replace("; p=", ";  p=")]);
    expect((await checkMailDns(view))[1]?.state).toBe("ok");
  });

  it("a DNS server that refuses or never answers gives « Non vérifié » with the reason, and the check ends", async () => {
    const view = await mailDnsView("admin@exemple.fr");
    // A port where nothing listens: the system answers « port unreachable » at once.
    const closed = createSocket("udp4");
    await new Promise<void>((resolve) => closed.bind(0, "127.0.0.1", () => resolve()));
    const closedPort = closed.address().port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    useEnv({ SMTP_URL: "smtp://smtp-relay.brevo.com:587", DNS_SERVERS: `127.0.0.1:${closedPort}` });
    for (const check of await checkMailDns(view)) {
      expect(check.state).toBe("error");
      expect(check.text).toMatch(/^Vérification impossible : le serveur DNS /);
    }

    // A server that reads the questions and never answers: each look-up gives up on its time-out.
    const silent: Socket = createSocket("udp4");
    await new Promise<void>((resolve) => silent.bind(0, "127.0.0.1", () => resolve()));
    try {
      useEnv({ SMTP_URL: "smtp://smtp-relay.brevo.com:587", DNS_SERVERS: `127.0.0.1:${silent.address().port}` });
      const checks = await checkMailDns(view);
      expect(checks.map((c) => [c.state, c.text])).toEqual(
        view.records.map(() => [
          "error",
          "Vérification impossible : le serveur DNS n'a pas répondu à temps. Réessayez plus tard.",
        ]),
      );
    } finally {
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });
});

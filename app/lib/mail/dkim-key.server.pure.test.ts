/**
 * The DKIM key and the e-mail DNS settings at start: a key that cannot be
 * used (missing, a folder, not a key, encrypted, not RSA, too short) stops the
 * environment check with a French reason naming the file; a good key gives
 * its public half; DKIM_SELECTOR and DNS_SERVERS refuse what is not a name or
 * an address; the sender's domain is read from MAIL_FROM's forms; and
 * `npm run dkim-key` writes a usable key, readable by its owner only, and
 * never replaces one.
 */
import { spawnSync } from "node:child_process";
import { createPublicKey, generateKeyPairSync } from "node:crypto";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { EnvError, parseEnv, setEnvForTests } from "../core/env.server";
import { dkimKeyProblem, generateDkimKeyPem, readDkimKey } from "./dkim-key.server";
import { dkimSigning, senderDomain } from "./dkim.server";
import { parseDnsServers } from "./dns-servers.server";

const dir = mkdtempSync(path.join(os.tmpdir(), "dkim-key-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function file(name: string, content: string): string {
  const full = path.join(dir, name);
  writeFileSync(full, content, { mode: 0o600 });
  return full;
}

function envError(vars: Record<string, string>): string {
  try {
    parseEnv({ DATA_DIR: dir, ...vars });
  } catch (err) {
    expect(err).toBeInstanceOf(EnvError);
    return (err as Error).message;
  }
  throw new Error("the environment was accepted");
}

describe("DKIM key at start", () => {
  it("a good key is accepted and gives the public key of the DNS record", () => {
    const pem = generateDkimKeyPem();
    const key = readDkimKey(file("bonne.pem", pem));
    expect(key.bits).toBe(2048);
    const expected = createPublicKey(pem).export({ type: "spki", format: "der" }).toString("base64");
    expect(key.publicKeyBase64).toBe(expected);
    expect(parseEnv({ DATA_DIR: dir, DKIM_PRIVATE_KEY_FILE: path.join(dir, "bonne.pem") }).DKIM_SELECTOR).toBe("club");
  });

  it("a key that cannot be used stops the start with the reason, naming the file", () => {
    const missing = path.join(dir, "absente.pem");
    expect(envError({ DKIM_PRIVATE_KEY_FILE: missing })).toContain(
      `DKIM_PRIVATE_KEY_FILE : fichier introuvable : ${missing} (laisser vide pour envoyer les e-mails sans signature)`,
    );
    const folder = path.join(dir, "dossier");
    mkdirSync(folder);
    expect(envError({ DKIM_PRIVATE_KEY_FILE: folder })).toContain(`${folder} est un dossier`);
    const text = file("texte.pem", "ceci n'est pas une clé\n");
    expect(envError({ DKIM_PRIVATE_KEY_FILE: text })).toContain(
      `${text} ne contient pas une clé privée au format PEM : générez-en une avec « npm run dkim-key »`,
    );
    const ec = generateKeyPairSync("ec", { namedCurve: "P-256" }).privateKey.export({ type: "pkcs8", format: "pem" });
    expect(envError({ DKIM_PRIVATE_KEY_FILE: file("ec.pem", ec.toString()) })).toContain("n'est pas une clé RSA");
    const short = generateKeyPairSync("rsa", { modulusLength: 768 }).privateKey.export({
      type: "pkcs8",
      format: "pem",
    });
    expect(envError({ DKIM_PRIVATE_KEY_FILE: file("courte.pem", short.toString()) })).toContain(
      "compte 768 bits : il en faut au moins 1024 (2048 conseillés)",
    );
    const encrypted = generateKeyPairSync("rsa", { modulusLength: 1024 }).privateKey.export({
      type: "pkcs8",
      format: "pem",
      cipher: "aes-256-cbc",
      passphrase: "phrase secrète",
    });
    expect(dkimKeyProblem(file("chiffree.pem", encrypted.toString()))).toContain("protégée par une phrase de passe");
  });

  it("a selector must be a simple name, DNS servers must be addresses", () => {
    expect(envError({ DKIM_SELECTOR: "club._domainkey" })).toContain(
      "DKIM_SELECTOR : doit être un nom simple de lettres, chiffres et tirets (exemple : club)",
    );
    expect(envError({ DNS_SERVERS: "dns.exemple.fr" })).toContain("DNS_SERVERS : doit être une liste d'adresses IP");
    expect(parseDnsServers("127.0.0.1:5353, [::1]:53,9.9.9.9")).toEqual(["127.0.0.1:5353", "[::1]:53", "9.9.9.9"]);
    expect(parseDnsServers("127.0.0.1:99999")).toBeNull();
    expect(parseDnsServers("")).toEqual([]);
    expect(parseEnv({ DATA_DIR: dir }).DNS_SERVERS).toBeUndefined();
  });
});

describe("the signing domain", () => {
  it("is the sender address's domain, whatever the form of MAIL_FROM", () => {
    expect(senderDomain("Club <Contact@Club-Essai.FR>")).toBe("club-essai.fr");
    expect(senderDomain("contact@club-essai.fr")).toBe("club-essai.fr");
    expect(senderDomain('"Club, section enfants" <contact@école-essai.fr>')).toBe("xn--cole-essai-96a.fr");
    expect(senderDomain("Club sans adresse")).toBeNull();
    expect(senderDomain("Club <contact@>")).toBeNull();
  });

  it("messages are signed only with a key and a sender domain", () => {
    const keyFile = file("signe.pem", generateDkimKeyPem());
    setEnvForTests({
      DATA_DIR: dir,
      BASE_URL: "http://localhost:3000",
      DKIM_PRIVATE_KEY_FILE: keyFile,
      DKIM_SELECTOR: "s2026",
    });
    expect(dkimSigning("Club <contact@club-essai.fr>")).toEqual({
      domainName: "club-essai.fr",
      keySelector: "s2026",
      privateKey: readFileSync(keyFile, "utf8"),
    });
    expect(dkimSigning("Club sans adresse")).toBeUndefined();
    setEnvForTests({ DATA_DIR: dir, BASE_URL: "http://localhost:3000", DKIM_PRIVATE_KEY_FILE: "" });
    expect(dkimSigning("Club <contact@club-essai.fr>")).toBeUndefined();
  });
});

describe("npm run dkim-key", () => {
  it("writes a 2048-bit key readable by its owner only, and never replaces one", () => {
    const target = path.join(dir, "nouvelle", "..", "nouvelle.pem");
    const tsx = path.resolve("node_modules/.bin/tsx");
    const first = spawnSync(tsx, ["scripts/dkim-key.ts", target], { encoding: "utf8" });
    expect(first.status).toBe(0);
    expect(first.stdout.trim()).toBe(path.resolve(target));
    expect(first.stderr).toContain("DKIM_PRIVATE_KEY_FILE=");
    expect(statSync(target).mode & 0o777).toBe(0o600);
    expect(readDkimKey(target).bits).toBe(2048);
    const before = readFileSync(target, "utf8");
    const second = spawnSync(tsx, ["scripts/dkim-key.ts", target], { encoding: "utf8" });
    expect(second.status).toBe(1);
    expect(second.stderr).toContain("existe déjà : il n'est pas remplacé");
    expect(readFileSync(target, "utf8")).toBe(before);
  });
});

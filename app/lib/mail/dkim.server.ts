/**
 * DKIM signing of every outgoing e-mail, with nodemailer's own signer: the
 * key of DKIM_PRIVATE_KEY_FILE, the selector DKIM_SELECTOR, the domain of the
 * sender address in effect (MAIL_FROM or the browser's setting).
 *
 * Rules:
 *  - without a key, messages go unsigned (as before DKIM existed); the key
 *    was checked at start (env.server.ts), so a bad one never gets here;
 *  - the key is read once per file (changing it needs a restart, as for
 *    every variable);
 *  - a sender without a domain name (no « @ », or not a valid host name) is
 *    not signed: no signature is better than one for a wrong domain.
 */
import { domainToASCII } from "node:url";
import type DKIM from "nodemailer/lib/dkim";
import { env } from "../core/env.server";
import { readDkimKey, type DkimKey } from "./dkim-key.server";

let loaded: { file: string; key: DkimKey } | undefined;

/** The site's DKIM key, or null when DKIM_PRIVATE_KEY_FILE is not set. */
export function dkimKey(): DkimKey | null {
  const file = env().DKIM_PRIVATE_KEY_FILE;
  if (!file) return null;
  if (loaded?.file !== file) loaded = { file, key: readDkimKey(file) };
  return loaded.key;
}

const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/** The address of a sender such as « Club <contact@club.fr> » or « contact@club.fr », or null. */
export function senderAddress(from: string): string | null {
  const bracketed = /<([^<>\s]+@[^<>\s]+)>\s*$/.exec(from);
  if (bracketed) return bracketed[1] ?? null;
  const bare = from.trim();
  return /^[^<>\s"]+@[^<>\s"]+$/.test(bare) ? bare : null;
}

/** The domain of a sender (lower case, IDN in its ASCII form), or null when it has none. */
export function senderDomain(from: string): string | null {
  const address = senderAddress(from);
  const at = address?.lastIndexOf("@") ?? -1;
  if (!address || at < 1) return null;
  const domain = domainToASCII(address.slice(at + 1).replace(/\.$/, "")).toLowerCase();
  return domain.length <= 253 && domain.split(".").every((l) => LABEL.test(l)) ? domain : null;
}

/** nodemailer's `dkim` option for a message from `from`, or undefined to send it unsigned. */
export function dkimSigning(from: string): DKIM.SingleKeyOptions | undefined {
  const key = dkimKey();
  const domainName = senderDomain(from);
  if (!key || !domainName) return undefined;
  return { domainName, keySelector: env().DKIM_SELECTOR, privateKey: key.privateKeyPem };
}

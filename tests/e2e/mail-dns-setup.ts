/**
 * Browser tests' e-mail authentication set-up, started by the global setup:
 * a DKIM key for the server (every e-mail of the run is signed), a sender on
 * a domain of its own, and a local DNS server (tests/helpers/local-dns.ts)
 * that the server's « Vérifier » asks (DNS_SERVERS). Its TXT records are read
 * at each question from a JSON file, E2E_DNS_RECORDS ({ name: [values] }),
 * that a spec writes to publish them.
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import { LocalDns } from "../helpers/local-dns";
import { generateDkimKeyPem } from "../../app/lib/mail/dkim-key.server";

/** The sending domain of the browser tests' server. */
export const E2E_MAIL_DOMAIN = "club-essai.fr";

export async function startMailDns(root: string): Promise<{ env: Record<string, string>; stop: () => Promise<void> }> {
  const keyFile = path.join(root, "dkim.pem");
  writeFileSync(keyFile, generateDkimKeyPem(), { mode: 0o600 });
  const recordsFile = path.join(root, "dns.json");
  writeFileSync(recordsFile, "{}");
  const dns = await new LocalDns({ recordsFile }).start();
  process.env.E2E_DNS_RECORDS = recordsFile;
  return {
    env: {
      MAIL_FROM: `Club d'essai <ne-pas-repondre@${E2E_MAIL_DOMAIN}>`,
      DKIM_PRIVATE_KEY_FILE: keyFile,
      DNS_SERVERS: dns.server,
    },
    stop: () => dns.stop(),
  };
}

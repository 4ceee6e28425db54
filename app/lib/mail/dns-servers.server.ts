/**
 * DNS_SERVERS: the DNS servers the operations page's « Vérifier » asks for the
 * e-mail records (SPF, DKIM, DMARC), instead of the system's.
 *
 * Rules: a comma-separated list of IP addresses, each with an optional port
 * (`127.0.0.1:5353`, `[::1]:5353`), in the form node:dns `setServers` takes;
 * empty means the system's servers (/etc/resolv.conf). No import of the
 * environment: env.server.ts uses it.
 */
import { isIP } from "node:net";

export const DNS_SERVERS_HELP =
  "doit être une liste d'adresses IP séparées par des virgules, chacune avec un port facultatif (exemple : 127.0.0.1:5353,[::1]:53)";

function validServer(entry: string): boolean {
  const bracketed = /^\[([^\]]+)\](?::(\d{1,5}))?$/.exec(entry);
  const [host, port] = bracketed
    ? [bracketed[1] ?? "", bracketed[2]]
    : isIP(entry)
      ? [entry, undefined]
      : (() => {
          const m = /^([^:]+):(\d{1,5})$/.exec(entry);
          return m ? [m[1] ?? "", m[2]] : ["", undefined];
        })();
  if (!isIP(host)) return false;
  if (bracketed && isIP(host) !== 6) return false;
  return port === undefined || (Number(port) >= 1 && Number(port) <= 65535);
}

/** The list of servers, `[]` for the system's, or null when an entry is not an address. */
export function parseDnsServers(value: string | undefined): string[] | null {
  const entries = (value ?? "")
    .split(",")
    .map((e) => e.trim())
    .filter(Boolean);
  return entries.every(validServer) ? entries : null;
}

/**
 * TRUST_PROXY: which proxies may tell us the client's address in
 * `X-Forwarded-For`. Read by the HTTP server (Express "trust proxy") and
 * validated with the other variables (env.server.ts).
 *
 * Rules:
 * - never "trust everything": the left-most `X-Forwarded-For` entry is
 *   written by the client and would let anyone pick the address the rate
 *   limits count;
 * - empty, `false` or `0`: no proxy, the socket address is the client;
 * - a number N (1 to 10): N proxies in front of the server, the client is the
 *   N-th address from the right; `true` means 1 (one reverse proxy);
 * - a comma-separated list of proxy addresses or networks (`127.0.0.1`,
 *   `10.0.0.0/8`, `::1`, or `loopback`, `linklocal`, `uniquelocal`): the
 *   client is the right-most address that is not one of them.
 */
import { isIP } from "node:net";

export type TrustProxy = false | number | string[];

const NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);

function isAddressOrNetwork(entry: string): boolean {
  if (NAMES.has(entry)) return true;
  const [address = "", bits, ...rest] = entry.split("/");
  if (rest.length || !isIP(address)) return false;
  if (bits === undefined) return true;
  const max = isIP(address) === 4 ? 32 : 128;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= max;
}

/** The parsed value, or null when it is not understood. */
export function parseTrustProxy(value: string | undefined): TrustProxy | null {
  const v = (value ?? "").trim().toLowerCase();
  if (v === "" || v === "false" || v === "0") return false;
  if (v === "true") return 1;
  if (/^\d+$/.test(v)) return Number(v) >= 1 && Number(v) <= 10 ? Number(v) : null;
  const list = v
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  return list.length && list.every(isAddressOrNetwork) ? list : null;
}

export const TRUST_PROXY_HELP =
  "attendu\u00a0: vide, un nombre de proxys (1 à 10) ou une liste d'adresses de proxys séparées par des virgules (ex.\u00a0127.0.0.1,10.0.0.0/8)";

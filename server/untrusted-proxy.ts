/**
 * One warning in the log when a reverse proxy of this machine or its local
 * network (Caddy, nginx…) forwards requests that TRUST_PROXY does not trust.
 * Behind such a proxy the site sees every visitor as the proxy: the per-address
 * limits (contact, sign-in, sign-up) then count the whole world as one
 * visitor, HSTS is not sent, and forms posted over HTTPS are refused (their
 * Origin is https://…, the request seems to come in over http://).
 *
 * Rules:
 * - a request is "forwarded" when it carries X-Forwarded-For or
 *   X-Forwarded-Proto; its sender is a local proxy when the socket address is
 *   a loopback or private one (a visitor from the internet writing these
 *   headers itself proves nothing about a proxy);
 * - the warning says once per process which address to trust, then nothing
 *   more: it never changes an answer;
 * - what is trusted is Express's own "trust proxy" function, set from
 *   TRUST_PROXY (app/lib/http/trust-proxy.server.ts).
 */
import { BlockList, isIP } from "node:net";
import type { Request, RequestHandler } from "express";

const local = new BlockList();
local.addSubnet("127.0.0.0", 8, "ipv4");
local.addSubnet("10.0.0.0", 8, "ipv4");
local.addSubnet("172.16.0.0", 12, "ipv4");
local.addSubnet("192.168.0.0", 16, "ipv4");
local.addAddress("::1", "ipv6");
local.addSubnet("fc00::", 7, "ipv6");

function isLocal(address: string): boolean {
  const v4 = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1] ?? address;
  const family = isIP(v4);
  return family !== 0 && local.check(v4, family === 4 ? "ipv4" : "ipv6");
}

type TrustFn = (address: string, hop: number) => boolean;

function proxyNotTrusted(req: Request): string | null {
  if (req.headers["x-forwarded-for"] === undefined && req.headers["x-forwarded-proto"] === undefined) return null;
  const socket = req.socket.remoteAddress ?? "";
  if (!isLocal(socket)) return null;
  const trusted = req.app.get("trust proxy fn") as TrustFn | undefined;
  return trusted?.(socket, 0) ? null : socket;
}

/** Middleware: `warn` is called once, with the untrusted proxy's address. */
export function untrustedProxyWarning(
  warn: (message: string, fields: Record<string, unknown>) => void,
): RequestHandler {
  let warned = false;
  return (req, _res, next) => {
    if (!warned) {
      const proxy = proxyNotTrusted(req);
      if (proxy) {
        warned = true;
        warn(
          "a proxy forwards requests (X-Forwarded-For) but TRUST_PROXY does not trust it: every visitor counts as the proxy for the rate limits, HSTS is not sent and forms posted over HTTPS are refused. Set TRUST_PROXY (loopback for a proxy on this machine)",
          { proxy },
        );
      }
    }
    next();
  };
}

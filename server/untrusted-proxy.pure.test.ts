/**
 * The warning about an untrusted local proxy, on a real Express server
 * reached over loopback (as Caddy reaches the site): once when forwarded
 * requests come from an address TRUST_PROXY does not trust, never when it
 * does, never for a request that was not forwarded.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { describe, expect, it } from "vitest";
import { parseTrustProxy } from "../app/lib/http/trust-proxy.server";
import { untrustedProxyWarning } from "./untrusted-proxy";

async function warningsFor(setting: string, requests: Record<string, string>[]): Promise<unknown[]> {
  const warnings: unknown[] = [];
  const app = express();
  const trust = parseTrustProxy(setting);
  if (trust) app.set("trust proxy", trust);
  app.use(untrustedProxyWarning((message, fields) => warnings.push({ message, ...fields })));
  app.get("/", (req, res) => res.send(req.ip));
  const server = app.listen(0, "127.0.0.1");
  await new Promise((r) => server.once("listening", r));
  const { port } = server.address() as AddressInfo;
  try {
    for (const headers of requests)
      await new Promise<void>((resolve, reject) => {
        http
          .get({ host: "127.0.0.1", port, path: "/", headers }, (res) => res.resume().on("end", resolve))
          .on("error", reject);
      });
  } finally {
    server.close();
  }
  return warnings;
}

const forwarded = { "X-Forwarded-For": "203.0.113.9", "X-Forwarded-Proto": "https" };

describe("a local proxy TRUST_PROXY does not trust", () => {
  it("is reported once, with its address and the setting to change", async () => {
    const warnings = await warningsFor("", [forwarded, forwarded, { "X-Forwarded-Proto": "https" }]);
    expect(warnings).toEqual([{ message: expect.stringContaining("Set TRUST_PROXY"), proxy: "127.0.0.1" }]);
  });

  it("is reported when TRUST_PROXY names other proxies", async () => {
    expect(await warningsFor("10.0.0.0/8", [forwarded])).toHaveLength(1);
  });

  it.each(["loopback", "127.0.0.1", "1"])("is not reported with TRUST_PROXY=%s", async (setting) => {
    expect(await warningsFor(setting, [forwarded])).toEqual([]);
  });

  it("is not reported for requests nobody forwarded", async () => {
    expect(await warningsFor("", [{}, { Accept: "text/html" }])).toEqual([]);
  });
});

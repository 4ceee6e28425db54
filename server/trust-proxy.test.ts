/**
 * TRUST_PROXY on a real Express server: the client address is taken from
 * the right of X-Forwarded-For (what our proxy wrote), never from the
 * client-controlled left-most entry.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { describe, expect, it } from "vitest";
import { parseTrustProxy } from "../app/lib/http/trust-proxy.server";

async function clientIp(setting: string, forwardedFor: string): Promise<string> {
  const app = express();
  const trust = parseTrustProxy(setting);
  if (trust) app.set("trust proxy", trust);
  app.get("/", (req, res) => res.send(req.ip));
  const server = app.listen(0, "127.0.0.1");
  await new Promise((r) => server.once("listening", r));
  const { port } = server.address() as AddressInfo;
  try {
    return await new Promise<string>((resolve, reject) => {
      http
        .get({ host: "127.0.0.1", port, path: "/", headers: { "X-Forwarded-For": forwardedFor } }, (res) => {
          let body = "";
          res.on("data", (c) => (body += c));
          res.on("end", () => resolve(body));
        })
        .on("error", reject);
    });
  } finally {
    server.close();
  }
}

describe("TRUST_PROXY", () => {
  const spoofed = "6.6.6.6, 203.0.113.9"; // the client wrote 6.6.6.6, our proxy appended 203.0.113.9

  it.each([
    ["true", "203.0.113.9"],
    ["1", "203.0.113.9"],
    ["2", "6.6.6.6"],
    ["127.0.0.1", "203.0.113.9"],
    ["loopback, 10.0.0.0/8", "203.0.113.9"],
    ["", "127.0.0.1"],
  ])("TRUST_PROXY=%j gives %s", async (setting, expected) => {
    expect(await clientIp(setting, spoofed)).toMatch(new RegExp(`${expected.replace(/\./g, "\\.")}$`));
  });

  it.each(["yes", "11", "300.1.1.1", "10.0.0.0/40", "*"])("refuses %j", (value) => {
    expect(parseTrustProxy(value)).toBeNull();
  });
});

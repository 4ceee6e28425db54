/**
 * gzip levels (server/compress.ts): a page is deflated at the page level, a hashed
 * asset at the level the JavaScript budget is measured at, and both arrive whole. Real Express
 * and compression, read back through Node's HTTP client.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { gunzipSync, gzipSync } from "node:zlib";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ASSET_GZIP_LEVEL, compress, PAGE_GZIP_LEVEL } from "./compress";

let server: http.Server;
let port = 0;
// Text that deflates differently at each level (repeated words at varying distances).
const WORDS = "vovinam viet vo dao club cours grade ceinture saison famille adhérent entraînement".split(" ");
const TEXT = Array.from({ length: 6000 }, (_, i) => WORDS[(i * 7 + (i >> 3)) % WORDS.length]).join(" ");
const PAGE = `<!DOCTYPE html><html lang="fr"><body><p>${TEXT}</p></body></html>`;
const SCRIPT = `const mots = ${JSON.stringify(TEXT.split(" "))};`;

beforeAll(async () => {
  const app = express();
  app.use(compress);
  app.get("/page", (_req, res) => {
    res.type("html").end(PAGE);
  });
  app.get("/assets/entry-abc123.js", (_req, res) => {
    res.type("js").end(SCRIPT);
  });
  server = app.listen(0, "127.0.0.1");
  await new Promise((r) => server.once("listening", r));
  port = (server.address() as AddressInfo).port;
});

afterAll(() => new Promise<void>((r) => server.close(() => r())));

function get(path: string, headers: Record<string, string> = { "accept-encoding": "gzip" }) {
  return new Promise<{ body: Buffer; encoding?: string }>((resolve, reject) => {
    http
      .get({ host: "127.0.0.1", port, path, headers }, (res) => {
        const parts: Buffer[] = [];
        res.on("data", (c: Buffer) => parts.push(c));
        res.on("end", () => resolve({ body: Buffer.concat(parts), encoding: res.headers["content-encoding"] }));
      })
      .on("error", reject);
  });
}

describe("compress", () => {
  it("sends a page deflated at the page level, whole", async () => {
    const { body, encoding } = await get("/page");
    expect(encoding).toBe("gzip");
    expect(gunzipSync(body).toString("utf8")).toBe(PAGE);
    expect(body.length).toBe(gzipSync(PAGE, { level: PAGE_GZIP_LEVEL }).length);
    expect(body.length).toBeGreaterThan(gzipSync(PAGE, { level: ASSET_GZIP_LEVEL }).length);
  });

  it("sends a hashed asset at the level the JavaScript budget counts", async () => {
    const { body, encoding } = await get("/assets/entry-abc123.js");
    expect(encoding).toBe("gzip");
    expect(gunzipSync(body).toString("utf8")).toBe(SCRIPT);
    expect(body.length).toBe(gzipSync(SCRIPT, { level: ASSET_GZIP_LEVEL }).length);
  });

  it("leaves the answer as it is for a client that does not ask for gzip", async () => {
    const { body, encoding } = await get("/page", {});
    expect(encoding).toBeUndefined();
    expect(body.toString("utf8")).toBe(PAGE);
  });
});

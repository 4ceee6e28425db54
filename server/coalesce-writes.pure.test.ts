/**
 * An HTML page reaches compression in a few large writes; other answers pass
 * through as they are written. Real Express, compression and React Router's stream writer.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { gunzipSync } from "node:zlib";
import compression from "compression";
import express from "express";
import { writeReadableStreamToWritable } from "@react-router/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { coalesceWrites } from "./coalesce-writes";
import { drainListeners } from "./drain-listeners";
import { CHUNK, chunks } from "./page-chunks.test-helper";

let server: http.Server;
let port = 0;
/** Writes that reached compression, per path. */
const writes = new Map<string, number>();

beforeAll(async () => {
  const app = express();
  app.use(compression(), drainListeners);
  // Counts what coalesceWrites hands to compression.
  app.use((req, res, next) => {
    const write = res.write.bind(res) as (...a: unknown[]) => boolean;
    const end = res.end.bind(res) as (...a: unknown[]) => typeof res;
    res.write = ((...a: unknown[]) => {
      writes.set(req.path, (writes.get(req.path) ?? 0) + 1);
      return write(...a);
    }) as typeof res.write;
    res.end = ((...a: unknown[]) => {
      if (a[0] != null && typeof a[0] !== "function") writes.set(req.path, (writes.get(req.path) ?? 0) + 1);
      return end(...a);
    }) as typeof res.end;
    next();
  }, coalesceWrites);
  app.get("/page", async (_req, res) => {
    res.setHeader("Content-Type", "text/html; charset=utf-8");
    await writeReadableStreamToWritable(chunks(100), res);
  });
  app.get("/donnees", async (_req, res) => {
    res.setHeader("Content-Type", "application/octet-stream");
    await writeReadableStreamToWritable(chunks(10), res);
  });
  server = app.listen(0, "127.0.0.1");
  await new Promise((r) => server.once("listening", r));
  port = (server.address() as AddressInfo).port;
});

afterAll(() => new Promise<void>((r) => server.close(() => r())));

function get(path: string): Promise<{ body: Buffer; encoding: string | undefined }> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: "127.0.0.1", port, path, headers: { "accept-encoding": "gzip" } }, (res) => {
        const parts: Buffer[] = [];
        res.on("data", (c: Buffer) => parts.push(c));
        res.on("end", () => resolve({ body: Buffer.concat(parts), encoding: res.headers["content-encoding"] }));
      })
      .on("error", reject);
  });
}

describe("coalesceWrites", () => {
  it("hands a 200 KB page to gzip in blocks of 64 KB, whole and in order", async () => {
    const { body, encoding } = await get("/page");
    expect(encoding).toBe("gzip");
    expect(gunzipSync(body).toString("utf8")).toBe(CHUNK.repeat(100));
    const size = Buffer.byteLength(CHUNK) * 100;
    expect(writes.get("/page")).toBe(Math.ceil(size / (64 * 1024)));
  });

  it("leaves what is not a page as it is written", async () => {
    const { body } = await get("/donnees");
    expect(gunzipSync(body).toString("utf8")).toBe(CHUNK.repeat(10));
    expect(writes.get("/donnees")).toBe(10);
  });
});

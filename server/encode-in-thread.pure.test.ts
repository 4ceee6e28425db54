/**
 * A cluster worker encodes a page that ends in one block in its own thread (decision 0069):
 * the same encoding `compression` would choose, at the same level, with its length known; what it
 * does not handle goes to `compression` as before. Real Express, compression and React Router's
 * stream writer, read back through Node's HTTP client.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import express from "express";
import { writeReadableStreamToWritable } from "@react-router/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { coalesceAndEncode, coalesceWrites } from "./coalesce-writes";
import { compress, PAGE_GZIP_LEVEL, plainEncoding } from "./compress";
import { drainListeners } from "./drain-listeners";
import { CHUNK, chunks } from "./page-chunks.test-helper";

const BROWSER = "gzip, deflate, br, zstd";

function serve(gather: express.RequestHandler): Promise<{ server: http.Server; port: number }> {
  const app = express();
  app.use(compress, drainListeners, gather);
  // 20 chunks: about 40 KB, one block. 100 chunks: about 200 KB, several.
  for (const [path, count] of [
    ["/page", 20],
    ["/grande-page", 100],
  ] as const) {
    app.get(path, async (_req, res) => {
      res.setHeader("Content-Type", "text/html; charset=utf-8");
      await writeReadableStreamToWritable(chunks(count), res);
    });
  }
  const server = app.listen(0, "127.0.0.1");
  return new Promise((resolve) =>
    server.once("listening", () => resolve({ server, port: (server.address() as AddressInfo).port })),
  );
}

let worker: { server: http.Server; port: number };
let single: { server: http.Server; port: number };
beforeAll(async () => {
  worker = await serve(coalesceAndEncode);
  single = await serve(coalesceWrites);
});
afterAll(async () => {
  for (const s of [worker, single]) await new Promise<void>((r) => s.server.close(() => r()));
});

interface Answer {
  body: Buffer;
  headers: http.IncomingHttpHeaders;
}

function get(port: number, path: string, acceptEncoding: string, method = "GET"): Promise<Answer> {
  return new Promise((resolve, reject) => {
    http
      .request({ host: "127.0.0.1", port, path, method, headers: { "accept-encoding": acceptEncoding } }, (res) => {
        const parts: Buffer[] = [];
        res.on("data", (c: Buffer) => parts.push(c));
        res.on("end", () => resolve({ body: Buffer.concat(parts), headers: res.headers }));
      })
      .on("error", reject)
      .end();
  });
}

const decode = (a: Answer) =>
  (a.headers["content-encoding"] === "br" ? brotliDecompressSync(a.body) : gunzipSync(a.body)).toString("utf8");

describe("a page encoded in the request thread (cluster worker)", () => {
  it("chooses what compression chooses for a browser (brotli), with its length and Vary", async () => {
    const here = await get(worker.port, "/page", BROWSER);
    const pool = await get(single.port, "/page", BROWSER);
    expect(here.headers["content-encoding"]).toBe("br");
    expect(pool.headers["content-encoding"]).toBe("br");
    expect(here.headers["content-length"]).toBe(String(here.body.length));
    expect(here.headers.vary).toMatch(/Accept-Encoding/);
    expect(decode(here)).toBe(CHUNK.repeat(20));
    expect(decode(pool)).toBe(CHUNK.repeat(20));
  });

  it("gzips at the page level when only gzip is accepted: the very bytes of a gzip at that level", async () => {
    const here = await get(worker.port, "/page", "gzip");
    expect(here.headers["content-encoding"]).toBe("gzip");
    expect(here.body.equals(gzipSync(Buffer.from(CHUNK.repeat(20)), { level: PAGE_GZIP_LEVEL }))).toBe(true);
  });

  it("leaves a page of several blocks, and a header with weights, to compression", async () => {
    const large = await get(worker.port, "/grande-page", "gzip");
    expect(large.headers["content-encoding"]).toBe("gzip");
    expect(large.headers["content-length"]).toBeUndefined();
    expect(decode(large)).toBe(CHUNK.repeat(100));
    const weighted = await get(worker.port, "/page", "br;q=0.5, gzip;q=1");
    expect(weighted.headers["content-encoding"]).toBe("gzip");
    expect(weighted.headers["content-length"]).toBeUndefined();
    expect(decode(weighted)).toBe(CHUNK.repeat(20));
  });

  it("sends a page as it is to a client that accepts no encoding, and no body to a HEAD", async () => {
    const plain = await get(worker.port, "/page", "identity");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.toString("utf8")).toBe(CHUNK.repeat(20));
    const head = await get(worker.port, "/page", BROWSER, "HEAD");
    expect(head.body.length).toBe(0);
  });

  it("reads only plain Accept-Encoding headers; weights and wildcards are compression's", () => {
    expect(plainEncoding(BROWSER)).toBe("br");
    expect(plainEncoding("gzip, deflate")).toBe("gzip");
    expect(plainEncoding("GZIP")).toBe("gzip");
    expect(plainEncoding("deflate")).toBeNull();
    expect(plainEncoding("gzip;q=0.8, br;q=0.9")).toBeNull();
    expect(plainEncoding("*")).toBeNull();
    expect(plainEncoding(undefined)).toBeNull();
  });
});

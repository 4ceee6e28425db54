/**
 * A large page written by React Router's adapter through `compression()`: the `drain` listeners
 * it adds and removes at each full buffer must not pile up on the gzip stream (they did: one per
 * full buffer, "MaxListenersExceededWarning … drain listeners added to [Gzip]").
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { createRequire } from "node:module";
import { gunzipSync, type Gzip, type ZlibOptions } from "node:zlib";
import compression from "compression";
import express from "express";
import { writeReadableStreamToWritable } from "@react-router/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { drainListeners } from "./drain-listeners";

const CHUNKS = 40;
const CHUNK = Buffer.alloc(64 * 1024, "Être fort pour être utile. ");
let server: http.Server;
let port = 0;
// The zlib module object compression() itself requires (an ES import of it is read-only).
const zlib = createRequire(import.meta.url)("node:zlib") as { createGzip: (options?: ZlibOptions) => Gzip };
const gzipStreams: Gzip[] = [];
let mostDrainListeners = 0;
const createGzip = zlib.createGzip;
/** Node defines it read-only but configurable. */
function setCreateGzip(fn: (options?: ZlibOptions) => Gzip) {
  Object.defineProperty(zlib, "createGzip", { value: fn, configurable: true, enumerable: true, writable: false });
}

beforeAll(async () => {
  // Watches every gzip stream compression() creates, and its drain listeners as they are added.
  setCreateGzip((options?: ZlibOptions) => {
    const stream = createGzip(options);
    stream.on("newListener", (event) => {
      if (event === "drain") mostDrainListeners = Math.max(mostDrainListeners, stream.listenerCount("drain") + 1);
    });
    gzipStreams.push(stream);
    return stream;
  });
  const app = express();
  app.use(compression(), drainListeners);
  // Stands for React Router's adapter: a web stream of a large page, written with its own helper.
  app.get("/", async (_req, res) => {
    res.setHeader("Content-Type", "text/html; charset=utf-8");
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ < CHUNKS) controller.enqueue(new Uint8Array(CHUNK));
        else controller.close();
      },
    });
    await writeReadableStreamToWritable(body, res);
  });
  server = app.listen(0, "127.0.0.1");
  await new Promise((r) => server.once("listening", r));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  setCreateGzip(createGzip);
  await new Promise<void>((r) => server.close(() => r()));
});

function get(): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: "127.0.0.1", port, path: "/", headers: { "accept-encoding": "gzip" } }, (res) => {
        const parts: Buffer[] = [];
        res.on("data", (c: Buffer) => parts.push(c));
        res.on("end", () => resolve(Buffer.concat(parts)));
      })
      .on("error", reject);
  });
}

describe("drain listeners of a compressed page", () => {
  it("keeps at most one drain listener on the gzip stream while a large page is written", async () => {
    const body = gunzipSync(await get());
    expect(body.length).toBe(CHUNKS * CHUNK.length);
    expect(gzipStreams.length).toBe(1);
    expect(mostDrainListeners).toBeGreaterThan(0); // the page did wait for the gzip stream
    expect(mostDrainListeners).toBeLessThanOrEqual(1);
  });
});

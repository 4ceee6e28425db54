/**
 * The server's request guards on a real HTTP server: per-route body limits
 * counted on the socket (chunked bodies included), TRACE, NUL in URLs.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FORM_BODY_LIMIT } from "../app/lib/http/body-limits";
import { bodyLimit, rejectMalformedRequests } from "./request-guards";

let server: http.Server;
let port = 0;
let bytesReadByApp = 0;

beforeAll(async () => {
  const app = express();
  app.use(rejectMalformedRequests, bodyLimit);
  // Stands for React Router: reads the body as a stream, answers its size.
  app.all(/.*/, (req, res) => {
    let size = 0;
    req.on("data", (c: Buffer) => {
      size += c.length;
      bytesReadByApp += c.length;
    });
    req.on("error", () => {});
    req.on("end", () => {
      if (!res.headersSent) res.send(String(size));
    });
  });
  server = app.listen(0, "127.0.0.1");
  await new Promise((r) => server.once("listening", r));
  port = (server.address() as AddressInfo).port;
});

afterAll(() => new Promise<void>((r) => server.close(() => r())));

function send(options: {
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  chunks?: number;
  chunkSize?: number;
}) {
  return new Promise<{ status: number; body: string; headers: http.IncomingHttpHeaders }>((resolve, reject) => {
    const req = http.request(
      {
        host: "127.0.0.1",
        port,
        method: options.method ?? "POST",
        path: options.path ?? "/contact",
        headers: options.headers,
      },
      (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (c) => (body += c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }));
      },
    );
    req.on("error", reject);
    const chunk = Buffer.alloc(options.chunkSize ?? 64 * 1024, "a");
    let left = options.chunks ?? 0;
    const pump = () => {
      while (left > 0) {
        left--;
        if (!req.write(chunk)) return void req.once("drain", pump);
      }
      req.end();
    };
    req.on("error", () => {});
    pump();
  });
}

describe("request guards", () => {
  it("refuses a chunked anonymous body past the form limit with a French 413 and closes", async () => {
    bytesReadByApp = 0;
    const res = await send({
      headers: { "Transfer-Encoding": "chunked", "Content-Type": "application/x-www-form-urlencoded" },
      chunks: 160,
    });
    expect(res.status).toBe(413);
    expect(res.body).toBe("Envoi trop volumineux\u00a0: la limite est de 256\u00a0Ko.");
    expect(res.headers.connection).toBe("close");
    expect(bytesReadByApp).toBeLessThanOrEqual(FORM_BODY_LIMIT);
  });

  it("refuses a declared Content-Length over the limit before reading", async () => {
    const res = await send({ headers: { "Content-Length": String(200 * 1024 * 1024) } });
    expect(res.status).toBe(413);
  });

  it("lets a form under the limit through", async () => {
    const res = await send({ headers: { "Transfer-Encoding": "chunked" }, chunks: 2 });
    expect(res.status).toBe(200);
    expect(res.body).toBe(String(128 * 1024));
  });

  it("allows a larger body only on an upload page with a session cookie", async () => {
    const upload = "/espace-membre/contenu/documents";
    const anonymous = await send({ path: upload, headers: { "Transfer-Encoding": "chunked" }, chunks: 16 });
    expect(anonymous.status).toBe(413);
    const signedIn = await send({
      path: upload,
      headers: { "Transfer-Encoding": "chunked", cookie: "better-auth.session_token=abc" },
      chunks: 16,
    });
    expect(signedIn.status).toBe(200);
    // Client-side submissions (fetchers, enhanced forms) post to the .data URL.
    // The profile page takes a portrait (decision 0032).
    for (const path of [
      "/espace-membre/articles/modifier/12.data",
      "/espace-membre/contenu/bd.data",
      "/espace-membre/profil.data",
      "/espace-membre/profil",
    ]) {
      const res = await send({
        path,
        headers: { "Transfer-Encoding": "chunked", cookie: "better-auth.session_token=abc" },
        chunks: 16,
      });
      expect(res.status, path).toBe(200);
    }
  });

  it("refuses TRACE", async () => {
    const res = await send({ method: "TRACE", path: "/" });
    expect(res.status).toBe(405);
    expect(res.body).toBe("Méthode non acceptée par ce site.");
  });

  it.each([
    "/la-vie-du-club/actualites/1%00",
    "/espace-membre/utilisateurs/export.csv?q=a%00b",
    "/reinitialiser-mot-de-passe?token=%00",
  ])("refuses a NUL byte in %s", async (path) => {
    const res = await send({ method: "GET", path });
    expect(res.status).toBe(400);
    expect(res.body).toBe("Adresse invalide\u00a0: caractère interdit.");
  });
});

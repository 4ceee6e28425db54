/**
 * The page cache coalesces concurrent renders of one expired page: ten
 * visitors arriving together cause one render, and all get the page.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { pageCache } from "./page-cache";

function get(port: number, path: string) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    http
      .get({ host: "127.0.0.1", port, path, agent: false }, (res) => {
        let body = "";
        res.on("data", (d) => (body += d));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
      })
      .on("error", reject);
  });
}

const servers: http.Server[] = [];
afterEach(() => {
  for (const s of servers.splice(0)) {
    s.closeAllConnections();
    s.close();
  }
});

async function setup(status = 200, hold?: (cache: ReturnType<typeof pageCache>) => void) {
  let renders = 0;
  const gates: Array<() => void> = [];
  const app = express();
  app.use((_req, res, next) => {
    res.locals.nonce = Math.random().toString(36).slice(2);
    next();
  });
  const cache = pageCache({ ttlSeconds: 30 });
  hold?.(cache);
  app.use(cache);
  app.get(/.*/, async (_req, res) => {
    renders++;
    await new Promise<void>((resolve) => gates.push(resolve));
    res.status(status).type("text/html").send(`<p nonce="${res.locals.nonce}">rendu ${renders}</p>`);
  });
  const server = app.listen(0, "127.0.0.1");
  servers.push(server);
  await new Promise((r) => server.once("listening", r));
  const port = (server.address() as AddressInfo).port;
  const releaseAll = () => gates.splice(0).forEach((g) => g());
  return { port, renders: () => renders, releaseAll };
}

describe("page cache", () => {
  it("renders a page once for ten simultaneous anonymous visitors", async () => {
    const { port, renders, releaseAll } = await setup();
    const answers = Array.from({ length: 10 }, () => get(port, "/actualites"));
    await expect.poll(renders).toBe(1);
    releaseAll();
    const all = await Promise.all(answers);
    expect(all.every((a) => a.status === 200 && a.body.includes("rendu 1"))).toBe(true);
    expect(renders()).toBe(1);
  });

  it("lets waiting visitors render themselves when the page cannot be stored", async () => {
    const { port, renders, releaseAll } = await setup(404);
    const answers = Array.from({ length: 3 }, () => get(port, "/inconnue"));
    await expect.poll(renders).toBe(1);
    releaseAll();
    await expect.poll(renders).toBe(3);
    releaseAll();
    const all = await Promise.all(answers);
    expect(all.map((a) => a.status)).toEqual([404, 404, 404]);
  });

  it("does not store a page whose render started before a change made in another process", async () => {
    let cache!: ReturnType<typeof pageCache>;
    const { port, renders, releaseAll } = await setup(200, (c) => (cache = c));
    const first = get(port, "/accueil");
    await expect.poll(renders).toBe(1);
    cache.invalidate(); // the change bus: an edit committed elsewhere while this page rendered
    releaseAll();
    expect((await first).body).toContain("rendu 1");
    const second = get(port, "/accueil");
    await expect.poll(renders).toBe(2); // rendered again, not the copy from before the change
    releaseAll();
    expect((await second).body).toContain("rendu 2");
  });

  it("never makes visitors wait for the render of a client that left before reaching the cache", async () => {
    const app = express();
    app.use((req, res, next) => {
      res.locals.nonce = "n";
      // Earlier work outlasts the first client (it leaves); the others arrive at once.
      if (req.headers["x-leaves"]) req.socket.once("close", () => setTimeout(next, 10));
      else next();
    });
    app.use(pageCache({ ttlSeconds: 30 }));
    app.get(/.*/, (_req, res) => void res.type("text/html").send("<p>page</p>"));
    const server = app.listen(0, "127.0.0.1");
    servers.push(server);
    await new Promise((r) => server.once("listening", r));
    const port = (server.address() as AddressInfo).port;
    const gone = http.get({ host: "127.0.0.1", port, path: "/actualites", agent: false, headers: { "x-leaves": "1" } });
    gone.on("error", () => {});
    await new Promise((r) => setTimeout(r, 50));
    gone.destroy();
    await new Promise((r) => setTimeout(r, 50));
    const answer = await Promise.race([
      get(port, "/actualites"),
      new Promise((r) => setTimeout(() => r("attente"), 2000)),
    ]);
    expect(answer).toEqual({ status: 200, body: "<p>page</p>" });
  });
});

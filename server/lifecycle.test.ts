/**
 * Graceful stop with keep-alive clients: accepted requests are finished with
 * `Connection: close`, connections are closed as soon as their response
 * ends, the database hook runs and the process exits 0 well before the
 * deadline.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { lifecycle } from "./lifecycle";

interface Answer {
  status: number;
  connection: string | undefined;
  body: string;
}

function get(port: number, path: string, agent: http.Agent): Promise<Answer> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: "127.0.0.1", port, path, agent }, (res) => {
        let body = "";
        res.on("data", (d) => (body += d));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, body }));
      })
      .on("error", reject);
  });
}

const servers: http.Server[] = [];
afterEach(() => {
  for (const s of servers.splice(0)) s.closeAllConnections();
});

async function setup() {
  const events: string[] = [];
  let exitCode: (code: number) => void = () => {};
  const exited = new Promise<number>((resolve) => (exitCode = resolve));
  const life = lifecycle({
    log: (_level, msg) => events.push(msg),
    onClosed: async () => {
      events.push("database closed");
    },
    exit: (code) => exitCode(code),
    timeoutMs: 10_000,
  });
  let openGate: () => void = () => {};
  const gate = new Promise<void>((resolve) => (openGate = resolve));
  let started = 0;
  const app = express();
  app.use(life.middleware);
  app.get("/fast", (_req, res) => res.send("ok"));
  app.get("/slow", async (_req, res) => {
    started++;
    await gate;
    res.send("fini");
  });
  const server = app.listen(0, "127.0.0.1");
  server.keepAliveTimeout = 65_000;
  servers.push(server);
  await new Promise((r) => server.once("listening", r));
  life.attach(server);
  const port = (server.address() as AddressInfo).port;
  return { life, port, events, exited, openGate, started: () => started };
}

describe("graceful stop", () => {
  it("finishes every accepted request on keep-alive connections, then closes the database and exits 0", async () => {
    const { life, port, events, exited, openGate, started } = await setup();
    const agent = new http.Agent({ keepAlive: true, maxSockets: 10 });
    // Warm keep-alive connections, some of which stay idle.
    await Promise.all(Array.from({ length: 6 }, () => get(port, "/fast", agent)));
    const busy = Array.from({ length: 4 }, () => get(port, "/slow", agent));
    await expect.poll(started).toBe(4);

    life.stop("SIGTERM");
    // A request on a connection that is still open is served, with Connection: close.
    openGate();
    const answers = await Promise.all(busy);
    for (const a of answers) {
      expect(a).toEqual({ status: 200, connection: "close", body: "fini" });
    }
    expect(await exited).toBe(0);
    expect(events).toEqual(["shutting down", "database closed", "stopped cleanly"]);
    agent.destroy();
  });

  it("does not let a keep-alive client that keeps asking hold the process", async () => {
    const { life, port, exited, openGate, started } = await setup();
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    await get(port, "/fast", agent);
    const slow = get(port, "/slow", agent);
    await expect.poll(started).toBe(1);
    life.stop("SIGTERM");
    openGate();
    expect((await slow).connection).toBe("close");
    let code: number | undefined;
    void exited.then((c) => (code = c));
    // The client keeps sending on its agent: each request needs a new connection, which is refused.
    await get(port, "/fast", agent).catch(() => undefined);
    expect(await exited).toBe(0);
    expect(code).toBe(0);
    agent.destroy();
  });
});

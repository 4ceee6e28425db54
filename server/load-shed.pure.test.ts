/**
 * The bound on the work in flight: extra requests wait in a short queue,
 * overflow gets a French 503 with Retry-After (held a moment, on a connection
 * kept open), a waiting request whose client left is never handed to the
 * application. Page views are shed, never an accepted write: a form waits as
 * long as it must, takes the place of a waiting page view in a full queue,
 * and while the server stops nothing waiting is shed (issue 56). The waits
 * run on a fake clock and fake timers, released by the tests.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { loadShed, maxInFlight } from "./load-shed";

function get(port: number, path: string, agent: http.Agent | false = false, method = "GET") {
  const req = http.request({ host: "127.0.0.1", port, path, agent, method });
  req.end(method === "GET" ? undefined : "nom=Emma");
  const answer = new Promise<{
    status: number;
    retryAfter?: string;
    connection?: string;
    reusedSocket: boolean;
    body: string;
  }>((resolve, reject) => {
    req.on("response", (res) => {
      let body = "";
      res.on("data", (d) => (body += d));
      res.on("end", () =>
        resolve({
          status: res.statusCode ?? 0,
          retryAfter: res.headers["retry-after"],
          connection: res.headers.connection,
          reusedSocket: req.reusedSocket,
          body,
        }),
      );
    });
    req.on("error", reject);
  });
  return { req, answer };
}

const servers: http.Server[] = [];
afterEach(() => {
  for (const s of servers.splice(0)) {
    s.closeAllConnections();
    s.close();
  }
});

/** Held refusals, released by the test (a fake clock for `refuseDelayMs`). */
function fakeHolds() {
  const pending: Array<{ fn: () => void; ms: number; cancelled: boolean }> = [];
  return {
    pending,
    hold: (fn: () => void, ms: number) => {
      const h = { fn, ms, cancelled: false };
      pending.push(h);
      return () => void (h.cancelled = true);
    },
    elapse: () => pending.splice(0).forEach((h) => h.cancelled || h.fn()),
  };
}

async function setup(maxWaitMs = 60_000, holds = fakeHolds()) {
  const gates: Array<() => void> = [];
  const handled: string[] = [];
  const shed = loadShed({ maxInFlight: 2, maxQueue: 2, maxWaitMs, hold: holds.hold });
  const app = express();
  app.use(shed);
  app.get("/healthz", (_req, res) => res.send("ok"));
  app.get(/.*/, async (req, res) => {
    handled.push(req.path);
    await new Promise<void>((resolve) => gates.push(resolve));
    res.send(`page ${req.path}`);
  });
  const server = app.listen(0, "127.0.0.1");
  servers.push(server);
  await new Promise((r) => server.once("listening", r));
  const port = (server.address() as AddressInfo).port;
  const releaseAll = () => gates.splice(0).forEach((g) => g());
  return { port, shed, handled, releaseAll };
}

/** Lets the held refusals go once one is pending, and returns the answer. */
async function refusal<T>(answer: Promise<T>, holds: ReturnType<typeof fakeHolds>): Promise<T> {
  await expect.poll(() => holds.pending.length).toBeGreaterThan(0);
  holds.elapse();
  return answer;
}

describe("load shedding", () => {
  it("renders two pages at once on the embedded database and four on PostgreSQL, unless configured", () => {
    expect(maxInFlight({})).toBe(2);
    expect(maxInFlight({ DATABASE_URL: "postgres://club@localhost/club" })).toBe(4);
    expect(maxInFlight({ LOAD_MAX_IN_FLIGHT: 8 })).toBe(8);
    expect(maxInFlight({ LOAD_MAX_IN_FLIGHT: 1, DATABASE_URL: "postgres://club@localhost/club" })).toBe(1);
  });

  it("serves two at a time, queues two, answers the fifth 503 in French with Retry-After", async () => {
    const holds = fakeHolds();
    const { port, shed, handled, releaseAll } = await setup(60_000, holds);
    const first = [get(port, "/a"), get(port, "/b")];
    await expect.poll(() => handled.length).toBe(2);
    const queued = [get(port, "/c"), get(port, "/d")];
    await expect.poll(() => shed.stats().queued).toBe(2);
    const refused = await refusal(get(port, "/e").answer, holds);
    expect(refused.status).toBe(503);
    expect(refused.retryAfter).toBe("2");
    expect(refused.body).toContain("Le site est très sollicité");
    expect(refused.body).toContain("secondes");
    // Health checks never wait.
    expect((await get(port, "/healthz").answer).status).toBe(200);

    releaseAll();
    await expect.poll(() => handled.length).toBe(4);
    releaseAll();
    const answers = await Promise.all([...first, ...queued].map((r) => r.answer));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    expect(handled).toEqual(["/a", "/b", "/c", "/d"]);
  });

  it("drops a queued request whose client went away", async () => {
    const { port, shed, handled, releaseAll } = await setup();
    const running = [get(port, "/a"), get(port, "/b")];
    await expect.poll(() => handled.length).toBe(2);
    const gone = get(port, "/parti");
    gone.answer.catch(() => undefined);
    const kept = get(port, "/reste");
    await expect.poll(() => shed.stats().queued).toBe(2);
    gone.req.destroy();
    await expect.poll(() => shed.stats().queued).toBe(1);
    releaseAll();
    await expect.poll(() => handled.length).toBe(3);
    releaseAll();
    await Promise.all([...running, kept].map((r) => r.answer));
    expect(handled).toEqual(["/a", "/b", "/reste"]);
    expect(shed.stats().dropped).toBe(1);
  });

  it("answers 503 to a request that waited longer than the limit", async () => {
    const { port, handled, releaseAll } = await setup(50);
    const running = [get(port, "/a"), get(port, "/b")];
    await expect.poll(() => handled.length).toBe(2);
    const late = await get(port, "/tard").answer;
    expect(late.status).toBe(503);
    releaseAll();
    await Promise.all(running.map((r) => r.answer));
    expect(handled).toEqual(["/a", "/b"]);
  });

  it("never keeps a slot for a client that left before reaching the queue", async () => {
    const shed = loadShed({ maxInFlight: 1, maxQueue: 2, maxWaitMs: 60_000 });
    const app = express();
    // Earlier work (body guards, a busy event loop) outlasts the client.
    app.use((req, _res, next) => req.socket.once("close", () => setTimeout(next, 10)));
    app.use(shed);
    app.get(/.*/, (_req, res) => void res.send("page"));
    const server = app.listen(0, "127.0.0.1");
    servers.push(server);
    await new Promise((r) => server.once("listening", r));
    const port = (server.address() as AddressInfo).port;
    const gone = get(port, "/parti");
    gone.answer.catch(() => {});
    await new Promise((r) => setTimeout(r, 50));
    gone.req.destroy();
    await new Promise((r) => setTimeout(r, 100));
    expect(shed.stats().inFlight).toBe(0);
  });

  it("holds a refusal for a full queue for the refusal delay, and answers it on a connection kept open", async () => {
    const holds = fakeHolds();
    const { port, shed, handled, releaseAll } = await setup(60_000, holds);
    const running = [get(port, "/a"), get(port, "/b")];
    await expect.poll(() => handled.length).toBe(2);
    const queued = [get(port, "/c"), get(port, "/d")];
    await expect.poll(() => shed.stats().queued).toBe(2);

    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    let answered = false;
    const first = get(port, "/e", agent).answer.then((a) => ((answered = true), a));
    await expect.poll(() => holds.pending.length).toBe(1);
    expect(holds.pending[0]?.ms).toBe(250);
    expect(answered).toBe(false);
    holds.elapse();
    const refused = await first;
    expect(refused.status).toBe(503);
    expect(refused.connection).toBe("keep-alive");
    // The client's next try goes on the same connection: no new TCP connection to accept.
    const again = await refusal(get(port, "/e", agent).answer, holds);
    expect(again.status).toBe(503);
    expect(again.reusedSocket).toBe(true);
    agent.destroy();

    releaseAll();
    await expect.poll(() => handled.length).toBe(4);
    releaseAll();
    await Promise.all([...running, ...queued].map((r) => r.answer));
    expect(handled).toEqual(["/a", "/b", "/c", "/d"]);
  });

  it("forgets a held refusal whose client left", async () => {
    const holds = fakeHolds();
    const { port, shed, handled, releaseAll } = await setup(60_000, holds);
    const running = [get(port, "/a"), get(port, "/b")];
    await expect.poll(() => handled.length).toBe(2);
    const queued = [get(port, "/c"), get(port, "/d")];
    await expect.poll(() => shed.stats().queued).toBe(2);
    const gone = get(port, "/parti");
    gone.answer.catch(() => undefined);
    await expect.poll(() => holds.pending.length).toBe(1);
    gone.req.destroy();
    await expect.poll(() => holds.pending[0]?.cancelled).toBe(true);
    const shedBefore = shed.stats().shed;
    holds.elapse();
    expect(shed.stats().shed).toBe(shedBefore);
    releaseAll();
    await expect.poll(() => handled.length).toBe(4);
    releaseAll();
    await Promise.all([...running, ...queued].map((r) => r.answer));
  });
});

/** The queue's waits on a fake clock: `elapse(ms)` moves it and fires the timers that are due. */
function fakeWaits() {
  let clock = 0;
  const timers: Array<{ fn: () => void; at: number; cancelled: boolean }> = [];
  return {
    now: () => clock,
    wait: (fn: () => void, ms: number) => {
      const t = { fn, at: clock + ms, cancelled: false };
      timers.push(t);
      return () => void (t.cancelled = true);
    },
    elapse(ms: number) {
      clock += ms;
      for (const t of timers.filter((t) => !t.cancelled && t.at <= clock)) {
        t.cancelled = true;
        t.fn();
      }
    },
  };
}

/** One page at a time, a queue of three, page views wait 400 ms at most, forms up to the request time-out. */
async function setupWrites(patient = () => false) {
  const waits = fakeWaits();
  const holds = fakeHolds();
  const gates: Array<() => void> = [];
  const handled: string[] = [];
  const shed = loadShed({
    maxInFlight: 1,
    maxQueue: 3,
    maxWaitMs: 400,
    writeWaitMs: 300_000,
    patient,
    now: waits.now,
    wait: waits.wait,
    hold: holds.hold,
  });
  const app = express();
  app.use(shed);
  app.all(/.*/, async (req, res) => {
    handled.push(`${req.method} ${req.path}`);
    await new Promise<void>((resolve) => gates.push(resolve));
    res.send(`page ${req.path}`);
  });
  const server = app.listen(0, "127.0.0.1");
  servers.push(server);
  await new Promise((r) => server.once("listening", r));
  const port = (server.address() as AddressInfo).port;
  /** Lets the running request end, then waits until the next one reached the application. */
  const releaseOne = async () => {
    const before = handled.length;
    gates.shift()?.();
    await expect.poll(() => handled.length).toBe(before + 1);
  };
  const releaseAll = () => gates.splice(0).forEach((g) => g());
  return { port, shed, handled, waits, holds, releaseOne, releaseAll };
}

describe("load shedding sheds page views, never an accepted write", () => {
  it("serves a form that waited far longer than a page view may, and sheds the page views with 503 and Retry-After", async () => {
    const { port, shed, handled, waits, releaseOne, releaseAll } = await setupWrites();
    const running = get(port, "/a");
    await expect.poll(() => handled.length).toBe(1);
    const view = get(port, "/actualites");
    const signUp = get(port, "/inscription", false, "POST");
    const data = get(port, "/calendrier.data");
    await expect.poll(() => shed.stats().queued).toBe(3);

    // Ten times the page views' limit: both page views are told, the form waits on.
    waits.elapse(4_000);
    for (const shedView of [await view.answer, await data.answer]) {
      expect(shedView.status).toBe(503);
      expect(shedView.retryAfter).toBe("2");
      expect(shedView.body).toContain("Le site est très sollicité");
    }
    expect(shed.stats().queued).toBe(1);
    waits.elapse(60_000);
    expect(shed.stats().queued).toBe(1);

    await releaseOne();
    releaseAll();
    expect((await running.answer).status).toBe(200);
    const served = await signUp.answer;
    expect(served.status).toBe(200);
    expect(served.body).toBe("page /inscription");
    expect(handled).toEqual(["GET /a", "POST /inscription"]);
  });

  it("hands the forms over before the page views waiting", async () => {
    const { port, shed, handled, releaseOne, releaseAll } = await setupWrites();
    const running = get(port, "/a");
    await expect.poll(() => handled.length).toBe(1);
    const view = get(port, "/tarifs-horaires");
    const contact = get(port, "/contact", false, "POST");
    await expect.poll(() => shed.stats().queued).toBe(2);
    await releaseOne();
    await releaseOne();
    releaseAll();
    await Promise.all([running, view, contact].map((r) => r.answer));
    expect(handled).toEqual(["GET /a", "POST /contact", "GET /tarifs-horaires"]);
  });

  it("lets a form arriving at a full queue take the place of the oldest page view, which gets the 503 at once", async () => {
    const { port, shed, handled, holds, releaseOne, releaseAll } = await setupWrites();
    const running = get(port, "/a");
    await expect.poll(() => handled.length).toBe(1);
    const views = ["/v1", "/v2", "/v3"].map((p) => get(port, p));
    await expect.poll(() => shed.stats().queued).toBe(3);

    const notification = get(port, "/api/helloasso/notification", false, "POST");
    const evicted = await views[0]!.answer;
    expect(evicted.status).toBe(503);
    expect(evicted.retryAfter).toBe("2");
    expect(shed.stats()).toMatchObject({ queued: 3, evicted: 1 });
    expect(holds.pending).toEqual([]); // not held: told at once

    // A page view arriving at the full queue is refused (held, then 503).
    const late = await refusal(get(port, "/v4").answer, holds);
    expect(late.status).toBe(503);

    await releaseOne();
    await releaseOne();
    await releaseOne();
    releaseAll();
    const answers = await Promise.all([running, notification, views[1]!, views[2]!].map((r) => r.answer));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    expect(handled).toEqual(["GET /a", "POST /api/helloasso/notification", "GET /v2", "GET /v3"]);
  });

  it("refuses a form only when the queue already holds as many forms as it may", async () => {
    const { port, shed, handled, holds, releaseAll } = await setupWrites();
    const running = get(port, "/a");
    await expect.poll(() => handled.length).toBe(1);
    const forms = ["/f1", "/f2", "/f3"].map((p) => get(port, p, false, "POST"));
    await expect.poll(() => shed.stats().queued).toBe(3);
    const refused = await refusal(get(port, "/f4", false, "POST").answer, holds);
    expect(refused.status).toBe(503);
    expect(refused.body).toContain("Le site est très sollicité");
    for (let i = 0; i < 4; i++) {
      releaseAll();
      await expect.poll(() => handled.length).toBe(Math.min(4, i + 2));
    }
    releaseAll();
    expect((await Promise.all([running, ...forms].map((r) => r.answer))).map((a) => a.status)).toEqual([
      200, 200, 200, 200,
    ]);
  });

  it("answers a form that outlived the request time-out with the 503", async () => {
    const { port, shed, handled, waits, releaseAll } = await setupWrites();
    const running = get(port, "/a");
    await expect.poll(() => handled.length).toBe(1);
    const form = get(port, "/contact", false, "POST");
    await expect.poll(() => shed.stats().queued).toBe(1);
    waits.elapse(299_999);
    expect(shed.stats().queued).toBe(1);
    waits.elapse(2);
    expect((await form.answer).status).toBe(503);
    releaseAll();
    await running.answer;
    expect(handled).toEqual(["GET /a"]);
  });

  it("while the server stops, serves every request accepted before, page views included", async () => {
    let stopping = false;
    const { port, shed, handled, waits, releaseOne, releaseAll } = await setupWrites(() => stopping);
    const running = get(port, "/a");
    await expect.poll(() => handled.length).toBe(1);
    const contact = get(port, "/contact", false, "POST");
    const view = get(port, "/actualites");
    await expect.poll(() => shed.stats().queued).toBe(2);
    stopping = true;
    waits.elapse(4_000);
    expect(shed.stats().queued).toBe(2);
    await releaseOne();
    await releaseOne();
    releaseAll();
    const answers = await Promise.all([running, contact, view].map((r) => r.answer));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(handled).toEqual(["GET /a", "POST /contact", "GET /actualites"]);
  });
});

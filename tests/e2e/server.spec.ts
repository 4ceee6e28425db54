import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { expect, test } from "./fixtures";

test("pages carry the security headers and a per-request CSP nonce", async ({ request }) => {
  const first = await request.get("/");
  const second = await request.get("/");
  const csp = first.headers()["content-security-policy"] ?? "";
  expect(csp).toContain("default-src 'self'");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain("object-src 'none'");
  const scriptSrc = csp.split(";").find((d) => d.trim().startsWith("script-src"))!;
  expect(scriptSrc).not.toContain("unsafe-inline");
  const nonce = /'nonce-([^']+)'/.exec(scriptSrc)![1];
  expect(second.headers()["content-security-policy"]).not.toContain(nonce);
  // Every inline script of the page carries this response's nonce.
  const html = await first.text();
  const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
  expect(scripts.length).toBeGreaterThan(0);
  for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);

  const h = first.headers();
  expect(h["x-content-type-options"]).toBe("nosniff");
  expect(h["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  expect(h["strict-transport-security"]).toBeUndefined(); // plain HTTP here
  expect(h["x-powered-by"]).toBeUndefined();
});

test("HTML is compressed and hashed assets are cached for a year", async ({ request }) => {
  // A page with React's scripts (home loads none for a visitor).
  const res = await request.get("/tarifs-horaires", { headers: { "accept-encoding": "gzip" } });
  expect(res.headers()["content-encoding"]).toBe("gzip");
  const html = await res.text();
  const asset = /\/assets\/[^"]+\.js/.exec(html)![0];
  const assetRes = await request.get(asset);
  expect(assetRes.status()).toBe(200);
  expect(assetRes.headers()["cache-control"]).toContain("max-age=31536000");
  expect(assetRes.headers()["cache-control"]).toContain("immutable");
});

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.listen(0, "127.0.0.1", () => {
      const port = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(port));
    });
  });
}

test("SIGTERM with busy keep-alive clients answers them, closes the database, releases its lock and exits 0 in < 10 s", async () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "club-shutdown-"));
  const port = await freePort();
  const buildDir = path.resolve(process.env.BUILD_DIR ?? "build");
  const child = spawn(process.execPath, [path.join(buildDir, "server.js")], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      LOG_LEVEL: "info",
      // Shutdown, not shedding, is tested here: the 20 requests may all wait their turn.
      LOAD_MAX_WAIT_MS: "20000",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (d) => (output += d));
  child.stderr.on("data", (d) => (output += d));
  try {
    await expect
      .poll(
        async () => {
          try {
            return (await fetch(`http://127.0.0.1:${port}/healthz`)).status;
          } catch {
            return 0;
          }
        },
        { timeout: 30_000 },
      )
      .toBe(200);
    expect(existsSync(path.join(dataDir, "pglite.lock"))).toBe(true);
    // Keep-alive clients busy at the moment of the signal: all their requests are answered.
    const agent = new http.Agent({ keepAlive: true, maxSockets: 20 });
    const get = (p: string) =>
      new Promise<{ status: number; connection?: string }>((resolve, reject) => {
        http
          .get({ host: "127.0.0.1", port, path: p, agent }, (res) => {
            res.resume();
            res.on("end", () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection }));
          })
          .on("error", reject);
      });
    await Promise.all(Array.from({ length: 20 }, (_, i) => get(`/mentions-legales?k=${i}`)));
    const inFlight = Array.from({ length: 20 }, (_, i) => get(`/mentions-legales?busy=${i}`));
    const started = Date.now();
    child.kill("SIGTERM");
    const answers = await Promise.all(inFlight);
    expect(answers.every((a) => a.status === 200)).toBe(true);
    const code = await new Promise((r) => child.once("exit", r));
    expect(Date.now() - started).toBeLessThan(10_000);
    agent.destroy();
    expect(code).toBe(0);
    expect(output).toContain("stopped cleanly");
    expect(existsSync(path.join(dataDir, "pglite.lock"))).toBe(false);
  } finally {
    if (child.exitCode === null) child.kill("SIGKILL");
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test("an invalid variable (PAGE_CACHE_SECONDS=abc) stops the start with a French message per variable", async () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "club-bad-env-"));
  const buildDir = path.resolve(process.env.BUILD_DIR ?? "build");
  const child = spawn(process.execPath, [path.join(buildDir, "server.js")], {
    env: { ...process.env, NODE_ENV: "production", DATA_DIR: dataDir, PAGE_CACHE_SECONDS: "abc", LOG_LEVEL: "bavard" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (d) => (output += d));
  child.stderr.on("data", (d) => (output += d));
  try {
    const code = await new Promise((r) => child.once("exit", r));
    expect(code).toBe(1);
    expect(output).toContain("Le site n'a pas pu démarrer.");
    expect(output).toContain("PAGE_CACHE_SECONDS : doit être un nombre entier entre 0 et 86400");
    expect(output).toContain("LOG_LEVEL : doit valoir debug, info, warn, error ou silent");
  } finally {
    if (child.exitCode === null) child.kill("SIGKILL");
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test("uploaded files may be framed by our pages only", async ({ request }) => {
  const page = await request.get("/");
  expect(page.headers()["x-frame-options"]).toBe("DENY");
  expect(page.headers()["content-security-policy"]).toContain("frame-src 'self' https://www.helloasso.com");
  const media = await request.get("/media/inconnu/original.pdf");
  expect(media.headers()["x-frame-options"]).toBe("SAMEORIGIN");
  expect(media.headers()["content-security-policy"]).toBe("frame-ancestors 'self'");
});

test("anonymous pages come from a short cache, with this response's nonce; a POST empties it", async ({ request }) => {
  const url = `/mentions-legales?essai-cache=${Date.now()}`;
  const first = await request.get(url);
  expect(first.headers()["x-page-cache"]).toBeUndefined();
  const second = await request.get(url);
  expect(second.headers()["x-page-cache"]).toBe("hit");
  const nonce = /'nonce-([^']+)'/.exec(second.headers()["content-security-policy"] ?? "")![1];
  const html = await second.text();
  const nonces = new Set([...html.matchAll(/nonce="([^"]+)"/g)].map((m) => m[1]));
  expect([...nonces]).toEqual([nonce]);

  // Any state-changing request empties the cache (here one the page refuses).
  await request.post(url, { form: { x: "1" }, headers: { origin: new URL(first.url()).origin } });
  expect((await request.get(url)).headers()["x-page-cache"]).toBeUndefined();

  // A signed-in visitor (session cookie) always gets a fresh page.
  const withCookie = { headers: { cookie: "better-auth.session_token=inconnu" } };
  await request.get(url, withCookie);
  expect((await request.get(url, withCookie)).headers()["x-page-cache"]).toBeUndefined();
});

/**
 * Browser-test helpers for the site behind Caddy, as on the club's server:
 * Debian's Caddy runs the Caddyfile rendered from deploy/templates/Caddyfile
 * (the one the install writes) for `localhost`, whose certificate Caddy's own
 * certificate authority issues; and plain HTTPS requests from a chosen local
 * address (127.0.0.x), checked against that authority.
 *
 * Rules:
 * - the template is rendered as the install does (every {{…}} replaced); the
 *   test adds global options only: its unprivileged HTTP port, no admin
 *   endpoint, no change to the system's trust store;
 * - Caddy keeps its certificates in the test's own folder (XDG_DATA_HOME),
 *   never in the machine's;
 * - a request is verified against Caddy's root certificate: no TLS check is
 *   switched off.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { createHash, X509Certificate } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import https from "node:https";
import path from "node:path";

export const CADDY = process.env.CADDY_PATH ?? "/usr/bin/caddy";

/** deploy/templates/Caddyfile with its placeholders replaced, as deploy/install writes it. */
export function renderCaddyfile(values: { domain: string; email: string; port: number }): string {
  const template = readFileSync(path.resolve("deploy/templates/Caddyfile"), "utf8");
  const rendered = template
    .replaceAll("{{DOMAIN}}", values.domain)
    .replaceAll("{{EMAIL}}", values.email)
    .replaceAll("{{PORT}}", String(values.port));
  const left = /\{\{[A-Z_]+\}\}/.exec(rendered);
  if (left) throw new Error(`placeholder ${left[0]} not replaced in deploy/templates/Caddyfile`);
  return rendered;
}

/** The test's global options, added at the top of the template's own global block. */
function withTestOptions(caddyfile: string, httpPort: number): string {
  const lines = caddyfile.split("\n");
  const globalBlock = lines.indexOf("{");
  if (globalBlock < 0) throw new Error("deploy/templates/Caddyfile has no global options block");
  lines.splice(globalBlock + 1, 0, `\thttp_port ${httpPort}`, "\tadmin off", "\tskip_install_trust");
  return lines.join("\n");
}

export interface RunningCaddy {
  /** PEM of Caddy's local root certificate (what the requests trust). */
  rootPem: string;
  /** Base64 SHA-256 of the intermediate certificate's public key (Chromium's --ignore-certificate-errors-spki-list). */
  intermediateSpki: string;
  stop: () => Promise<void>;
}

/** Starts Caddy on https://localhost:<httpsPort> (and http:// on httpPort) in front of 127.0.0.1:<appPort>. */
export async function startCaddy(options: {
  dir: string;
  httpsPort: number;
  httpPort: number;
  appPort: number;
}): Promise<RunningCaddy> {
  const { dir, httpsPort, httpPort, appPort } = options;
  const file = path.join(dir, "Caddyfile");
  const rendered = renderCaddyfile({ domain: `localhost:${httpsPort}`, email: "admin@exemple.fr", port: appPort });
  writeFileSync(file, withTestOptions(rendered, httpPort));
  let output = "";
  const child: ChildProcess = spawn(CADDY, ["run", "--config", file, "--adapter", "caddyfile"], {
    env: {
      ...process.env,
      HOME: dir,
      XDG_DATA_HOME: path.join(dir, "data"),
      XDG_CONFIG_HOME: path.join(dir, "config"),
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.on("data", (c: Buffer) => (output += c.toString()));
  child.stderr!.on("data", (c: Buffer) => (output += c.toString()));
  const authority = path.join(dir, "data/caddy/pki/authorities/local");
  const deadline = Date.now() + 30_000;
  let rootPem = "";
  for (;;) {
    if (child.exitCode !== null) throw new Error(`caddy exited (${child.exitCode}):\n${output}`);
    if (Date.now() > deadline) throw new Error(`caddy did not answer on https://localhost:${httpsPort}:\n${output}`);
    if (!rootPem && existsSync(path.join(authority, "root.crt")))
      rootPem = readFileSync(path.join(authority, "root.crt"), "utf8");
    if (rootPem) {
      const ok = await httpsRequest({ port: httpsPort, ca: rootPem, path: "/healthz" }).then(
        (r) => r.status === 200,
        () => false,
      );
      if (ok) break;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  const intermediate = new X509Certificate(readFileSync(path.join(authority, "intermediate.crt")));
  const spki = intermediate.publicKey.export({ type: "spki", format: "der" });
  return {
    rootPem,
    intermediateSpki: createHash("sha256").update(spki).digest("base64"),
    stop: async () => {
      if (child.exitCode !== null) return;
      child.kill("SIGTERM");
      await new Promise((r) => child.once("exit", r));
    },
  };
}

export interface HttpsAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/**
 * One HTTPS request to https://localhost:<port>, sent from `localAddress` (127.0.0.1 unless
 * given), verified against the root certificate `ca`.
 */
export function httpsRequest(options: {
  port: number;
  ca: string;
  path: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  localAddress?: string;
}): Promise<HttpsAnswer> {
  return new Promise((resolve, reject) => {
    const req = https.request(
      {
        host: "127.0.0.1",
        servername: "localhost",
        port: options.port,
        path: options.path,
        method: options.method ?? "GET",
        localAddress: options.localAddress,
        ca: options.ca,
        agent: false,
        headers: { Host: `localhost:${options.port}`, ...options.headers },
      },
      (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (c: string) => (body += c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on("error", reject);
    req.end(options.body);
  });
}

/**
 * The server's control socket: a Unix socket in the data folder
 * (`DATA_DIR/controle.sock`, readable by the server's user only) through which
 * `npm run backup` asks a running server to back up. The embedded database
 * belongs to one process, so a backup taken while the site serves must be
 * taken by the server itself; the command then prints the same result.
 *
 * Protocol: one JSON line in (`{"command":"backup"}`), one JSON line out
 * (`{"ok":true,"backup":{…}}` or `{"ok":false,"error":"…"}`).
 * `{"command":"jobs"}` answers the background jobs' status (`{"ok":true,"jobs":[…]}`,
 * core/jobs.server.ts): the benchmark waits for their first round.
 */
import { chmodSync, existsSync, rmSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import { env } from "../core/env.server";
import { log } from "../core/log.server";
import { jobsStatus } from "../core/jobs.server";
import { createBackup } from "./backup.server";

export function controlSocketPath(dataDir: string = env().DATA_DIR): string {
  return path.join(dataDir, "controle.sock");
}

let server: net.Server | null = null;

function answering(file: string): Promise<boolean> {
  return new Promise((resolve) => {
    const c = net.connect(file);
    c.once("connect", () => {
      c.destroy();
      resolve(true);
    });
    c.once("error", () => resolve(false));
  });
}

export async function startControlSocket(): Promise<void> {
  const file = controlSocketPath();
  if (file.length > 100) {
    log.warn("control socket not started: path too long", { file });
    return;
  }
  if (existsSync(file)) {
    if (await answering(file)) return; // Another process of this site answers already.
    rmSync(file, { force: true });
  }
  const srv = net.createServer((socket) => {
    let input = "";
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => {
      input += chunk;
      if (input.length > 10_000) socket.destroy();
      if (!input.includes("\n")) return;
      let command: unknown;
      try {
        command = (JSON.parse(input.split("\n")[0] ?? "") as { command?: unknown }).command;
      } catch {
        command = null;
      }
      const reply = (body: unknown) => socket.end(JSON.stringify(body) + "\n");
      // What the background jobs did since the start (the benchmark waits for their first round).
      if (command === "jobs") return reply({ ok: true, jobs: jobsStatus() });
      if (command !== "backup") return reply({ ok: false, error: "Commande inconnue." });
      createBackup({ reason: "commande" })
        .then((backup) => reply({ ok: true, backup }))
        .catch((err: unknown) => reply({ ok: false, error: err instanceof Error ? err.message : String(err) }));
    });
    socket.on("error", () => {});
  });
  await new Promise<void>((resolve) => {
    srv.once("error", (err) => {
      log.warn("control socket not started", { err });
      resolve();
    });
    srv.listen(file, () => {
      chmodSync(file, 0o600);
      server = srv;
      resolve();
    });
  });
}

export async function stopControlSocket(): Promise<void> {
  const srv = server;
  server = null;
  if (srv) await new Promise<void>((resolve) => srv.close(() => resolve()));
}

/** Asks a running server to back up; null when no server answers on this data folder. */
export function askServerToBackUp(
  dataDir: string,
): Promise<{ ok: true; backup: { file: string } & Record<string, unknown> } | { ok: false; error: string } | null> {
  const file = controlSocketPath(dataDir);
  if (!existsSync(file)) return Promise.resolve(null);
  return new Promise((resolve) => {
    const c = net.connect(file);
    let out = "";
    let connected = false;
    c.setEncoding("utf8");
    c.on("connect", () => {
      connected = true;
      c.write(JSON.stringify({ command: "backup" }) + "\n");
    });
    c.on("data", (chunk: string) => (out += chunk));
    c.on("end", () => {
      try {
        resolve(JSON.parse(out) as never);
      } catch {
        resolve({ ok: false, error: "Réponse illisible du serveur." });
      }
    });
    c.on("error", () => resolve(connected ? { ok: false, error: "Le serveur a coupé la connexion." } : null));
  });
}

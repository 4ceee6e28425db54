/**
 * deploy/upgrade on a copy of real club data (two families with accounts,
 * profiles, registrations and an uploaded photo, made by the site's own code),
 * in a throwaway root, the site's processes started without systemd
 * (service-without-systemd.sh as CLUB_SERVICE_COMMAND):
 *  1. deploy/install puts the previous release (this repository's HEAD) on
 *     the data, starts it and prints the one-time setup address;
 *  2. an upgrade to a release adding a migration: verified backup, migration
 *     applied, link switched, site answering, the photo still served, the
 *     outcome where the operations page reads it;
 *  3. an upgrade to a release whose migration wrecks the data and whose server
 *     exits at start: back to the previous release, backup restored, data
 *     exactly as before, and the volunteer told where the backup is.
 *
 * Cost: the releases are git archives of a shared clone; their build is the
 * repository's own build/ (copied, node_modules linked), never npm ci or a
 * second `npm run build` (scripts/test.sh runs this file after its build).
 */
import { spawn, spawnSync } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deploymentStatus } from "~/lib/operations/release.server";

const MAIN = process.cwd();
const SERVICE = path.join(MAIN, "tests/deploy/service-without-systemd.sh");

let work: string;
let root: string;
let source: string;
let port: number;
let seeded: Record<string, unknown>;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on("error", reject);
  });
}

/** Runs a command without blocking the event loop; its output, with its exit code. */
function run(command: string, args: string[], options: { cwd?: string; env?: Record<string, string> } = {}) {
  return new Promise<{ code: number | null; out: string; err: string }>((resolve) => {
    const child = spawn(command, args, { cwd: options.cwd ?? MAIN, env: options.env });
    let out = "";
    let err = "";
    child.stdout.on("data", (d: Buffer) => (out += d.toString()));
    child.stderr.on("data", (d: Buffer) => (err += d.toString()));
    child.on("close", (code) => resolve({ code, out, err }));
  });
}

const git = (...args: string[]) =>
  spawnSync("git", ["-c", "user.name=Essai", "-c", "user.email=essai@exemple.org", ...args], {
    cwd: source,
    encoding: "utf8",
    env: { ...process.env, TZ: "UTC" },
  });

/** The scripts' environment: the test root, the stand-in service, the reused build. */
function deployEnv(buildExtra = ""): Record<string, string> {
  return {
    PATH: process.env.PATH ?? "/usr/bin:/bin",
    HOME: work,
    LANG: "C.UTF-8",
    CLUB_TEST_ROOT: root,
    CLUB_SERVICE_COMMAND: SERVICE,
    CLUB_BUILD_COMMAND: `ln -s ${MAIN}/node_modules node_modules && cp -r ${MAIN}/build build${buildExtra}`,
    CLUB_LOG_COMMAND: `cat ${root}/var/log/club.log`,
    CLUB_HEALTH_TIMEOUT: "180",
  };
}

/** A club's data command (tests/deploy/club-data.ts), site stopped; its facts. */
async function clubData(mode: "seed" | "facts") {
  const result = await run(process.execPath, ["--import", "tsx", "tests/deploy/club-data.ts", mode], {
    env: {
      PATH: process.env.PATH ?? "/usr/bin:/bin",
      DATA_DIR: path.join(root, "var/lib/club"),
      NODE_ENV: "production",
      LOG_LEVEL: "error",
    },
  });
  expect(result.err).toBe("");
  expect(result.code).toBe(0);
  return JSON.parse(result.out.trim().split("\n").at(-1)!) as Record<string, unknown>;
}

/** Commits a release adding one migration (SQL statements) to the clone; its id. */
function commitRelease(tag: string, statements: string[]): string {
  const folder = path.join(source, "db/migrations");
  const journalFile = path.join(folder, "meta/_journal.json");
  const journal = JSON.parse(readFileSync(journalFile, "utf8")) as {
    entries: Array<{ idx: number; version: string; when: number; tag: string; breakpoints: boolean }>;
  };
  const last = journal.entries.at(-1)!;
  journal.entries.push({ idx: last.idx + 1, version: last.version, when: last.when + 1000, tag, breakpoints: true });
  writeFileSync(journalFile, JSON.stringify(journal, null, 2));
  writeFileSync(path.join(folder, `${tag}.sql`), statements.join("\n--> statement-breakpoint\n"));
  expect(git("add", "db/migrations").status).toBe(0);
  expect(git("commit", "-q", "-m", `Essai : ${tag}`).status).toBe(0);
  const stamp = git("log", "-1", "--format=%cd", "--date=format-local:%Y%m%d-%H%M%S").stdout.trim();
  return `${stamp}-${git("rev-parse", "--short=12", "HEAD").stdout.trim()}`;
}

const current = () => readlinkSync(path.join(root, "opt/club/current"));
const upgrade = (env: Record<string, string>) =>
  run("bash", [path.join(source, "deploy/upgrade"), "--root", root], { cwd: source, env: { ...env, TZ: "UTC" } });
const photo = (facts: Record<string, unknown>) => `/media/${(facts.media as string[])[0]}/64.webp`;
const status = () =>
  deploymentStatus({ release: path.join(root, "opt/club/current"), data: path.join(root, "var/lib/club") });

async function siteAnswers(pathname: string): Promise<number> {
  const res = await fetch(`http://127.0.0.1:${port}${pathname}`);
  await res.arrayBuffer();
  return res.status;
}

beforeAll(async () => {
  if (!existsSync(path.join(MAIN, "build/server.js"))) {
    const build = await run("npm", ["run", "build"], { env: process.env as Record<string, string> });
    expect(build.code, build.err).toBe(0);
  }
  work = mkdtempSync(path.join(os.tmpdir(), "club-upgrade-"));
  root = path.join(work, "root");
  source = path.join(work, "source");
  expect(spawnSync("git", ["clone", "-q", "--shared", MAIN, source]).status).toBe(0);
  port = await freePort();
  mkdirSync(path.join(root, "etc/club"), { recursive: true });
  writeFileSync(path.join(root, "etc/club/club.env"), `PORT=${port}\n`, { mode: 0o600 });
  seeded = await clubData("seed");
}, 300_000);

afterAll(async () => {
  if (!work) return;
  await run(SERVICE, ["stop"], { env: deployEnv() });
  rmSync(work, { recursive: true, force: true });
});

describe("deploy/install then deploy/upgrade on a copy of a club's data", () => {
  let previous: string;
  let next: string;

  it("installs the previous release on the data, starts it and prints the setup address", async () => {
    const result = await run(
      "bash",
      [path.join(source, "deploy/install"), "localhost", "admin@exemple.org", "--root", root],
      {
        cwd: source,
        env: deployEnv(),
      },
    );
    expect(result.err).not.toContain("Erreur");
    expect(result.code).toBe(0);
    expect(result.out).toMatch(/https:\/\/localhost\/installation\?jeton=[\w-]{20,}/);
    previous = current().replace("releases/", "");
    expect(status().release?.id).toBe(previous);
    expect(status().lastUpgrade).toMatchObject({ kind: "installation", outcome: "reussie", to: previous });
    expect(await siteAnswers(photo(seeded))).toBe(200);
  }, 300_000);

  it("upgrades to a release with a new migration: verified backup, migration, switch, site answering", async () => {
    next = commitRelease("9001_upgrade-probe", ['CREATE TABLE "upgrade_probe" ("id" serial PRIMARY KEY, "note" text)']);
    const result = await upgrade(deployEnv());
    expect(result.code, result.out + result.err).toBe(0);
    expect(result.err).toContain("Restauration d'essai : vérifiée.");
    expect(result.err).toContain("1 migration appliquée.");
    expect(result.out).toContain(`Mise à jour réussie\u00a0: le site tourne avec la version ${next}`);
    expect(current()).toBe(`releases/${next}`);
    const backup = status().lastUpgrade?.backup ?? "";
    expect(status().lastUpgrade).toMatchObject({ kind: "mise-a-jour", outcome: "reussie", from: previous, to: next });
    expect(backup).toMatch(/sauvegardes\/sauvegarde-\d{8}-\d{6}\.sauvegarde$/);
    expect(JSON.parse(readFileSync(`${backup}.json`, "utf8")).verification.ok).toBe(true);
    expect(await siteAnswers("/healthz")).toBe(200);
    expect(await siteAnswers(photo(seeded))).toBe(200);
  }, 300_000);

  it("rolls back to the previous release, data restored, when the new one wrecks the data and fails its check", async () => {
    const broken = commitRelease("9002_wrecks-everything", [
      `UPDATE "users" SET "name" = 'effacé'`,
      'DELETE FROM "registration_lines"',
      'DELETE FROM "registrations"',
      'DROP TABLE "upgrade_probe"',
    ]);
    const failingServer = ` && printf '%s\\n' 'console.error("panne au démarrage"); process.exit(1);' > build/server.js`;
    const result = await upgrade(deployEnv(failingServer));
    expect(result.code, result.out + result.err).toBe(1);
    expect(result.err).toContain("1 migration appliquée.");
    expect(result.out).toContain(`La mise à jour vers la version ${broken} a échoué`);
    expect(result.out).toContain("restauration de la sauvegarde");
    expect(result.out).toContain(`Le site fonctionne de nouveau avec la version ${next}`);
    const backup = /Sauvegarde faite avant la tentative\u00a0: (\S+)/.exec(result.out)?.[1] ?? "";
    expect(existsSync(backup)).toBe(true);
    expect(current()).toBe(`releases/${next}`);
    expect(status().lastUpgrade).toMatchObject({ outcome: "annulee", from: next, to: broken, backup });
    expect(await siteAnswers("/healthz")).toBe(200);
    expect(await siteAnswers(photo(seeded))).toBe(200);

    // Site stopped: the data is the club's, as it was; the wrecked copy was kept aside.
    await run(SERVICE, ["stop"], { env: deployEnv() });
    expect(await clubData("facts")).toEqual({ ...seeded, probe: 0 });
    expect(readdirSync(path.join(root, "var/lib/club")).some((f) => f.startsWith("avant-restauration-"))).toBe(true);
  }, 400_000);
});

/**
 * deploy/install in a throwaway root with --dry-run: the files it writes (the
 * hardened unit, the settings with their secrets, the DKIM key, the Caddyfile,
 * the release and its link), that a second run changes none of them, that
 * the unit passes systemd's own checks, and that nothing of the system is run
 * (every command printed « [essai] … »).
 *
 * systemd-analyze comes from Debian's `systemd` package (scripts/test.sh
 * installs it when missing); `verify` and `security --offline` read the unit
 * file alone, without systemd running.
 */
import { spawnSync } from "node:child_process";
import { createHash, createPrivateKey } from "node:crypto";
import { lstatSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const MAIN = process.cwd();
const DOMAIN = "club.exemple.org";
const ADMIN = "presidence@exemple.org";

function run(script: "install" | "upgrade", args: string[], extra: Record<string, string> = {}) {
  const result = spawnSync("bash", [path.join(MAIN, "deploy", script), ...args], {
    cwd: MAIN,
    encoding: "utf8",
    env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: os.tmpdir(), LANG: "C.UTF-8", ...extra },
  });
  return { code: result.status, out: result.stdout, err: result.stderr };
}

const roots: string[] = [];
const freshRoot = () => {
  roots.push(mkdtempSync(path.join(os.tmpdir(), "club-install-")));
  return roots.at(-1)!;
};
afterAll(() => roots.forEach((root) => rmSync(root, { recursive: true, force: true })));
const install = (root: string, ...more: string[]) =>
  run("install", [DOMAIN, ADMIN, "--root", root, "--dry-run", ...more]);

/** Every path under root with its kind, mode, link target and content hash. */
function tree(root: string): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const full = path.join(dir, name);
      const st = lstatSync(full);
      const rel = path.relative(root, full);
      const mode = (st.mode & 0o7777).toString(8);
      if (st.isSymbolicLink()) out.push(`${rel} -> ${readlinkSync(full)}`);
      else if (st.isDirectory()) {
        out.push(`${rel}/ ${mode}`);
        walk(full);
      } else out.push(`${rel} ${mode} ${createHash("sha256").update(readFileSync(full)).digest("hex")}`);
    }
  };
  walk(root);
  return out;
}

const settings = (root: string) =>
  Object.fromEntries(
    readFileSync(path.join(root, "etc/club/club.env"), "utf8")
      .split("\n")
      .filter((l) => /^[A-Z_]+=/.test(l))
      .map((l) => [l.slice(0, l.indexOf("=")), l.slice(l.indexOf("=") + 1)]),
  );

const modeOf = (file: string) => (lstatSync(file).mode & 0o777).toString(8);

describe("deploy/install --dry-run in a throwaway root", () => {
  let root: string;
  let first: ReturnType<typeof run>;

  beforeAll(() => {
    root = freshRoot();
    first = install(root);
  });

  it("writes the settings file with generated secrets, readable by root only", () => {
    expect(first.err).not.toContain("Erreur");
    expect(first.code).toBe(0);
    const file = path.join(root, "etc/club/club.env");
    expect(modeOf(file)).toBe("600");
    const env = settings(root);
    expect(env).toMatchObject({
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: "3000",
      BASE_URL: `https://${DOMAIN}`,
      TRUST_PROXY: "loopback",
      DATA_DIR: "/var/lib/club",
      DKIM_PRIVATE_KEY_FILE: "/etc/club/dkim.pem",
      DKIM_SELECTOR: "club",
      MAIL_FROM: `"Vovinam Viet Vo Dao <ne-pas-repondre@${DOMAIN}>"`,
    });
    expect(env.BETTER_AUTH_SECRET).toMatch(/^[A-Za-z0-9]{48}$/);
    expect(env.BACKUP_PASSPHRASE).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(env.DATABASE_URL).toBeUndefined();
    // Secrets are never printed.
    expect(first.out).not.toContain(env.BETTER_AUTH_SECRET);
    expect(first.out).not.toContain(env.BACKUP_PASSPHRASE);
  });

  it("generates a 2048-bit RSA DKIM key readable by root and the site's group only", () => {
    const file = path.join(root, "etc/club/dkim.pem");
    expect(modeOf(file)).toBe("640");
    const key = createPrivateKey(readFileSync(file));
    expect(key.asymmetricKeyType).toBe("rsa");
    expect(key.asymmetricKeyDetails?.modulusLength).toBe(2048);
    expect(first.out).toContain("[essai] chown root:club /etc/club/dkim.pem");
  });

  it("copies the checkout's commit into a release and links /opt/club/current to it", () => {
    const link = path.join(root, "opt/club/current");
    const target = readlinkSync(link);
    expect(target).toMatch(/^releases\/\d{8}-\d{6}-[0-9a-f]{12}$/);
    const release = JSON.parse(readFileSync(path.join(link, "release.json"), "utf8"));
    // The checkout's HEAD when the install ran (another commit may have come since).
    expect(release.id.endsWith(`-${release.commit.slice(0, 12)}`)).toBe(true);
    expect(spawnSync("git", ["merge-base", "--is-ancestor", release.commit, "HEAD"], { cwd: MAIN }).status).toBe(0);
    expect(target).toBe(`releases/${release.id}`);
    expect(readFileSync(path.join(link, "package.json"), "utf8")).toContain('"build"');
    expect(first.out).toContain("[essai] npm ci --no-audit --no-fund");
    expect(first.out).toContain("[essai] npm run build");
  });

  it("writes a hardened unit running the current release as the club user", () => {
    const unit = readFileSync(path.join(root, "etc/systemd/system/club.service"), "utf8");
    for (const line of [
      "User=club",
      "WorkingDirectory=/opt/club/current",
      "EnvironmentFile=/etc/club/club.env",
      "Restart=on-failure",
      "ProtectSystem=strict",
      "ReadWritePaths=/var/lib/club",
      "NoNewPrivileges=yes",
      "PrivateTmp=yes",
      "MemoryMax=640M",
      "CapabilityBoundingSet=\n",
    ])
      expect(unit).toContain(line);
    expect(unit).toMatch(/^ExecStart=\/\S+\/node --max-old-space-size=256 build\/server\.js$/m);
    expect(unit).not.toMatch(/^[^#]*\{\{/m);
  });

  it("renders the Caddyfile for the domain, proxying to the site's port", () => {
    const caddyfile = readFileSync(path.join(root, "etc/caddy/Caddyfile"), "utf8");
    expect(caddyfile).toContain(`${DOMAIN} {`);
    expect(caddyfile).toContain(`email ${ADMIN}`);
    expect(caddyfile).toContain("reverse_proxy 127.0.0.1:3000");
    expect(caddyfile).not.toMatch(/^[^#]*\{\{/m);
    expect(caddyfile).not.toMatch(/^\s*encode\b/m);
  });

  it("runs no system command, printing each one instead", () => {
    for (const command of [
      "[essai] apt-get install -y --no-install-recommends caddy",
      "[essai] useradd --system --user-group --home-dir /var/lib/club",
      "[essai] systemctl daemon-reload",
      "[essai] systemctl enable club",
      "[essai] systemctl start club",
      "[essai] systemctl reload-or-restart caddy",
    ])
      expect(first.out).toContain(command);
  });

  it("changes nothing when run a second time", () => {
    const before = tree(root);
    const second = install(root);
    expect(second.code).toBe(0);
    expect(tree(root)).toEqual(before);
    expect(second.out).toContain("inchangé\u00a0: /etc/club/club.env");
    expect(second.out).toContain("inchangé\u00a0: /etc/systemd/system/club.service");
    expect(second.out).toContain("inchangé\u00a0: /etc/caddy/Caddyfile");
    expect(second.out).toContain("le site est déjà installé");
    expect(second.out).not.toContain("écrit\u00a0:");
  });

  it("has a unit that systemd-analyze verifies without a warning, with a low exposure", () => {
    const analyze = spawnSync("which", ["systemd-analyze"], { encoding: "utf8" });
    expect(analyze.status, "systemd-analyze manque : apt-get install systemd (scripts/test.sh le fait)").toBe(0);
    const unit = path.join(root, "etc/systemd/system/club.service");
    const env = { ...process.env, SYSTEMD_LOG_TARGET: "console", SYSTEMD_LOG_LEVEL: "notice" };
    const verify = spawnSync("systemd-analyze", ["verify", "--man=no", unit], { encoding: "utf8", env });
    expect(verify.stderr).toBe("");
    expect(verify.status).toBe(0);
    // Exposure on systemd's 0-10 scale, times 10: at most 2.0 (« OK »).
    const security = spawnSync(
      "systemd-analyze",
      ["security", "--offline=true", "--threshold=20", "--no-pager", unit],
      { encoding: "utf8", env },
    );
    expect(security.stdout).toMatch(/Overall exposure level for club\.service: [01]\.\d OK/);
    expect(security.status).toBe(0);
  });

  it("says the site is already at this version when deploy/upgrade finds nothing new", () => {
    const upgrade = run("upgrade", ["--root", root, "--dry-run"]);
    expect(upgrade.code).toBe(0);
    expect(upgrade.out).toContain("Le site est déjà à la version");
  });
});

describe("deploy/install's options and the volunteer's own settings", () => {
  it("with --postgres, puts a local DATABASE_URL whose password stays on a second run", () => {
    const root = freshRoot();
    const first = install(root, "--postgres");
    expect(first.code).toBe(0);
    expect(first.out).toContain("postgresql");
    const url = settings(root).DATABASE_URL;
    expect(url).toMatch(/^postgres:\/\/club:[A-Za-z0-9]{32}@127\.0\.0\.1:5432\/club$/);
    expect(install(root, "--postgres").code).toBe(0);
    expect(settings(root).DATABASE_URL).toBe(url);
  });

  it("uses the DKIM key it is given, and keeps the settings the volunteer changed", () => {
    const root = freshRoot();
    const given = path.join(root, "cle-fournie.pem");
    spawnSync("openssl", ["genpkey", "-algorithm", "RSA", "-pkeyopt", "rsa_keygen_bits:2048", "-out", given]);
    const etc = path.join(root, "etc/club");
    spawnSync("mkdir", ["-p", etc]);
    writeFileSync(
      path.join(etc, "club.env"),
      'PORT=3100\nBASE_URL=https://ancien.exemple.org\nSMTP_URL=smtp://relais.exemple.org:587\nMAIL_FROM="Le club <bonjour@exemple.org>"\n',
      { mode: 0o600 },
    );
    const result = install(root, "--dkim-key", given);
    expect(result.code).toBe(0);
    const installed = createPrivateKey(readFileSync(path.join(etc, "dkim.pem")));
    expect(installed.export({ format: "jwk" }).n).toBe(
      createPrivateKey(readFileSync(given)).export({ format: "jwk" }).n,
    );
    expect(settings(root)).toMatchObject({
      PORT: "3100",
      BASE_URL: `https://${DOMAIN}`,
      SMTP_URL: "smtp://relais.exemple.org:587",
      MAIL_FROM: '"Le club <bonjour@exemple.org>"',
    });
    expect(readFileSync(path.join(root, "etc/caddy/Caddyfile"), "utf8")).toContain("reverse_proxy 127.0.0.1:3100");
  });

  it("refuses wrong arguments with a French message and the way to the help", () => {
    const root = freshRoot();
    const none = run("install", ["--root", root, "--dry-run"]);
    expect(none.code).toBe(64);
    expect(none.err).toContain("Donnez le domaine du site et l'e-mail de l'administrateur");
    const url = run("install", ["https://club.exemple.org/", ADMIN, "--root", root, "--dry-run"]);
    expect(url.code).toBe(64);
    expect(url.err).toContain("n'est pas un nom de domaine");
    const dryAlone = run("install", [DOMAIN, ADMIN, "--dry-run"]);
    expect(dryAlone.code).toBe(64);
    expect(dryAlone.err).toContain("--dry-run s'utilise avec --root DOSSIER");
    const help = run("install", ["--help"]);
    expect(help.code).toBe(0);
    expect(help.out).toContain("Relancer le script ne change rien");
    expect(readdirSync(root)).toEqual([]);
  });
});

/**
 * The command itself: French report, exit codes, nothing written on refusal
 * (run as a volunteer would, with its own embedded database folder).
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";

const dir = mkdtempSync(path.join(os.tmpdir(), "import-cli-"));
function run(...args: string[]) {
  const res = spawnSync(process.execPath, ["--import", "tsx", "scripts/import-firebase.ts", ...args], {
    encoding: "utf8",
    env: {
      ...process.env,
      BASE_URL: "http://localhost:3000",
      DATA_DIR: path.join(dir, "data"),
      DATABASE_URL: "",
      LOG_LEVEL: "error",
      NODE_ENV: "production",
    },
    timeout: 120_000,
  });
  return { code: res.status, out: `${res.stdout}${res.stderr}` };
}

// The command opens its own embedded database: run it once (not again in the PostgreSQL project).
describe.skipIf(process.env.TEST_DB_DRIVER === "postgres")("npm run import:firebase", () => {
  it("refuses a malformed file with a French message and exit code 1, then imports a good one (dry run first)", () => {
    const broken = path.join(dir, "broken.json");
    writeFileSync(broken, "{ pas du json");
    const refused = run("--auth", broken);
    expect(refused.code).toBe(1);
    expect(refused.out).toContain("Import refusé : rien n'a été écrit.");
    expect(refused.out).toContain("broken.json n'est pas un fichier JSON valide");

    const auth = path.join(dir, "users.json");
    writeFileSync(
      auth,
      JSON.stringify({
        users: [
          { localId: "g1", email: "kim@exemple.fr", providerUserInfo: [{ providerId: "google.com", rawId: "sub-1" }] },
        ],
      }),
    );
    const dry = run("--auth", auth, "--dry-run");
    expect(dry.code).toBe(0);
    expect(dry.out).toContain("Simulation (--dry-run) : rien n'a été écrit.");
    expect(dry.out).toContain("Comptes à créer : 1");

    const done = run("--auth", auth);
    expect(done.code).toBe(0);
    expect(done.out).toContain("Comptes créés : 1");
    const again = run("--auth", auth);
    expect(again.out).toContain("Comptes déjà présents, inchangés : 1");
  }, 240_000);

  it("explains its usage with exit code 2", () => {
    const res = run("--inconnu");
    expect(res.code).toBe(2);
    expect(res.out).toContain("Argument inconnu : --inconnu");
  }, 60_000);
});

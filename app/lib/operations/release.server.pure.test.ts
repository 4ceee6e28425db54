/**
 * What the operations page says of the running version and the last upgrade,
 * from the files the install and upgrade scripts write: the release's
 * release.json and the last line of the data folder's upgrade log.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { deploymentStatus, UPGRADE_LOG } from "./release.server";

function folders() {
  const root = mkdtempSync(path.join(os.tmpdir(), "release-status-"));
  return { release: root, data: root };
}

const event = (fields: Record<string, string>) =>
  JSON.stringify({
    at: "2026-11-24T02:10:00Z",
    kind: "mise-a-jour",
    outcome: "reussie",
    from: "20261101-101010-aaaaaaaaaaaa",
    to: "20261120-090000-bbbbbbbbbbbb",
    message: "Version 20261120-090000-bbbbbbbbbbbb en service.",
    backup: "/var/lib/club/sauvegardes/sauvegarde-20261124-021000.sauvegarde",
    ...fields,
  });

describe("deploymentStatus", () => {
  it("says nothing is known for a site started outside the install scripts", () => {
    expect(deploymentStatus(folders())).toEqual({ release: null, lastUpgrade: null });
  });

  it("reads the running release and the last line of the upgrade log", () => {
    const dirs = folders();
    writeFileSync(
      path.join(dirs.release, "release.json"),
      JSON.stringify({ id: "20261120-090000-bbbbbbbbbbbb", commit: "b".repeat(40), date: "2026-11-20T09:00:00Z" }),
    );
    writeFileSync(
      path.join(dirs.data, UPGRADE_LOG),
      [
        event({ kind: "installation", from: "", to: "20261101-101010-aaaaaaaaaaaa", backup: "" }),
        event({
          outcome: "annulee",
          message: "le site ne répond pas. Retour à la version 20261101-101010-aaaaaaaaaaaa.",
        }),
        "",
      ].join("\n"),
    );
    const status = deploymentStatus(dirs);
    expect(status.release).toEqual({
      id: "20261120-090000-bbbbbbbbbbbb",
      commit: "b".repeat(40),
      date: "2026-11-20T09:00:00Z",
    });
    expect(status.lastUpgrade).toMatchObject({
      kind: "mise-a-jour",
      outcome: "annulee",
      backup: "/var/lib/club/sauvegardes/sauvegarde-20261124-021000.sauvegarde",
    });
  });

  it("ignores a malformed release file or log line instead of failing the page", () => {
    const dirs = folders();
    writeFileSync(path.join(dirs.release, "release.json"), "{ pas du JSON");
    writeFileSync(path.join(dirs.data, UPGRADE_LOG), event({ outcome: "inconnue" }) + "\n");
    expect(deploymentStatus(dirs)).toEqual({ release: null, lastUpgrade: null });
  });
});

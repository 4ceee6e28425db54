/**
 * The version the site runs and its last installation or upgrade, for the
 * operations page, read from the files deploy/install and deploy/upgrade
 * write (no database: they run while the site is stopped, and must record a
 * failure even when the database is the problem):
 *  - `release.json` in the server's working directory, the release
 *    /opt/club/current pointed at when it started: its id, commit and date;
 *  - the last line of DATA_DIR/mises-a-jour.jsonl: when, from which version to
 *    which, the outcome, the French message and the backup taken before.
 *
 * Rules: read-only; a missing, unreadable or malformed file is null (a site
 * started from a checkout, `npm start`, has neither), never an error.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { env } from "../core/env.server";

/** The upgrade log's name in the data folder (deploy/lib/common.sh writes it). */
export const UPGRADE_LOG = "mises-a-jour.jsonl";

const releaseSchema = z.object({ id: z.string().min(1), commit: z.string().min(7), date: z.string() });

const eventSchema = z.object({
  at: z.string(),
  kind: z.enum(["installation", "mise-a-jour"]),
  /** reussie; annulee: rolled back, the previous version runs; echec: stopped before touching the site; panne: the way back failed. */
  outcome: z.enum(["reussie", "annulee", "echec", "panne"]),
  from: z.string(),
  to: z.string(),
  message: z.string(),
  backup: z.string(),
});

export type RunningRelease = z.infer<typeof releaseSchema>;
export type UpgradeEvent = z.infer<typeof eventSchema>;

export interface DeploymentStatus {
  release: RunningRelease | null;
  lastUpgrade: UpgradeEvent | null;
}

function readText(file: string): string | null {
  try {
    return readFileSync(file, "utf8");
  } catch {
    return null;
  }
}

function parsed<T>(schema: z.ZodType<T>, text: string | null | undefined): T | null {
  if (!text) return null;
  try {
    const result = schema.safeParse(JSON.parse(text));
    return result.success ? result.data : null;
  } catch {
    return null;
  }
}

export function deploymentStatus(
  dirs: { release: string; data: string } = { release: process.cwd(), data: env().DATA_DIR },
): DeploymentStatus {
  const lines = (readText(path.join(dirs.data, UPGRADE_LOG)) ?? "").split("\n").filter((l) => l.trim());
  return {
    release: parsed(releaseSchema, readText(path.join(dirs.release, "release.json"))),
    lastUpgrade: parsed(eventSchema, lines.at(-1)),
  };
}

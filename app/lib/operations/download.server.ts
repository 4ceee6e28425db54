/**
 * Downloading a backup: the archive is as sensitive as the server, so only an
 * administrator may download it, after re-entering their password, and each
 * download is written to the audit log.
 *
 * Two steps, so that the form works without JavaScript and its errors sit next
 * to the field: the password is checked by the page's action, which issues a
 * one-time link valid 5 minutes (its SHA-256 kept in `verifications`, shared by
 * every process); the link's route streams the file once.
 */
import { createHash, randomBytes } from "node:crypto";
import { createReadStream, existsSync, statSync } from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { and, eq, gt } from "drizzle-orm";
import { APIError } from "better-auth/api";
import { href } from "react-router";
import { verifications } from "#db/schema";
import { getAuth } from "../accounts/auth.server";
import { DomainError } from "../core/errors";
import { audit } from "../core/audit.server";
import { db } from "../core/db.server";
import { backupDir, listBackups } from "./backup-folder.server";

const IDENTIFIER = "telechargement-sauvegarde";
const VALIDITY_MS = 5 * 60 * 1000;
const hash = (token: string) => createHash("sha256").update(token).digest("hex");

async function passwordMatches(request: Request, password: string): Promise<boolean> {
  const headers = new Headers();
  const cookie = request.headers.get("cookie");
  if (cookie) headers.set("cookie", cookie);
  try {
    await getAuth().api.verifyPassword({ body: { password }, headers });
    return true;
  } catch (err) {
    if (err instanceof APIError) return false;
    throw err;
  }
}

/** Checks the password and returns a one-time download path for `name`. */
export async function issueDownload(
  request: Request,
  user: { id: string },
  name: string,
  password: string,
  now = new Date(),
): Promise<string> {
  if (!listBackups().some((b) => b.name === name))
    throw new DomainError("Cette sauvegarde n'existe plus.", { status: 404 });
  if (!(await passwordMatches(request, password)))
    throw new DomainError("Mot de passe incorrect.", { field: "password" });
  const token = randomBytes(32).toString("base64url");
  await db.insert(verifications).values({
    id: randomBytes(16).toString("hex"),
    identifier: `${IDENTIFIER}:${user.id}:${name}`,
    value: hash(token),
    expiresAt: new Date(now.getTime() + VALIDITY_MS),
  });
  return `${href("/espace-membre/exploitation/telecharger")}?${new URLSearchParams({ nom: name, jeton: token })}`;
}

/** Streams the archive once for its one-time link; writes the audit entry. */
export async function downloadResponse(
  user: { id: string; prenom: string; nom: string },
  name: string,
  token: string,
  now = new Date(),
): Promise<Response> {
  const used = await db
    .delete(verifications)
    .where(
      and(
        eq(verifications.identifier, `${IDENTIFIER}:${user.id}:${name}`),
        eq(verifications.value, hash(token)),
        gt(verifications.expiresAt, now),
      ),
    )
    .returning({ id: verifications.id });
  const file = path.join(backupDir(), path.basename(name));
  if (!used.length || !existsSync(file))
    return new Response("Lien de téléchargement expiré ou déjà utilisé.", { status: 404 });
  await audit(user, "backup.download", `Sauvegarde téléchargée : ${name}`);
  return new Response(Readable.toWeb(createReadStream(file)) as ReadableStream, {
    headers: {
      "Content-Type": "application/octet-stream",
      "Content-Disposition": `attachment; filename="${path.basename(name)}"`,
      "Content-Length": String(statSync(file).size),
      "Cache-Control": "no-store",
    },
  });
}

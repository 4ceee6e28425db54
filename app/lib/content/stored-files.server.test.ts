/**
 * Uploaded files kept in PostgreSQL, on the real database of the file: pieces of
 * 512 KiB written in one transaction and served one piece at a time; reads in
 * both places while files move; the move command's work (each copy read back
 * and compared, resumable after an interruption, both ways); and on the
 * embedded database the refusal, with its reason, and the data folder always.
 */
import { createHash, randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog, storedFileChunks, storedFiles } from "#db/schema";
import { db } from "../core/db.server";
import { env } from "../core/env.server";
import { DomainError } from "../core/errors";
import { getSetting, setSetting } from "../club/settings.server";
import { chooseUploadsPlace, moveUploads, uploadsPlaceStatus } from "../operations/uploads-place.server";
import { EMBEDDED_REFUSAL } from "../operations/uploads-place";
import { storage, storagePlaces, uploadsPlace } from "./storage.server";
import { PIECE_BYTES } from "./stored-files.server";

const onPostgres = process.env.TEST_DB_DRIVER === "postgres";
const sha = (b: Uint8Array) => createHash("sha256").update(b).digest("hex");
const folder = () => path.join(env().DATA_DIR, "uploads");
const command = { process: "Ligne de commande (npm run fichiers -- vers-postgres)" };

/** Writes a file straight into the data folder, as an upload of an earlier version did. */
function inFolder(key: string, bytes: Uint8Array) {
  const file = path.join(folder(), key);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, bytes);
}

async function streamed(body: ReadableStream<Uint8Array>): Promise<{ bytes: Buffer; largest: number }> {
  const parts: Uint8Array[] = [];
  const reader = body.getReader();
  for (let r = await reader.read(); !r.done; r = await reader.read()) parts.push(r.value);
  return { bytes: Buffer.concat(parts), largest: Math.max(0, ...parts.map((p) => p.length)) };
}

describe.runIf(onPostgres)("uploaded files kept in PostgreSQL", () => {
  it("keeps a file in pieces written together and serves it one piece at a time", async () => {
    const bytes = randomBytes(2 * PIECE_BYTES + 12_345);
    const place = storagePlaces().database;
    await place.put("pdf-pieces/document.pdf", bytes);
    const pieces = await db.select().from(storedFileChunks).where(eq(storedFileChunks.key, "pdf-pieces/document.pdf"));
    expect(pieces.map((p) => p.data.length).sort((a, b) => b - a)).toEqual([PIECE_BYTES, PIECE_BYTES, 12_345]);
    expect(await place.describe("pdf-pieces/document.pdf")).toEqual({ size: bytes.length, sha256: sha(bytes) });

    const opened = await place.open("pdf-pieces/document.pdf");
    expect(opened?.size).toBe(bytes.length);
    const { bytes: read, largest } = await streamed(opened!.body);
    expect(read.equals(bytes)).toBe(true);
    expect(largest).toBeLessThanOrEqual(PIECE_BYTES);
    expect((await place.get("pdf-pieces/document.pdf"))?.body.equals(bytes)).toBe(true);

    // Replaced whole, then gone with its pieces (and its neighbours under the same prefix).
    await place.put("pdf-pieces/document.pdf", Buffer.from("%PDF-1.7 court"));
    expect((await place.get("pdf-pieces/document.pdf"))?.body.toString()).toBe("%PDF-1.7 court");
    await place.put("pdf-pieces/autre.pdf", Buffer.from("%PDF-1.7 autre"));
    await place.put("pdf-piecesx/garde.pdf", Buffer.from("%PDF-1.7 garde"));
    await place.deletePrefix("pdf-pieces");
    expect(await place.keys()).toEqual(["pdf-piecesx/garde.pdf"]);
    expect(await db.select().from(storedFileChunks).where(eq(storedFileChunks.key, "pdf-pieces/document.pdf"))).toEqual(
      [],
    );
    await place.delete("pdf-piecesx/garde.pdf");
    expect(await place.open("pdf-piecesx/garde.pdf")).toBeNull();
  });

  it("writes where the setting says, reads in both places, and deletes in both", async () => {
    await chooseUploadsPlace("postgres", command);
    expect(await uploadsPlace()).toBe("postgres");
    await storage().put("img-choix/960.webp", Buffer.from("dans la base"));
    expect(existsSync(path.join(folder(), "img-choix/960.webp"))).toBe(false);
    expect(await storagePlaces().database.keys()).toContain("img-choix/960.webp");

    // A file of an earlier upload, still in the data folder, stays readable.
    inFolder("img-ancien/960.webp", Buffer.from("dans le dossier"));
    expect((await storage().get("img-ancien/960.webp"))?.body.toString()).toBe("dans le dossier");
    const { bytes } = await streamed((await storage().open("img-ancien/960.webp"))!.body);
    expect(bytes.toString()).toBe("dans le dossier");

    await storage().deletePrefix("img-ancien");
    await storage().delete("img-choix/960.webp");
    expect(await storage().get("img-ancien/960.webp")).toBeNull();
    expect(await storage().get("img-choix/960.webp")).toBeNull();
    const [entry] = await db.select().from(auditLog).where(eq(auditLog.action, "uploads.place"));
    expect(entry?.summary).toBe("Nouveaux fichiers envoyés gardés dans la base PostgreSQL.");
    await chooseUploadsPlace("dossier", command);
  });

  it("moves every file to PostgreSQL and back, each copy checked, and goes on after an interruption", async () => {
    const files = {
      "img-a/480.webp": randomBytes(40_000),
      "img-a/960.webp": randomBytes(PIECE_BYTES + 1),
      "pdf-b/document.pdf": randomBytes(3_000),
    };
    for (const [key, bytes] of Object.entries(files)) inFolder(key, bytes);
    // As after a move killed between a copy and the deletion of its source: the file is in both places.
    await storagePlaces().database.put("pdf-b/document.pdf", files["pdf-b/document.pdf"]);
    // A write in progress (a temporary file beside its final name) is not a file to move.
    inFolder("img-a/960.webp.0123456789ab.tmp", Buffer.from("à moitié"));

    const lines: string[] = [];
    const there = await moveUploads("postgres", command, (l) => lines.push(l));
    expect(there).toEqual({ moved: 3, alreadyCopied: 1, bytes: 40_000 + PIECE_BYTES + 1 + 3_000 });
    expect(lines[0]).toBe("3 fichiers à déplacer vers la base PostgreSQL.");
    expect(lines.at(-1)).toBe("3 sur 3 fichiers déplacés et vérifiés.");
    expect(await getSetting("uploadsStorage")).toBe("postgres");
    expect(existsSync(path.join(folder(), "img-a/480.webp"))).toBe(false);
    expect(existsSync(path.join(folder(), "pdf-b"))).toBe(false);
    for (const [key, bytes] of Object.entries(files))
      expect((await storagePlaces().database.describe(key))?.sha256).toBe(sha(bytes));

    // Run again: nothing left to move, nothing changed.
    expect(await moveUploads("postgres", command)).toEqual({ moved: 0, alreadyCopied: 0, bytes: 0 });
    const status = await uploadsPlaceStatus();
    expect(status).toMatchObject({ place: "postgres", postgresAvailable: true, postgres: { files: 3 } });

    const back = await moveUploads("dossier", command);
    expect(back.moved).toBe(3);
    for (const [key, bytes] of Object.entries(files))
      expect(sha(readFileSync(path.join(folder(), key)))).toBe(sha(bytes));
    expect(await db.select().from(storedFiles)).toEqual([]);
    const [last] = await db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "uploads.move"))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(last?.summary).toBe("3 fichiers déplacés vers le dossier de données.");
  });
});

describe.skipIf(onPostgres)("uploaded files on the embedded database", () => {
  it("refuses PostgreSQL with the reason, and keeps files in the data folder whatever the setting says", async () => {
    const refused = await chooseUploadsPlace("postgres", command).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(DomainError);
    expect(refused).toMatchObject({ message: EMBEDDED_REFUSAL, field: "place" });
    await expect(moveUploads("postgres", command)).rejects.toThrow(EMBEDDED_REFUSAL);
    // A setting restored from a PostgreSQL site changes nothing here.
    await setSetting("uploadsStorage", "postgres");
    expect(await uploadsPlace()).toBe("dossier");
    await storage().put("img-embarquee/960.webp", Buffer.from("ici"));
    expect(readFileSync(path.join(folder(), "img-embarquee/960.webp"), "utf8")).toBe("ici");
    expect((await uploadsPlaceStatus()).place).toBe("dossier");
    await setSetting("uploadsStorage", "dossier");
  });
});

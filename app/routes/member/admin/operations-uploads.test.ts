/**
 * The operations page's « Fichiers envoyés » card, through the request harness:
 * on PostgreSQL an administrator chooses where new files go (audited, the
 * page then names the command that moves the files left in the other place);
 * on the embedded database the choice of PostgreSQL is refused next to the
 * field with the reason, and nothing changes; an invalid place is refused.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog } from "#db/schema";
import { app } from "../../../../tests/helpers/app";
import { createUser } from "../../../../tests/helpers/auth";
import { getSetting } from "~/lib/club/settings.server";
import { db } from "~/lib/core/db.server";
import { env } from "~/lib/core/env.server";
import { firstErrors } from "~/lib/http/forms";
import { EMBEDDED_REFUSAL } from "~/lib/operations/uploads-place";
import type { UploadsPlaceStatus } from "~/lib/operations/uploads-place.server";

const PAGE = "/espace-membre/exploitation";
const onPostgres = process.env.TEST_DB_DRIVER === "postgres";

describe("where uploaded files are kept, on the operations page", () => {
  it.runIf(onPostgres)(
    "lets an administrator keep new files in PostgreSQL, audited, and names the command for the rest",
    async () => {
      const admin = await createUser({ roles: ["admin"] });
      const earlier = path.join(env().DATA_DIR, "uploads", "img-avant", "960.webp");
      mkdirSync(path.dirname(earlier), { recursive: true });
      writeFileSync(earlier, "une image envoyée avant");

      const saved = await app.post(PAGE, { intent: "fichiers", place: "postgres" }, { as: admin });
      expect(saved.status).toBe(200);
      expect((saved.data as { notice: { text: string } }).notice.text).toBe(
        "Les nouveaux fichiers sont gardés dans la base PostgreSQL, lue par toutes les machines du site.",
      );
      expect(await getSetting("uploadsStorage")).toBe("postgres");
      const [entry] = await db.select().from(auditLog).where(eq(auditLog.action, "uploads.place"));
      expect(entry).toMatchObject({
        actorId: admin.user.id,
        summary: "Nouveaux fichiers envoyés gardés dans la base PostgreSQL.",
      });

      const page = await app.get<{ uploads: UploadsPlaceStatus }>(PAGE, { as: admin });
      expect(page.data.uploads).toMatchObject({ place: "postgres", postgresAvailable: true, folder: { files: 1 } });
      const html = await (await app.fetch(PAGE, { as: admin })).text();
      expect(html).toContain("1 fichier est encore dans le dossier de données\u00a0: il reste lisible.");
      expect(html).toContain("npm run fichiers -- vers-postgres");
    },
  );

  it.skipIf(onPostgres)("refuses PostgreSQL on the embedded database, with the reason next to the field", async () => {
    const admin = await createUser({ roles: ["admin"] });
    const refused = await app.post(PAGE, { intent: "fichiers", place: "postgres" }, { as: admin });
    expect(refused.status).toBe(400);
    expect(firstErrors((refused.data as { result: never }).result)).toEqual({ place: EMBEDDED_REFUSAL });
    expect(await getSetting("uploadsStorage")).toBe("dossier");
    const html = await (await app.fetch(PAGE, { as: admin })).text();
    expect(html).toContain("Fichiers envoyés");
    expect(html).not.toContain('name="place"');
  });

  it("refuses a place that is not one", async () => {
    const admin = await createUser({ roles: ["admin"] });
    const bad = await app.post(PAGE, { intent: "fichiers", place: "ailleurs" }, { as: admin });
    expect(bad.status).toBe(400);
    expect(firstErrors((bad.data as { result: never }).result)).toEqual({
      place: "Choisissez où garder les nouveaux fichiers.",
    });
  });
});

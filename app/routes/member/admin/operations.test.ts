/**
 * Operations page actions, through the request harness: a failed e-mail goes
 * back to the queue; a download needs the administrator's password (refused
 * next to the field otherwise); an unknown message or action is refused.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { outbox } from "#db/schema";
import { app } from "../../../../tests/helpers/app";
import { createUser } from "../../../../tests/helpers/auth";
import { db } from "~/lib/core/db.server";
import { firstErrors } from "~/lib/http/forms";
import { createBackup } from "~/lib/operations/backup.server";

const PAGE = "/espace-membre/exploitation";

describe("operations page actions", () => {
  it("a failed message is put back in the queue", async () => {
    const admin = await createUser({ roles: ["admin"] });
    const [row] = await db
      .insert(outbox)
      .values({
        to: "x@exemple.fr",
        subject: "Échec",
        text: "…",
        status: "failed",
        attempts: 8,
        lastError: "550 boîte inconnue",
      })
      .returning({ id: outbox.id });
    const res = await app.post(PAGE, { intent: "renvoyer", id: String(row!.id) }, { as: admin });
    expect((res.data as { notice: { text: string } }).notice.text).toBe("Le message a été remis dans la file d'envoi.");
    const [after] = await db.select().from(outbox).where(eq(outbox.id, row!.id));
    expect(after?.attempts).toBe(0);
    expect(after?.status === "pending" || after?.status === "failed" || after?.status === "sent").toBe(true);
  });

  it("refuses a message id that is not one, and an unknown action", async () => {
    const admin = await createUser({ roles: ["admin"] });
    const bad = await app.post(PAGE, { intent: "renvoyer", id: "1e3" }, { as: admin });
    expect(bad.status).toBe(400);
    expect(firstErrors((bad.data as { result: never }).result)).toEqual({ id: "Message inconnu." });
    expect((await app.post(PAGE, { intent: "formater-le-disque" }, { as: admin })).status).toBe(400);
  });

  it("a download needs the right password and gives a one-time link", async () => {
    const admin = await createUser({ roles: ["admin"] });
    const backup = await createBackup({ reason: "page" });
    const wrong = await app.post(
      PAGE,
      { intent: "telecharger", name: backup.name, password: "mauvais" },
      { as: admin },
    );
    expect(wrong.data).toMatchObject({ intent: "telecharger", key: backup.name });
    expect(firstErrors((wrong.data as { result: never }).result).password).toBe("Mot de passe incorrect.");
    const right = await app.post(
      PAGE,
      { intent: "telecharger", name: backup.name, password: admin.password },
      { as: admin },
    );
    expect((right.data as { download: { link: string } }).download.link).toMatch(
      /^\/espace-membre\/exploitation\/telecharger\?nom=sauvegarde-.+&jeton=/,
    );
  });
});

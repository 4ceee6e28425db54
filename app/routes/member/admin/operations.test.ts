/**
 * Operations page actions: a failed e-mail goes back to the queue; a download
 * needs the administrator's password (refused next to the field otherwise).
 */
import { eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { outbox } from "#db/schema";
import { createUser } from "../../../../tests/helpers/auth";
import { userContext } from "~/lib/accounts/auth-context";
import { db } from "~/lib/core/db.server";
import { firstErrors } from "~/lib/http/forms";
import { createBackup } from "~/lib/operations/backup.server";
import { action } from "./operations";

async function post(fields: Record<string, string>, cookie: string, user: Parameters<RouterContextProvider["set"]>[1]) {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.set(k, v);
  const request = new Request("http://localhost:3000/espace-membre/exploitation", { method: "POST", body, headers: { cookie, origin: "http://localhost:3000" } });
  const context = new RouterContextProvider();
  context.set(userContext, user as never);
  return (await action({ request, context, params: {} } as never)) as unknown;
}

describe("operations page actions", () => {
  it("a failed message is put back in the queue", async () => {
    const admin = await createUser({ roles: ["admin"] });
    const [row] = await db
      .insert(outbox)
      .values({ to: "x@exemple.fr", subject: "Échec", text: "…", status: "failed", attempts: 8, lastError: "550 boîte inconnue" })
      .returning({ id: outbox.id });
    const result = (await post({ intent: "renvoyer", id: String(row!.id) }, admin.cookie, admin.user)) as { notice: { text: string } };
    expect(result.notice.text).toBe("Le message a été remis dans la file d'envoi.");
    const [after] = await db.select().from(outbox).where(eq(outbox.id, row!.id));
    expect(after?.attempts).toBe(0);
    expect(after?.status === "pending" || after?.status === "failed" || after?.status === "sent").toBe(true);
  });

  it("a download needs the right password and gives a one-time link", async () => {
    const admin = await createUser({ roles: ["admin"] });
    const backup = await createBackup({ reason: "page" });
    const wrong = (await post({ intent: "telecharger", name: backup.name, password: "mauvais" }, admin.cookie, admin.user)) as { data: { result: never } };
    expect(firstErrors(wrong.data.result).password).toBe("Mot de passe incorrect.");
    const right = (await post({ intent: "telecharger", name: backup.name, password: admin.password }, admin.cookie, admin.user)) as { download: { link: string } };
    expect(right.download.link).toMatch(/^\/espace-membre\/exploitation\/telecharger\?nom=sauvegarde-.+&jeton=/);
  });
});

/**
 * « Aperçu des e-mails » through the real request handler: an admin reads
 * every message with sample data and the club's name; anyone else is refused.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { app, refusedByGuard } from "../../../../tests/helpers/app";
import { createUser, type CreatedUser } from "../../../../tests/helpers/auth";
import { setUpTestClub, TEST_CLUB } from "../../../../tests/helpers/test-club";
import { seedDatabase } from "~/lib/core/seed.server";
import { MAIL_TEMPLATES } from "~/lib/mail/templates";

const PATH = "/espace-membre/exploitation/courriels";

interface Preview {
  messages: Array<{ id: string; label: string; subject: string; text: string; html: string }>;
}

let admin: CreatedUser;

beforeAll(async () => {
  await seedDatabase();
  await setUpTestClub();
  admin = await createUser({ roles: ["admin"], prenom: "Alice", nom: "Admin" });
});

describe("the e-mail preview page", () => {
  it("shows an admin every message: subject, HTML in the club's frame and plain text", async () => {
    const page = await app.get<Preview>(PATH, { as: admin });
    expect(page.status).toBe(200);
    const { messages } = page.data;
    expect(messages.map((m) => m.id)).toEqual(MAIL_TEMPLATES.map((t) => t.id));
    for (const m of messages) {
      expect(m.subject).not.toBe("");
      expect(m.text).not.toBe("");
      expect(m.html).toContain(TEST_CLUB.identity.clubName);
    }
  });

  it("refuses every other role", async () => {
    for (const role of ["membre", "user_manager", "article_manager", "enseignant"]) {
      const other = await createUser({ roles: [role] });
      expect(refusedByGuard(await app.get(PATH, { as: other })), role).toBe(true);
    }
  });
});

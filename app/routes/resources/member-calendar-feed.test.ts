import { describe, expect, it } from "vitest";
import { events, users } from "#db/schema";
import { db } from "~/lib/core/db.server";
import {
  getOrCreateCalendarToken,
  memberCalendarPath,
  resetCalendarToken,
} from "~/lib/accounts/calendar-tokens.server";
import { app } from "../../../tests/helpers/app";

async function user(id: string, roles: string[]) {
  await db.insert(users).values({ id, name: id, email: `${id}@example.org`, prenom: id, nom: "Test", roles });
  return id;
}
async function feed(token: string) {
  return app.fetch(memberCalendarPath(token));
}

describe("member calendar feed", () => {
  it("includes members-only events for a valid token, 404 otherwise", async () => {
    const soon = Date.now() + 7 * 86_400_000;
    await db.insert(events).values([
      {
        title: "Stage public de printemps",
        startsAt: new Date(soon),
        endsAt: new Date(soon + 3_600_000),
        category: "stage",
      },
      {
        title: "Assemblée générale",
        startsAt: new Date(soon),
        endsAt: new Date(soon + 7_200_000),
        category: "autre",
        membersOnly: true,
      },
    ]);
    const member = await user("membre-1", ["membre"]);
    const token = await getOrCreateCalendarToken(member);
    expect(await getOrCreateCalendarToken(member)).toBe(token);

    const res = await feed(token);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/calendar");
    expect(res.headers.get("cache-control")).toContain("no-store");
    const text = await res.text();
    expect(text).toContain("Stage public de printemps");
    expect(text).toContain("Assemblée générale (membres)");

    expect((await feed("0".repeat(40))).status).toBe(404);
    expect((await feed("pas-un-jeton")).status).toBe(404);
    expect((await feed(`${token}.ics`)).status).toBe(200);

    const renewed = await resetCalendarToken(member);
    expect(renewed).not.toBe(token);
    expect((await feed(token)).status).toBe(404);
    expect((await feed(renewed)).status).toBe(200);
  });

  it("refuses the token of a user who is not a member", async () => {
    const pre = await user("pre-1", ["pré-inscrit"]);
    const token = await getOrCreateCalendarToken(pre);
    expect((await feed(token)).status).toBe(404);
  });
});

/**
 * A page written leaves nothing pending behind it (app/entry.server.tsx): the render's time limit
 * is cleared once the whole page is written. Left pending, each finished page, with its data, its
 * markup and its buffers, stayed in memory until the timer fired six seconds later: under load,
 * thousands of pages (about 1 GB of the server's memory in the bench).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { app } from "../helpers/app";
import { createUser } from "../helpers/auth";
import { seedDatabase } from "~/lib/core/seed.server";

const pendingTimers = () => process.getActiveResourcesInfo().filter((r) => r === "Timeout").length;

let member: string;

beforeAll(async () => {
  await seedDatabase();
  member = (await createUser({ roles: ["membre"] })).cookie;
});

describe("the render's time limit", () => {
  it("is cleared once a page is written, for a visitor and for a member", async () => {
    for (const [path, as] of [
      ["/tarifs-horaires", undefined],
      ["/espace-membre/grades", member],
    ] as const) {
      const page = async () => {
        const res = await app.fetch(path, { as });
        expect(res.status, path).toBe(200);
        expect(await res.text(), path).toContain("</html>");
      };
      await page(); // the first view loads what pages load once (lazy parts, kept reads)
      const before = pendingTimers();
      for (let i = 0; i < 5; i++) await page();
      expect(pendingTimers() - before, path).toBe(0);
    }
  });
});

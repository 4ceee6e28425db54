/**
 * A cross-site POST refused by a CSRF check (React Router's own origin check
 * or the member guard's) is the visitor's doing: one warning line in the log,
 * without a stack trace, never an error.
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { app } from "../helpers/app";
import { createUser, type CreatedUser } from "../helpers/auth";
import { env, setEnvForTests } from "~/lib/core/env.server";
import { seedDatabase } from "~/lib/core/seed.server";

let member: CreatedUser;
let lines: string[] = [];

beforeAll(async () => {
  await seedDatabase();
  member = await createUser({ roles: ["membre"] });
});

beforeEach(() => {
  const e = env();
  setEnvForTests({
    NODE_ENV: "test",
    DATA_DIR: e.DATA_DIR,
    BASE_URL: e.BASE_URL,
    BETTER_AUTH_SECRET: e.BETTER_AUTH_SECRET,
    DATABASE_URL: e.DATABASE_URL ?? "",
    SMTP_URL: "",
    LOG_LEVEL: "warn",
  });
  lines = [];
  vi.spyOn(process.stderr, "write").mockImplementation((chunk) => (lines.push(String(chunk)), true));
});
afterEach(() => vi.restoreAllMocks());

function entries() {
  return lines.flatMap((l) => l.split("\n").filter(Boolean)).map((l) => JSON.parse(l) as Record<string, unknown>);
}

describe("cross-site POST refusals in the log", () => {
  it("logs a member action posted from another site as a warning without a stack trace", async () => {
    const res = await app.post(
      "/espace-membre/profil",
      { intent: "x" },
      { as: member, origin: "https://pirate.example" },
    );
    // React Router's own origin check answers 400 before any middleware.
    expect(res.status).toBe(400);
    const logged = entries();
    expect(logged.filter((e) => e.level === "error")).toEqual([]);
    const warning = logged.find((e) => e.level === "warn" && e.msg === "cross-site request refused");
    expect(warning).toMatchObject({
      method: "POST",
      path: "/espace-membre/profil.data",
      origin: "https://pirate.example",
    });
    expect(JSON.stringify(logged)).not.toContain("stack");
  });

  it("logs a sign-in form posted from another site as a warning too", async () => {
    const res = await app.post(
      "/connexion",
      { email: member.email, password: "x" },
      { origin: "https://pirate.example" },
    );
    expect(res.status).toBe(400);
    const logged = entries();
    expect(logged.filter((e) => e.level === "error")).toEqual([]);
    expect(logged.find((e) => e.level === "warn" && e.msg === "cross-site request refused")).toBeTruthy();
  });

  it("logs the member guard's refusal (no Origin, a foreign Referer) as a warning without a stack trace", async () => {
    const res = await app.fetch("/espace-membre/profil", {
      method: "POST",
      body: new URLSearchParams({ intent: "x" }),
      as: member,
      origin: null,
      headers: { referer: "https://pirate.example/page" },
    });
    expect(res.status).toBe(403);
    const logged = entries();
    expect(logged.filter((e) => e.level === "error")).toEqual([]);
    expect(logged.find((e) => e.level === "warn" && e.msg === "cross-site request refused")).toMatchObject({
      origin: "https://pirate.example/page",
    });
    expect(JSON.stringify(logged)).not.toContain("stack");
  });
});

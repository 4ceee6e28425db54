/**
 * Better Auth's own limiter (production, its HTTP endpoints under /api/auth)
 * counts in the database store like every other limit, so
 * several server processes count together.
 */
import { like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rateLimitEvents } from "#db/schema";
import { app } from "../helpers/app";
import { resetAuthForTests } from "~/lib/accounts/auth.server";
import { db } from "~/lib/core/db.server";
import { env, setEnvForTests } from "~/lib/core/env.server";
import { resetRateLimits } from "~/lib/http/rate-limit.server";

let before: ReturnType<typeof env>;

beforeAll(async () => {
  before = env();
  setEnvForTests({
    NODE_ENV: "production",
    DATA_DIR: before.DATA_DIR,
    BASE_URL: before.BASE_URL,
    BETTER_AUTH_SECRET: before.BETTER_AUTH_SECRET,
    DATABASE_URL: before.DATABASE_URL ?? "",
    SMTP_URL: "",
    LOG_LEVEL: "error",
  });
  resetAuthForTests();
  await resetRateLimits();
});

afterAll(() => {
  setEnvForTests({
    NODE_ENV: "test",
    DATA_DIR: before.DATA_DIR,
    BASE_URL: before.BASE_URL,
    BETTER_AUTH_SECRET: before.BETTER_AUTH_SECRET,
    DATABASE_URL: before.DATABASE_URL ?? "",
    SMTP_URL: "",
    LOG_LEVEL: "error",
  });
  resetAuthForTests();
});

describe("Better Auth's limiter", () => {
  it("counts its requests in the shared database store", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await app.fetch("/api/auth/ok", { ip: "198.51.100.90" })).status);
    expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true);
    expect(statuses[30]).toBe(429);
    const rows = await db.select().from(rateLimitEvents).where(like(rateLimitEvents.key, "better-auth:%"));
    expect(rows).toHaveLength(30);
  });
});

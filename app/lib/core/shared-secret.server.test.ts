/**
 * The secret that signs sessions, shared by the machines of one PostgreSQL
 * database: two machines with their own data folders (each with its own
 * generated secret) end up signing with the first one's; a secret set in the
 * environment wins and is never stored; the embedded database stores nothing.
 */
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { instanceSecrets } from "#db/schema";
import { db } from "./db.server";
import { env, setEnvForTests } from "./env.server";
import { shareAuthSecret } from "./shared-secret.server";

const onPostgres = process.env.TEST_DB_DRIVER === "postgres";
let before: { DATA_DIR: string; BASE_URL: string } | null = null;
const machine = (extra: Record<string, string> = {}) => {
  before ??= { DATA_DIR: env().DATA_DIR, BASE_URL: env().BASE_URL };
  return setEnvForTests({
    NODE_ENV: "test",
    BASE_URL: before.BASE_URL,
    SMTP_URL: "",
    DATABASE_URL: "",
    LOG_LEVEL: "error",
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "machine-")),
    ...extra,
  });
};

afterAll(() => {
  if (before) setEnvForTests({ NODE_ENV: "test", ...before, SMTP_URL: "", DATABASE_URL: "", LOG_LEVEL: "error" });
});

describe.runIf(onPostgres)("the session secret of several machines on one PostgreSQL", () => {
  it("is the first machine's for every machine, and a secret set in the environment wins", async () => {
    const first = machine();
    const firstOwn = first.BETTER_AUTH_SECRET;
    await shareAuthSecret();
    expect(env().BETTER_AUTH_SECRET).toBe(firstOwn);

    const second = machine();
    expect(second.BETTER_AUTH_SECRET).not.toBe(firstOwn);
    await shareAuthSecret();
    expect(env().BETTER_AUTH_SECRET).toBe(firstOwn);
    expect(await db.select({ value: instanceSecrets.value }).from(instanceSecrets)).toEqual([{ value: firstOwn }]);

    const given = "un secret fixé dans le fichier d'environnement, assez long";
    machine({ BETTER_AUTH_SECRET: given });
    await shareAuthSecret();
    expect(env().BETTER_AUTH_SECRET).toBe(given);
    expect(await db.select({ value: instanceSecrets.value }).from(instanceSecrets)).toEqual([{ value: firstOwn }]);
  });
});

describe.skipIf(onPostgres)("the session secret on the embedded database", () => {
  it("stays the data folder's, and nothing is stored", async () => {
    const own = machine().BETTER_AUTH_SECRET;
    await shareAuthSecret();
    expect(env().BETTER_AUTH_SECRET).toBe(own);
    expect(await db.select().from(instanceSecrets)).toEqual([]);
  });
});

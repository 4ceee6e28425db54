import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { EnvError, parseEnv } from "./env.server";

const dirs: string[] = [];
function tmp() {
  const d = mkdtempSync(path.join(os.tmpdir(), "env-test-"));
  dirs.push(d);
  return d;
}
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe("environment", () => {
  it("applies the documented defaults", () => {
    const dir = tmp();
    const e = parseEnv({ DATA_DIR: dir });
    expect(e.PORT).toBe(3000);
    expect(e.BASE_URL).toBe("http://localhost:3000");
    expect(e.DATABASE_URL).toBeUndefined();
    expect(e.SMTP_URL).toBeUndefined();
    expect(e.RATE_LIMIT_SIGNIN_PER_MINUTE).toBe(5);
    expect(e.RATE_LIMIT_SIGNUP_PER_MINUTE).toBe(3);
    expect(e.RATE_LIMIT_RESET_PER_5_MINUTES).toBe(3);
  });

  it("generates the session secret once and keeps it in the data folder", () => {
    const dir = tmp();
    const first = parseEnv({ DATA_DIR: dir }).BETTER_AUTH_SECRET;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(path.join(dir, "auth-secret"), "utf8").trim()).toBe(first);
    expect(parseEnv({ DATA_DIR: dir }).BETTER_AUTH_SECRET).toBe(first);
  });

  it("names every bad variable with a clear message", () => {
    const dir = tmp();
    let message = "";
    try {
      parseEnv({ DATA_DIR: dir, PORT: "abc", DATABASE_URL: "mysql://x", SMTP_URL: "http://x", BETTER_AUTH_SECRET: "court" });
    } catch (err) {
      expect(err).toBeInstanceOf(EnvError);
      message = (err as Error).message;
    }
    expect(message).toContain("PORT : doit être un nombre entier entre 1 et 65535");
    expect(message).toContain("DATABASE_URL : doit être une URL postgres: ou postgresql:");
    expect(message).toContain("SMTP_URL : doit être une URL smtp: ou smtps:");
    expect(message).toContain("BETTER_AUTH_SECRET : doit contenir au moins 32 caractères");
  });

  it("uses PORT and BASE_URL when given", () => {
    const e = parseEnv({ DATA_DIR: tmp(), PORT: "8080", BASE_URL: "https://club.example.fr/" });
    expect(e.PORT).toBe(8080);
    expect(e.BASE_URL).toBe("https://club.example.fr");
  });
});

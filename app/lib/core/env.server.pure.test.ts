import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { EnvError, envSchema, parseEnv } from "./env.server";

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
    expect(e.RATE_LIMIT_SIGNIN_FAILURES).toBe(5);
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
      parseEnv({
        DATA_DIR: dir,
        PORT: "abc",
        DATABASE_URL: "mysql://x",
        SMTP_URL: "http://x",
        BETTER_AUTH_SECRET: "court",
      });
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

  it("stops on PAGE_CACHE_SECONDS=abc and every other invalid value, one French message per variable", () => {
    const bad = {
      NODE_ENV: "staging",
      PAGE_CACHE_SECONDS: "abc",
      LOG_LEVEL: "bavard",
      TRUST_PROXY: "peut-être",
      RATE_LIMIT_CONTACT_PER_HOUR: "0",
      GOOGLE_ISSUER: "pas une adresse",
    };
    let message = "";
    try {
      parseEnv({ DATA_DIR: tmp(), ...bad });
    } catch (err) {
      expect(err).toBeInstanceOf(EnvError);
      message = (err as Error).message;
    }
    expect(message).toContain("PAGE_CACHE_SECONDS : doit être un nombre entier entre 0 et 86400");
    expect(message).toContain("NODE_ENV : doit valoir development, production ou test");
    expect(message).toContain("LOG_LEVEL : doit valoir debug, info, warn, error ou silent");
    expect(message).toMatch(/TRUST_PROXY : attendu\s?: vide, un nombre de proxys/);
    expect(message).toContain("RATE_LIMIT_CONTACT_PER_HOUR : doit être un nombre entier entre 1 et 10000");
    expect(message).toContain("GOOGLE_ISSUER : doit être une URL http: ou https:");
    expect(message.split("\n").filter((l) => l.startsWith("  - "))).toHaveLength(Object.keys(bad).length);
  });

  it("reads PAGE_CACHE_SECONDS as a number, 0 turning the cache off", () => {
    expect(parseEnv({ DATA_DIR: tmp() }).PAGE_CACHE_SECONDS).toBe(30);
    expect(parseEnv({ DATA_DIR: tmp(), PAGE_CACHE_SECONDS: "0" }).PAGE_CACHE_SECONDS).toBe(0);
  });

  it("logs at warn under tests and at info otherwise, unless LOG_LEVEL says", () => {
    expect(parseEnv({ DATA_DIR: tmp(), NODE_ENV: "test" }).LOG_LEVEL).toBe("warn");
    expect(parseEnv({ DATA_DIR: tmp() }).LOG_LEVEL).toBe("info");
    expect(parseEnv({ DATA_DIR: tmp(), NODE_ENV: "test", LOG_LEVEL: "debug" }).LOG_LEVEL).toBe("debug");
  });

  it("creates no file when the configuration is only read, the secret being made on first use", () => {
    const dir = path.join(tmp(), "donnees");
    const e = parseEnv({ DATA_DIR: dir });
    expect(e.PORT).toBe(3000);
    expect(existsSync(dir)).toBe(false);
    expect(e.BETTER_AUTH_SECRET.length).toBeGreaterThanOrEqual(32);
    expect(existsSync(path.join(dir, "auth-secret"))).toBe(true);
  });

  it("the README's configuration table lists exactly the schema's variables, with their defaults", () => {
    const readme = readFileSync(path.resolve("README.md"), "utf8");
    const section = readme.split("## Configuration")[1]?.split("\n## ")[0] ?? "";
    const rows = section.split("\n").filter((l) => l.startsWith("| `"));
    const documented = new Map<string, string>();
    for (const row of rows) {
      const [names = "", defaultCell = ""] = row
        .split("|")
        .slice(1)
        .map((c) => c.trim());
      for (const [, name] of names.matchAll(/`([A-Z0-9_]+)`/g)) if (name) documented.set(name, defaultCell);
    }
    expect([...documented.keys()].sort()).toEqual(Object.keys(envSchema.shape).sort());

    // Defaults: the schema's own value for an empty environment, written first in the cell.
    // Defaults computed in parseEnv are listed here, so that they are checked too.
    const computed: Record<string, string> = {
      BASE_URL: "http://localhost:$PORT",
      LOG_LEVEL: "info",
      BACKUP_DIR: "$DATA_DIR/sauvegardes",
    };
    const defaults = envSchema.parse({});
    for (const [name, cell] of documented) {
      const value = computed[name] ?? (defaults as Record<string, unknown>)[name];
      const shown = /^`([^`]*)`/.exec(cell)?.[1];
      // No value, or a switch that is off by default (TRUST_PROXY: no proxy trusted), is shown as « (vide) ».
      if (value === undefined || value === false) expect(shown, `${name} : pas de valeur par défaut`).toBeUndefined();
      else expect(shown, `${name} : défaut`).toBe(String(value as string | number | boolean));
    }
  });
});

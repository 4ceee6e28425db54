/**
 * The one logger: one JSON line per event, debug/info on stdout, warn/error on
 * stderr, errors written with their cause chain. Pure: no database needed.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { env, setEnvForTests } from "./env.server";
import { log } from "./log.server";

let out: string[] = [];
let err: string[] = [];

beforeEach(() => {
  setEnvForTests({ DATA_DIR: env().DATA_DIR, BASE_URL: env().BASE_URL, NODE_ENV: "test", LOG_LEVEL: "debug" });
  out = [];
  err = [];
  vi.spyOn(process.stdout, "write").mockImplementation((chunk) => (out.push(String(chunk)), true));
  vi.spyOn(process.stderr, "write").mockImplementation((chunk) => (err.push(String(chunk)), true));
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe("logger", () => {
  it("writes one line of JSON per event: debug and info to stdout, warn and error to stderr", () => {
    log.debug("détail", { a: 1 });
    log.info("requête", { path: "/" });
    log.warn("attention");
    log.error("panne");
    expect(out).toHaveLength(2);
    expect(err).toHaveLength(2);
    for (const line of [...out, ...err]) {
      expect(line.endsWith("\n")).toBe(true);
      expect(line.slice(0, -1)).not.toContain("\n");
    }
    expect(JSON.parse(out[1] ?? "")).toMatchObject({ level: "info", msg: "requête", path: "/" });
    expect(JSON.parse(err[0] ?? "")).toMatchObject({ level: "warn", msg: "attention" });
  });

  it("keeps an error's cause chain", () => {
    const root = Object.assign(new Error("connexion refusée"), { code: "ECONNREFUSED" });
    log.error("envoi impossible", { err: new Error("échec de l'envoi", { cause: root }) });
    const entry = JSON.parse(err[0] ?? "") as {
      err: { message: string; stack: string; cause: { message: string; code: string } };
    };
    expect(entry.err.message).toBe("échec de l'envoi");
    expect(entry.err.stack).toContain("échec de l'envoi");
    expect(entry.err.cause).toMatchObject({ message: "connexion refusée", code: "ECONNREFUSED" });
  });

  it("drops events under LOG_LEVEL", () => {
    setEnvForTests({ DATA_DIR: env().DATA_DIR, BASE_URL: env().BASE_URL, NODE_ENV: "test", LOG_LEVEL: "warn" });
    log.info("ignoré");
    log.warn("gardé");
    expect(out).toHaveLength(0);
    expect(err).toHaveLength(1);
  });
});

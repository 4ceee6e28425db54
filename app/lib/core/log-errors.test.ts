/** A failed query in the error log: its cause is there, the visitor's data is not. */
import { afterEach, describe, expect, it, vi } from "vitest";
import { contactMessages } from "#db/schema";
import { db } from "./db.server";
import { log } from "./log.server";

afterEach(() => vi.restoreAllMocks());

describe("error log", () => {
  it("keeps err.cause and leaves out the query's parameters", async () => {
    const written: string[] = [];
    vi.spyOn(process.stderr, "write").mockImplementation((chunk) => {
      written.push(String(chunk));
      return true;
    });
    let failure: unknown;
    try {
      // id 1.5 cannot go into an integer column: the query fails with a cause.
      await db.insert(contactMessages).values({
        id: 1.5 as never,
        name: "Lan Nguyễn",
        email: "lan.nguyen@exemple.fr",
        subject: "Question",
        message: "Mon numéro est le 06 12 34 56 78",
      } as never);
    } catch (err) {
      failure = err;
    }
    expect(failure).toBeInstanceOf(Error);
    log.error("contact failed", { err: failure });
    const line = written.join("");
    expect(line).toContain('"cause"');
    expect(line).toMatch(/integer/i);
    expect(line).not.toMatch(/lan\.nguyen@exemple\.fr|Nguyễn|06 12 34 56 78/);
  });
});

/** How many server processes start (server/cluster.ts). */
import os from "node:os";
import { afterEach, describe, expect, it, vi } from "vitest";
import { workerCount } from "./cluster";

afterEach(() => vi.restoreAllMocks());

describe("server processes", () => {
  it("keeps one process on the embedded database and says so in French when WORKERS asks for more", () => {
    const said = vi.spyOn(process.stderr, "write").mockImplementation(() => true);
    expect(workerCount({ WORKERS: 3 })).toBe(1);
    expect(String(said.mock.calls[0]?.[0])).toContain(
      "La base embarquée (PGlite) ne sert qu'un seul processus\u00a0: WORKERS=3 est ignoré",
    );
  });

  it("runs WORKERS processes on PostgreSQL, one per core by default", () => {
    const url = "postgres://club@localhost/club";
    expect(workerCount({ WORKERS: 2, DATABASE_URL: url })).toBe(2);
    expect(workerCount({ DATABASE_URL: url })).toBe(os.availableParallelism());
    expect(workerCount({})).toBe(1);
  });
});

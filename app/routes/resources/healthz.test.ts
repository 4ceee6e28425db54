/** /healthz reports the data folder's free space: low or full is a 503. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { env, setEnvForTests } from "~/lib/core/env.server";
import { diskStatus } from "~/lib/core/disk.server";
import { loader } from "./healthz";

let original: Record<string, string> = {};
beforeAll(() => {
  const e = env();
  original = {
    NODE_ENV: "test",
    BASE_URL: e.BASE_URL,
    SMTP_URL: "",
    DATABASE_URL: "",
    LOG_LEVEL: "error",
    DATA_DIR: e.DATA_DIR,
    DISK_MIN_FREE_MB: String(e.DISK_MIN_FREE_MB),
  };
});
afterAll(() => {
  setEnvForTests(original);
});

async function health() {
  const res = await loader();
  return {
    status: res.status,
    body: (await res.json()) as { status: string; disk: string; diskFreeMb: number | null },
  };
}

describe("/healthz", () => {
  it("is ok with room on the disk", async () => {
    setEnvForTests({ ...original, DISK_MIN_FREE_MB: "0" });
    const { status, body } = await health();
    expect(status).toBe(200);
    expect(body).toMatchObject({ status: "ok", disk: "ok" });
    expect(body.diskFreeMb).toBeGreaterThan(0);
  });

  it("answers 503 when free space is under DISK_MIN_FREE_MB", async () => {
    setEnvForTests({ ...original, DISK_MIN_FREE_MB: "1000000" });
    const { status, body } = await health();
    expect(status).toBe(503);
    expect(body).toMatchObject({ status: "error", disk: "low" });
  });

  it("reports full when nothing can be written where the data goes", async () => {
    // A path under a file: every write fails, as on a full or read-only disk.
    expect(await diskStatus("/etc/hostname", 0)).toMatchObject({ status: "full", error: "ENOTDIR" });
  });
});

/**
 * The background jobs report what ran (the control socket's "jobs" command; the benchmark waits
 * for the first round before measuring). Fake timers: no waiting on the clock.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { jobsStatus, registerJob, startBackgroundJobs, stopBackgroundJobs } from "./jobs.server";

afterEach(async () => {
  await stopBackgroundJobs();
  vi.useRealTimers();
});

describe("jobsStatus", () => {
  it("says which job is running and how many runs each finished", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "setInterval", "clearInterval", "clearTimeout"] });
    let finish = () => {};
    registerJob({ name: "sauvegarde-test", intervalMs: 600_000, run: () => new Promise<void>((r) => (finish = r)) });
    startBackgroundJobs();
    expect(jobsStatus()).toEqual([{ name: "sauvegarde-test", runs: 0, running: false, lastMs: 0 }]);
    await vi.advanceTimersByTimeAsync(1000); // every job runs one second after the start
    expect(jobsStatus()[0]).toMatchObject({ runs: 0, running: true });
    finish();
    await vi.advanceTimersByTimeAsync(0);
    expect(jobsStatus()[0]).toMatchObject({ runs: 1, running: false });
  });
});

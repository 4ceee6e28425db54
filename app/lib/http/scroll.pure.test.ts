import { describe, expect, it } from "vitest";
import { ANCHOR_WAIT_MS, anchorId, scrollToAnchor } from "./scroll";

/** A fake clock and timer queue: no DOM, no real waiting. */
function fakeTime() {
  let t = 0;
  const timers: { at: number; cb: () => void; id: number }[] = [];
  let nextId = 1;
  return {
    now: () => t,
    setTimer: (cb: () => void, ms: number) => {
      const id = nextId++;
      timers.push({ at: t + ms, cb, id });
      return id;
    },
    clearTimer: (id: unknown) => {
      const i = timers.findIndex((x) => x.id === id);
      if (i >= 0) timers.splice(i, 1);
    },
    /** Advances the clock, running due timers in order. */
    advance(ms: number) {
      const end = t + ms;
      for (;;) {
        timers.sort((a, b) => a.at - b.at);
        const next = timers[0];
        if (!next || next.at > end) break;
        timers.shift();
        t = next.at;
        next.cb();
      }
      t = end;
    },
    pending: () => timers.length,
  };
}

describe("anchorId", () => {
  it("strips the # and decodes", () => {
    expect(anchorId("#horaires")).toBe("horaires");
    expect(anchorId("#cours%20enfants")).toBe("cours enfants");
    expect(anchorId("")).toBe("");
    expect(anchorId("#")).toBe("");
    expect(anchorId("#%E0%A4%A")).toBe("%E0%A4%A");
  });
});

describe("scrollToAnchor", () => {
  it("waits 10 seconds by default", () => {
    expect(ANCHOR_WAIT_MS).toBe(10_000);
  });

  it("scrolls at once when the element exists", async () => {
    const time = fakeTime();
    const scrolled: string[] = [];
    const el = { id: "tarifs" };
    const result = await scrollToAnchor("#tarifs", {
      ...time,
      find: (id) => (id === "tarifs" ? el : null),
      scroll: (e) => scrolled.push(e.id),
    });
    expect(result).toBe(true);
    expect(scrolled).toEqual(["tarifs"]);
    expect(time.pending()).toBe(0);
  });

  it("waits for an element that appears later", async () => {
    const time = fakeTime();
    let present = false;
    const scrolled: number[] = [];
    const promise = scrollToAnchor("#plus-tard", {
      ...time,
      find: () => (present ? { id: "plus-tard" } : null),
      scroll: () => scrolled.push(time.now()),
    });
    time.advance(3_000);
    expect(scrolled).toEqual([]);
    present = true;
    time.advance(100);
    expect(await promise).toBe(true);
    expect(scrolled).toEqual([3_100]);
  });

  it("gives up after the default 10 s", async () => {
    const time = fakeTime();
    let lookups = 0;
    const promise = scrollToAnchor("#jamais", {
      ...time,
      find: () => {
        lookups++;
        return null;
      },
      scroll: () => {
        throw new Error("should not scroll");
      },
    });
    time.advance(9_999);
    let settled = false;
    void promise.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    time.advance(1);
    expect(await promise).toBe(false);
    expect(lookups).toBeGreaterThan(50);
    expect(time.pending()).toBe(0);
  });

  it("honours a custom timeout", async () => {
    const time = fakeTime();
    const promise = scrollToAnchor("#x", { ...time, timeoutMs: 500, find: () => null });
    time.advance(500);
    expect(await promise).toBe(false);
  });

  it("stops when aborted", async () => {
    const time = fakeTime();
    const controller = new AbortController();
    let present = false;
    const promise = scrollToAnchor("#x", {
      ...time,
      signal: controller.signal,
      find: () => (present ? {} : null),
      scroll: () => {
        throw new Error("should not scroll");
      },
    });
    time.advance(200);
    controller.abort();
    present = true;
    time.advance(1_000);
    expect(await promise).toBe(false);
    expect(time.pending()).toBe(0);
  });

  it("does nothing for an empty hash", async () => {
    expect(await scrollToAnchor("", { find: () => ({}) })).toBe(false);
    expect(await scrollToAnchor("#", { find: () => ({}) })).toBe(false);
  });

  it("uses scrollIntoView by default", async () => {
    const calls: unknown[] = [];
    const el = { scrollIntoView: (o?: ScrollIntoViewOptions) => calls.push(o) };
    expect(await scrollToAnchor("#a", { find: () => el, behavior: "auto" })).toBe(true);
    expect(calls).toEqual([{ behavior: "auto", block: "start" }]);
  });

  it("resolves false without a DOM (server)", async () => {
    expect(await scrollToAnchor("#a", { timeoutMs: 0 })).toBe(false);
  });
});

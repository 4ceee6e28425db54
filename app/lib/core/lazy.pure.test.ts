import { describe, expect, it } from "vitest";
import { lazyOnce } from "./lazy";

describe("a value loaded on first use", () => {
  it("is loaded once for every caller, even callers at the same time", async () => {
    let loads = 0;
    const get = lazyOnce(async () => ++loads);
    expect(await Promise.all([get(), get()])).toEqual([1, 1]);
    expect(await get()).toBe(1);
    expect(loads).toBe(1);
  });

  it("is loaded again after a failed load, instead of failing until a restart", async () => {
    let loads = 0;
    const get = lazyOnce(async () => {
      loads += 1;
      if (loads === 1) throw new Error("module introuvable");
      return "chargé";
    });
    await expect(get()).rejects.toThrow("module introuvable");
    expect(await get()).toBe("chargé");
    expect(await get()).toBe("chargé");
    expect(loads).toBe(2);
  });
});

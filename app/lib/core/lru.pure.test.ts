/** The one eviction rule of the caches (lru.ts): when full, the least recently used entry goes. */
import { describe, expect, it } from "vitest";
import { LruMap } from "./lru";

describe("LruMap", () => {
  it("keeps at most its size, dropping the entry used least recently", () => {
    const map = new LruMap<string, number>(2);
    map.set("a", 1);
    map.set("b", 2);
    expect(map.get("a")).toBe(1); // "a" used: "b" is now the oldest
    map.set("c", 3);
    expect(map.get("b")).toBeUndefined();
    expect(map.get("a")).toBe(1);
    expect(map.get("c")).toBe(3);
    expect(map.size).toBe(2);
  });

  it("refuses a size that keeps nothing", () => {
    expect(() => new LruMap(0)).toThrow(RangeError);
  });
});

/** A count in French (count.ts): thousands grouped by a non-breaking space, as money is. */
import { describe, expect, it } from "vitest";
import { formatCount } from "./count";

describe("formatCount", () => {
  it("groups thousands with a non-breaking space", () => {
    expect(formatCount(7)).toBe("7");
    expect(formatCount(999)).toBe("999");
    expect(formatCount(1000)).toBe("1\u00a0000");
    expect(formatCount(10001)).toBe("10\u00a0001");
    expect(formatCount(1234567)).toBe("1\u00a0234\u00a0567");
    expect(formatCount(-2500)).toBe("-2\u00a0500");
  });
});

import { describe, expect, it } from "vitest";
import { checkRateLimit, retryAfterText } from "./rate-limit.server";

describe("rate limit", () => {
  it("allows `limit` hits per window, then says when to retry", () => {
    const t0 = 1_000_000;
    for (let i = 0; i < 3; i++) expect(checkRateLimit("k", 3, 60_000, t0 + i).ok).toBe(true);
    const refused = checkRateLimit("k", 3, 60_000, t0 + 10_000);
    expect(refused.ok).toBe(false);
    expect(refused.retryAfterSeconds).toBe(50);
    expect(checkRateLimit("k", 3, 60_000, t0 + 60_001).ok).toBe(true);
    expect(checkRateLimit("other", 3, 60_000, t0).ok).toBe(true);
  });

  it("words the wait in French", () => {
    expect(retryAfterText(1)).toBe("dans 1 seconde");
    expect(retryAfterText(42)).toBe("dans 42 secondes");
    expect(retryAfterText(61)).toBe("dans 2 minutes");
  });
});

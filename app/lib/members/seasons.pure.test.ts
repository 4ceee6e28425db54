import { describe, expect, it } from "vitest";
import { formatDateFr, nextSeason, seasonBounds, seasonOf } from "./seasons";

describe("seasons", () => {
  it("starts the season in the start month", () => {
    expect(seasonOf(new Date(2026, 8, 1), 9)).toBe("2026-2027");
    expect(seasonOf(new Date(2026, 7, 31), 9)).toBe("2025-2026");
    expect(seasonOf(new Date(2027, 0, 15), 9)).toBe("2026-2027");
    expect(seasonOf(new Date(2026, 6, 1), 7)).toBe("2026-2027");
    expect(seasonOf(new Date(2026, 4, 1), 1)).toBe("2026");
  });

  it("gives the bounds and the next season", () => {
    expect(seasonBounds("2026-2027", 9)).toEqual({ start: "2026-09-01", end: "2027-08-31" });
    expect(nextSeason("2026-2027")).toBe("2027-2028");
  });

  it("formats dates in French", () => {
    expect(formatDateFr("2026-09-14")).toBe("14 septembre 2026");
    expect(formatDateFr(null)).toBe("");
  });
});

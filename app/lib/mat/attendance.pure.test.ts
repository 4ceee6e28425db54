/**
 * The session key in the attendance pages' addresses, and the age on the
 * emergency sheet (pure, no database).
 */
import { describe, expect, it } from "vitest";
import { ageOn } from "./age";
import { emergencyPath, isCalendarDay, parseSessionKey, sessionPath } from "./attendance";

describe("the session key", () => {
  it("is the Paris day, a dash and the slot id, both ways", () => {
    expect(sessionPath({ date: "2026-11-25", slotId: "enfants-mer" })).toBe(
      "/espace-membre/appel/2026-11-25-enfants-mer",
    );
    expect(emergencyPath({ date: "2026-11-25", slotId: "enfants-mer" })).toBe(
      "/espace-membre/appel/2026-11-25-enfants-mer/urgence",
    );
    expect(parseSessionKey("2026-11-25-enfants-mer")).toEqual({ date: "2026-11-25", slotId: "enfants-mer" });
    expect(parseSessionKey("2026-11-25-x_1")).toEqual({ date: "2026-11-25", slotId: "x_1" });
  });

  it("refuses days that are not in the calendar and anything else", () => {
    for (const key of [
      undefined,
      "",
      ":seance",
      "2026-02-30-enfants-mer",
      "2026-13-01-a",
      "2026-11-25-",
      "2026-11-25-a b",
      "2026-11-25-<script>",
    ]) {
      expect(parseSessionKey(key), String(key)).toBeNull();
    }
    expect(isCalendarDay("2028-02-29")).toBe(true);
    expect(isCalendarDay("2027-02-29")).toBe(false);
  });
});

describe("the age on the emergency sheet", () => {
  it("counts whole years on the session's day", () => {
    expect(ageOn("2016-11-25", "2026-11-25")).toBe(10);
    expect(ageOn("2016-11-26", "2026-11-25")).toBe(9);
    expect(ageOn("2016-12-01", "2026-11-25")).toBe(9);
  });
});

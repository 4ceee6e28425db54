import { describe, expect, it } from "vitest";
import { id, version } from "./fields";
import { positiveId, timestampVersion } from "./id-format";

describe("ids and versions in the shared form fields", () => {
  it("accept only plain digits within the column's range", () => {
    expect(id().safeParse("42").data).toBe(42);
    for (const bad of ["0", "-1", "1e3", "1.0", " 7", "0x10", "007", "2147483648", "99999999999999999999", undefined]) {
      expect(id().safeParse(bad).success, String(bad)).toBe(false);
    }
    expect(positiveId("2147483647")).toBe(2_147_483_647);
  });

  it("accept 0 or a positive counter as a version, and millisecond times for accounts", () => {
    expect(version().safeParse("0").data).toBe(0);
    expect(version().safeParse("3").data).toBe(3);
    expect(version().safeParse("1e2").success).toBe(false);
    expect(timestampVersion("1732451234567")).toBe(1_732_451_234_567);
    expect(timestampVersion("-5")).toBeNull();
  });
});

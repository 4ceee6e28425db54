import { describe, expect, it } from "vitest";
import { pageWindow } from "./page-window";

describe("pageWindow", () => {
  it("shows every page of a short list", () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(2, 5)).toEqual([1, 2, 3, 4, 5]);
  });

  it("shows the first, the last and two pages around the current one of a long list", () => {
    expect(pageWindow(1, 556)).toEqual([1, 2, 3, "gap", 556]);
    expect(pageWindow(100, 556)).toEqual([1, "gap", 98, 99, 100, 101, 102, "gap", 556]);
    expect(pageWindow(556, 556)).toEqual([1, "gap", 554, 555, 556]);
  });

  it("shows a single missing page rather than a gap", () => {
    expect(pageWindow(5, 9)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });
});

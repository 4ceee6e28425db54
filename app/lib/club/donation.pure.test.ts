import { describe, expect, it } from "vitest";
import { contentSecurityPolicy } from "../../../server/csp";
import { costAfterReduction, HELLOASSO_ORIGIN, safeLinkUrl, safeWidgetUrl } from "./donation";

describe("donation links", () => {
  it("frames only the HelloAsso origin that the CSP allows", () => {
    const frameSrc = contentSecurityPolicy("n")
      .split("; ")
      .find((d) => d.startsWith("frame-src "))!;
    expect(frameSrc.split(" ")).toContain(HELLOASSO_ORIGIN);
    const widget = "https://www.helloasso.com/associations/club/formulaires/1/widget";
    expect(safeWidgetUrl(widget)).toBe(widget);
    expect(safeWidgetUrl("")).toBeNull();
    expect(safeWidgetUrl("http://www.helloasso.com/associations/club/formulaires/1/widget")).toBeNull();
    expect(safeWidgetUrl("https://helloasso.com/associations/club/formulaires/1/widget")).toBeNull();
    expect(safeWidgetUrl("https://www.helloasso.com.evil.example/widget")).toBeNull();
    expect(safeWidgetUrl("https://user:pw@www.helloasso.com/widget")).toBeNull();
    expect(safeWidgetUrl("not a url")).toBeNull();
  });

  it("accepts only http(s) donation links", () => {
    expect(safeLinkUrl("https://www.helloasso.com/associations/club")).toBe(
      "https://www.helloasso.com/associations/club",
    );
    expect(safeLinkUrl("javascript:alert(1)")).toBeNull();
    expect(safeLinkUrl("")).toBeNull();
  });

  it("computes the cost after the 66 % reduction", () => {
    expect(costAfterReduction(5000)).toBe(1700);
    expect(costAfterReduction(10000)).toBe(3400);
    expect(costAfterReduction(1250)).toBe(425);
  });
});

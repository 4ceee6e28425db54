/** The one `tel:` link writer, pure: what a visitor's phone dials. */
import { describe, expect, it } from "vitest";
import { telHref } from "./phone";

describe("telHref", () => {
  it("dials a French number from abroad too (+33, without its first 0), whatever its separators", () => {
    expect(telHref("06 12 34 56 78")).toBe("tel:+33612345678");
    expect(telHref("01.23.45.67.89")).toBe("tel:+33123456789");
    expect(telHref("01-23-45-67-89")).toBe("tel:+33123456789");
  });

  it("keeps an international number's country, and drops « (0) » after it", () => {
    expect(telHref("+33 6 12 34 56 78")).toBe("tel:+33612345678");
    expect(telHref("+33 (0)6 12 34 56 78")).toBe("tel:+33612345678");
    expect(telHref("0032 2 123 45 67")).toBe("tel:+3221234567");
  });

  it("leaves a short number (a service number) as it is", () => {
    expect(telHref("3631")).toBe("tel:3631");
  });
});

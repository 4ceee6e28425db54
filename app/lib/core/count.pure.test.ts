/** A count in French (count.ts): thousands grouped by a non-breaking space, as money is. */
import { describe, expect, it } from "vitest";
import { countOf, formatCount, plural } from "./count";

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

describe("countOf and plural", () => {
  it("agree with their number: singular for 0 and 1, plural from 2, a zero form when given", () => {
    expect(countOf(1, "membre inscrit", "membres inscrits")).toBe("1 membre inscrit");
    expect(countOf(2, "membre inscrit", "membres inscrits")).toBe("2 membres inscrits");
    expect(countOf(0, "membre inscrit", "membres inscrits")).toBe("0 membre inscrit");
    expect(countOf(0, "membre inscrit", "membres inscrits", "aucun membre inscrit")).toBe("aucun membre inscrit");
    expect(countOf(1200, "e-mail", "e-mails")).toBe("1\u00a0200 e-mails");
    expect(plural(1, "reste", "restent")).toBe("reste");
    expect(plural(3, "reste", "restent")).toBe("restent");
  });
});

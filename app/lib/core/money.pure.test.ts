/** The one money formatter, pure: cents in, French text out. */
import { describe, expect, it } from "vitest";
import { eurosToCents, formatEuros } from "./money";

const NB = "\u00a0";

describe("money", () => {
  it("prints whole euros without decimals and others with two, with non-breaking spaces", () => {
    expect(formatEuros(3500)).toBe(`35${NB}€`);
    expect(formatEuros(3550)).toBe(`35,50${NB}€`);
    expect(formatEuros(3505)).toBe(`35,05${NB}€`);
    expect(formatEuros(0)).toBe(`0${NB}€`);
    expect(formatEuros(123456)).toBe(`1${NB}234,56${NB}€`);
    expect(formatEuros(100000000)).toBe(`1${NB}000${NB}000${NB}€`);
    expect(formatEuros(-1700)).toBe(`-17${NB}€`);
  });

  it("prints nothing for a missing amount", () => {
    expect(formatEuros(null)).toBe("");
    expect(formatEuros(undefined)).toBe("");
  });

  it("converts euro settings to cents without floating-point drift", () => {
    expect(eurosToCents(190)).toBe(19000);
    expect(eurosToCents(12.5)).toBe(1250);
    expect(eurosToCents(0.1 + 0.2)).toBe(30);
    expect(formatEuros(eurosToCents(50 * 0.34))).toBe(`17${NB}€`);
  });
});

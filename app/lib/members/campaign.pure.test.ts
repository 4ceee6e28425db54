/**
 * The campaign's arithmetic: family discount by rank (most expensive first),
 * aid codes deducted after it, never below zero, instalments that add up,
 * minors on the season's first day.
 */
import { describe, expect, it } from "vitest";
import { isMinorOn, parseAids, priceLines, splitInstalments, type Campaign } from "./campaign";

const campaign: Campaign = {
  season: "2026-2027",
  open: true,
  prices: [
    { group: "Enfants", amountCents: 19000 },
    { group: "Adultes", amountCents: 25000 },
  ],
  familyDiscounts: [
    { fromMember: 2, percent: 10 },
    { fromMember: 3, percent: 20 },
  ],
  aids: [{ code: "PASS-SPORT", label: "Pass'Sport", amountCents: 5000 }],
  maxInstalments: 3,
  rulesVersion: "2026-1",
  paymentInstructions: [],
};

describe("pricing a family", () => {
  it("gives the discount of their rank to the second and third members, most expensive first", () => {
    const lines = priceLines(campaign, [
      { profileId: 1, group: "Enfants", aidCode: "" },
      { profileId: 2, group: "Adultes", aidCode: "" },
      { profileId: 3, group: "Enfants", aidCode: "" },
    ]);
    expect(lines.map((l) => [l.profileId, l.priceCents, l.discountCents, l.amountCents])).toEqual([
      [1, 19000, 1900, 17100],
      [2, 25000, 0, 25000],
      [3, 19000, 3800, 15200],
    ]);
  });

  it("deducts an aid code after the discount, never below zero, and ignores unknown codes", () => {
    const [a, b] = priceLines(
      { ...campaign, aids: [{ code: "BIG", label: "Grosse aide", amountCents: 99999 }, ...campaign.aids] },
      [
        { profileId: 1, group: "Adultes", aidCode: "PASS-SPORT" },
        { profileId: 2, group: "Enfants", aidCode: "BIG" },
      ],
    );
    expect([a!.aidCents, a!.amountCents]).toEqual([5000, 20000]);
    expect([b!.discountCents, b!.aidCents, b!.amountCents]).toEqual([1900, 17100, 0]);
    expect(priceLines(campaign, [{ profileId: 1, group: "Adultes", aidCode: "NOPE" }])[0]!.aidCents).toBe(0);
  });

  it("leaves out a group that has no price", () => {
    expect(priceLines(campaign, [{ profileId: 1, group: "Inconnu", aidCode: "" }])).toEqual([]);
  });

  it("splits into up to 3 instalments that add up, the first carrying the remainder", () => {
    expect(splitInstalments(36100, 3)).toEqual([12034, 12033, 12033]);
    expect(splitInstalments(36100, 1)).toEqual([36100]);
    expect(splitInstalments(100, 5)).toEqual([34, 33, 33]);
  });

  it("counts a member as minor when under 18 on the season's first day", () => {
    expect(isMinorOn("2008-09-02", "2026-09-01")).toBe(true);
    expect(isMinorOn("2008-09-01", "2026-09-01")).toBe(false);
    expect(isMinorOn(null, "2026-09-01")).toBe(false);
  });

  it("reads aid lines and names the wrong one", () => {
    expect(parseAids("pass-sport ; Pass'Sport ; 50\nCAF ; Aide CAF ; 30,50")).toEqual({
      ok: true,
      aids: [
        { code: "PASS-SPORT", label: "Pass'Sport", amountCents: 5000 },
        { code: "CAF", label: "Aide CAF", amountCents: 3050 },
      ],
    });
    expect(parseAids("CAF ; ; 30")).toMatchObject({ ok: false, message: expect.stringContaining("Ligne 1") });
  });
});

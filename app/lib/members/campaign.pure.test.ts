/**
 * The campaign's arithmetic: family discount by rank (most expensive first),
 * aid codes deducted after it, never below zero, and only once their amount
 * is confirmed for the season; instalments that add up, minors on the
 * season's first day; the campaign form's aid rows.
 */
import { describe, expect, it } from "vitest";
import { campaignSchema, confirmedAids, isMinorOn, priceLines, splitInstalments, type Campaign } from "./campaign";

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
  aids: [{ code: "PASS-SPORT", label: "Pass'Sport", amountCents: 7000, confirmedFor: "2026-2027" }],
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
      {
        ...campaign,
        aids: [{ code: "BIG", label: "Grosse aide", amountCents: 99999, confirmedFor: "2026-2027" }, ...campaign.aids],
      },
      [
        { profileId: 1, group: "Adultes", aidCode: "PASS-SPORT" },
        { profileId: 2, group: "Enfants", aidCode: "BIG" },
      ],
    );
    expect([a!.aidCents, a!.amountCents]).toEqual([7000, 18000]);
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

  it("deducts no aid whose amount is not confirmed for the campaign's season", () => {
    const nextSeason = { ...campaign, season: "2027-2028" };
    expect(confirmedAids(nextSeason)).toEqual([]);
    expect(priceLines(nextSeason, [{ profileId: 1, group: "Adultes", aidCode: "PASS-SPORT" }])[0]!.aidCents).toBe(0);
  });
});

describe("the campaign form's aids", () => {
  const form = (aids: Record<string, string>[]) =>
    campaignSchema.safeParse({
      season: "2026-2027",
      prices: [{ group: "Adultes", amount: "250" }],
      aids,
      maxInstalments: "3",
      rulesVersion: "2026-1",
    });

  it("reads each aid, drops a blank row, and keeps who may claim it and the confirmation", () => {
    const ok = form([
      { code: "pass-sport", label: "Pass'Sport", amount: "70", rules: " Jeunes de 14 à 17 ans… ", confirmed: "on" },
      { code: "", label: "", amount: "", rules: "" },
    ]);
    expect(ok.success && ok.data.aids).toEqual([
      { code: "PASS-SPORT", label: "Pass'Sport", amountCents: 7000, rules: "Jeunes de 14 à 17 ans…", confirmed: true },
      null,
    ]);
  });

  it("names the wrong field of a wrong row", () => {
    const bad = form([{ code: "PASS SPORT!", label: "", amount: "soixante-dix" }]);
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["aids.0.code", "Indiquez un code en lettres, chiffres et tirets (exemple : PASS-SPORT)."],
      ["aids.0.label", "Indiquez le libellé de l'aide."],
      ["aids.0.amount", "Indiquez un montant en euros (exemple : 70 ou 70,50)."],
    ]);
  });
});

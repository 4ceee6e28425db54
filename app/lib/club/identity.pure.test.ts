/**
 * The club's identity as pages and documents write it: only what
 * was entered, the art's name standing in for a name not entered yet, and
 * « l'association » never doubled.
 */
import { describe, expect, it } from "vitest";
import { clubDisplayName, theAssociation, venueLines } from "./identity";

describe("the club's identity in a text", () => {
  it("names the club as entered, else its short name, else the art (never another club)", () => {
    expect(clubDisplayName({ clubName: " Vovinam Boulogne Seine ", shortName: "VB Seine" })).toBe(
      "Vovinam Boulogne Seine",
    );
    expect(clubDisplayName({ clubName: "", shortName: "VB Seine" })).toBe("VB Seine");
    expect(clubDisplayName({ clubName: "", shortName: " " })).toBe("Vovinam Viet Vo Dao");
  });

  it("writes « l'association » once, whatever the name starts with", () => {
    expect(theAssociation("Association Vovinam Viet Vo Dao de Boulogne", { capital: true })).toBe(
      "L'association Vovinam Viet Vo Dao de Boulogne",
    );
    expect(theAssociation("association sportive Les Lotus")).toBe("l'association sportive Les Lotus");
    expect(theAssociation("Les Lotus de Boulogne")).toBe("l'association Les Lotus de Boulogne");
    // A name that merely starts with the word's letters is kept whole.
    expect(theAssociation("Associations réunies du Val")).toBe("l'association Associations réunies du Val");
    expect(theAssociation("", { capital: true })).toBe("L'association");
  });

  it("gives the venue's lines as entered, an empty one left out", () => {
    expect(
      venueLines({ sportsComplex: "Complexe Le Gallo", street: "", postalCode: "92100", city: "Boulogne-Billancourt" }),
    ).toEqual(["Complexe Le Gallo", "92100 Boulogne-Billancourt"]);
    expect(venueLines({ sportsComplex: "", street: "", postalCode: "", city: "" })).toEqual([]);
  });
});

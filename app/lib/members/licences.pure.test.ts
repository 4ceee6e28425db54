/** Reading the federation's licence list: separators, quotes, header, dates, one error per bad line. */
import { describe, expect, it } from "vitest";
import { nameKey, parseLicenceImport } from "./licences";

describe("parseLicenceImport", () => {
  it("reads « ; », tab or « , » lines, quoted values and both date forms, and skips the header", () => {
    const tab = parseLicenceImport("\uFEFFNom\tPrénom\tNé le\tLicence\nLê\tAn\t2010-03-04\t 12 345 ");
    expect(tab).toEqual({
      lines: [{ line: 2, nom: "Lê", prenom: "An", dateOfBirth: "2010-03-04", number: "12 345" }],
      errors: [],
    });
    const quoted = parseLicenceImport('"Tran";"Bao ""Bé""";"4/5/2016";"ab-1"');
    expect(quoted.lines[0]).toMatchObject({ prenom: 'Bao "Bé"', dateOfBirth: "2016-05-04", number: "AB-1" });
  });

  it("gives one French error per wrong line and an error for an empty list", () => {
    const { lines, errors } = parseLicenceImport(
      "Lê;An;29/02/2023;A1\nLê;;01/01/2010;A2\nLê;An;01/01/2010;?\nLê;An;01/01/2010;A3;x",
    );
    expect(lines).toEqual([]);
    expect(errors).toEqual([
      "Ligne 1 : date de naissance « 29/02/2023 » illisible (écrivez-la JJ/MM/AAAA).",
      "Ligne 2 : le nom et le prénom sont obligatoires.",
      "Ligne 3 : numéro de licence « ? » invalide (2 à 30 lettres, chiffres, espaces, points, barres obliques ou tirets).",
      "Ligne 4 : écrivez « nom ; prénom ; date de naissance ; numéro de licence » (4 valeurs séparées par « ; »).",
    ]);
    expect(parseLicenceImport("\n \n").errors).toEqual(["Aucune ligne de licence dans cette liste."]);
  });

  it("compares names without case, accents or hyphens", () => {
    expect(nameKey("Émma-Rose  NGUYỄN")).toBe(nameKey("emma rose nguyen"));
  });
});

/** Elision before a name or a word (elision.ts) and gendered words (gender.ts). */
import { describe, expect, it } from "vitest";
import { de, elide, que } from "./elision";
import { gendered } from "./gender";

describe("elision", () => {
  it("elides de, le, la and que before a vowel, accented or not, and before Æ or Œ", () => {
    expect(de("Emma")).toBe("d'Emma");
    expect(de("Olivier Lambert")).toBe("d'Olivier Lambert");
    expect(que("Isabelle")).toBe("qu'Isabelle");
    expect(elide("le", "équipe")).toBe("l'équipe");
    expect(elide("la", "inscription")).toBe("l'inscription");
    for (const name of ["Élodie", "Âme", "Île", "Ôn", "Ùrsula", "Ánh", "Œdipe", "Ælis", "ulysse"]) {
      expect(de(name)).toBe(`d'${name}`);
    }
    expect(elide("jusque", "Annecy")).toBe("jusqu'Annecy");
  });

  it("keeps the particle whole before a consonant, an h, a digit or nothing", () => {
    expect(de("Lan")).toBe("de Lan");
    expect(de("Hugo")).toBe("de Hugo");
    expect(de("Hélène")).toBe("de Hélène");
    expect(de("3 €")).toBe("de 3 €");
    expect(de("« Vo »")).toBe("de « Vo »");
    expect(de("")).toBe("de ");
    expect(elide("le", "club")).toBe("le club");
  });

  it("elides before Y followed by a consonant only", () => {
    expect(de("Yves")).toBe("d'Yves");
    expect(de("Yvonne")).toBe("d'Yvonne");
    expect(de("Yann")).toBe("de Yann");
    expect(de("Yasmine")).toBe("de Yasmine");
    expect(elide("le", "yaourt")).toBe("le yaourt");
  });

  it("keeps the particle's capital and the apostrophe asked for", () => {
    expect(elide("Le", "équipe")).toBe("L'équipe");
    expect(elide("De", "Emma")).toBe("D'Emma");
    expect(de("Emma", "’")).toBe("d’Emma");
  });
});

describe("gendered", () => {
  const forms = { f: "Présente", m: "Présent", n: "Présence confirmée" };
  it("follows the profile's sex and takes the neutral form when it is not known", () => {
    expect(gendered("f", forms)).toBe("Présente");
    expect(gendered("m", forms)).toBe("Présent");
    expect(gendered(null, forms)).toBe("Présence confirmée");
    expect(gendered(undefined, forms)).toBe("Présence confirmée");
    expect(gendered("x", forms)).toBe("Présence confirmée");
  });
});

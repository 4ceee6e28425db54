import { describe, expect, it } from "vitest";
import { frenchHtml, frenchText } from "./french";
import { frenchProps } from "./props";

const n = "\u00a0";

describe("frenchText", () => {
  it("puts a no-break space before : ; ! ? and inside « »", () => {
    expect(frenchText("Horaires : lundi ; mardi ! Quoi ?")).toBe(`Horaires${n}: lundi${n}; mardi${n}! Quoi${n}?`);
    expect(frenchText("«Être fort pour être utile»")).toBe(`«${n}Être fort pour être utile${n}»`);
    expect(frenchText("« Être fort »")).toBe(`«${n}Être fort${n}»`);
  });

  it("leaves URLs, times, existing no-break spaces and glued signs alone", () => {
    for (const text of ["https://club.fr/page?x=1", "17:30–19:00", `Note${n}: ok`, "Note\u202f; ok", "Voir:ici"]) {
      expect(frenchText(text)).toBe(text);
    }
  });
});

describe("frenchHtml", () => {
  it("changes text between tags, never attributes nor code", () => {
    const html = '<p title="a : b"><a href="https://x.fr/?q=1">Lien</a> : voir <code>a ? b : c</code> !</p>';
    expect(frenchHtml(html)).toBe(
      `<p title="a : b"><a href="https://x.fr/?q=1">Lien</a>${n}: voir <code>a ? b : c</code>${n}!</p>`,
    );
  });

  it("moves a space that ends the text before a tag whose text starts with a sign", () => {
    expect(frenchHtml("Lieu <strong>: gymnase</strong>")).toBe(`Lieu${n}<strong>: gymnase</strong>`);
  });
});

describe("frenchProps", () => {
  it("fixes children, adjacent strings and text attributes of host elements", () => {
    expect(frenchProps("p", { children: ["Bonjour ", "Lan", " !"] })).toEqual({
      children: ["Bonjour ", "Lan", `${n}!`],
    });
    expect(frenchProps("span", { children: ["Lieu ", ": gymnase"] })).toEqual({ children: [`Lieu${n}`, ": gymnase"] });
    expect(frenchProps("img", { alt: "Salut : main", src: "/a?b" })).toEqual({ alt: `Salut${n}: main`, src: "/a?b" });
  });

  it("leaves code, form values and non-text attributes alone and returns the same object when nothing changes", () => {
    const code = { children: "a ? b : c" };
    expect(frenchProps("code", code)).toBe(code);
    const textarea = { children: "Texte saisi ?" };
    expect(frenchProps("textarea", textarea)).toBe(textarea);
    const input = { value: "Question ?", href: "x ?" };
    expect(frenchProps("input", input)).toBe(input);
    const plain = { children: "Rien à changer" };
    expect(frenchProps("p", plain)).toBe(plain);
  });
});

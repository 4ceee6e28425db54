/**
 * The registration documents the first start offers (/inscription-documents) are blank forms
 * for any club: their sources (docs/documents-src, printed to public/documents by
 * scripts/build-documents.sh) name no club, town, venue, e-mail address or federation; the
 * club's name is a line to fill in.
 */
import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { seedDocumentList } from "./documents.server";

describe("seeded registration documents", () => {
  for (const doc of seedDocumentList) {
    const name = doc.href.replace(/^\/documents\/(.+)\.pdf$/, "$1");
    it(`${name}: printed, and its source names no club`, () => {
      expect(existsSync(`public${doc.href}`)).toBe(true);
      const html = readFileSync(`docs/documents-src/${name}.html`, "utf8");
      const text = html.replace(/<[^>]*>/g, " ");
      expect(text).not.toMatch(/Créteil|Casalis|Jean Gabin|FFKDA|FFVV|fédération française|\b\d{5}\b|@/i);
      expect(html).toContain('<span class="label">Club :</span><span class="line"></span>');
    });
  }

  it("offer no club rules as adopted: the model says it is one, and invents no trial or payment terms", () => {
    expect(seedDocumentList.map((d) => d.href)).not.toContain("/documents/reglement-interieur.pdf");
    expect(existsSync("public/documents/modele-reglement-interieur.pdf")).toBe(true);
    const text = readFileSync("docs/documents-src/modele-reglement-interieur.html", "utf8").replace(/<[^>]*>/g, " ");
    expect(text).toContain("Modèle à adapter");
    expect(text).not.toMatch(/Adopté par|deux cours d'essai|paiement en plusieurs fois/i);
  });
});

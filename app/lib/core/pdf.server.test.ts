/**
 * The PDF writer, read back without any outside tool
 * (tests/helpers/pdf-text.ts): every Vietnamese and French letter comes back
 * exactly, the fonts are embedded as small subsets, centred lines are centred
 * with the font's real widths, and the fonts shipped in the repository cover
 * the letters the club writes.
 */
import { readFileSync, statSync } from "node:fs";
import path from "node:path";
import fontkit from "@pdf-lib/fontkit";
import { describe, expect, it } from "vitest";
import { readPdf } from "../../../tests/helpers/pdf-text";
import { FONT_FILES, FONT_FOLDER, simplePdf } from "./pdf.server";

const META = { title: "Essai", author: "Club" };

/** Vietnamese letters: Latin Extended Additional U+1EA0–U+1EF9, plus those outside it. */
const VIETNAMESE = [
  ...Array.from({ length: 0x1ef9 - 0x1ea0 + 1 }, (_, i) => String.fromCodePoint(0x1ea0 + i)),
  ..."ĂăÂâĐđÊêÔôƠơƯưÀàÁáÃãÈèÉéÌìÍíĨĩÒòÓóÕõÙùÚúŨũÝý",
];
const FRENCH = [..."«»€œŒ’àâäçéèêëîïôöùûüÿÀÂÇÉÈÊËÎÏÔÙÛÜŸ–—…", "\u00a0", "\u202f"];

describe("the PDF writer", () => {
  it("prints Vietnamese and French letters whole: the text read back is exactly the text written", async () => {
    const texts = [
      "Nguyễn Thị Đức",
      "Hoàng đai tam cấp",
      "Chuẩn hồng đai, Nhập môn, Lam đai I",
      "Ơ ơ Ư ư Đ đ ự ậ ệ ỹ",
      "Cœur d’été, 440\u00a0€",
    ];
    const pdf = await simplePdf(
      texts.map((text, i) => ({ text, size: 12 + i * 2, bold: i % 2 === 1, center: i === 0 })),
      META,
    );
    const { lines, title } = await readPdf(pdf);
    expect(lines).toEqual(texts);
    expect(title).toBe("Essai");
  });

  it("writes French spacing: a no-break space before « : ; ! ? » and inside « »", async () => {
    const { lines } = await readPdf(
      await simplePdf([{ text: "Attestation de paiement : saison 2026-2027, « Vovinam »", size: 12 }], META),
    );
    expect(lines).toEqual(["Attestation de paiement\u00a0: saison 2026-2027, «\u00a0Vovinam\u00a0»"]);
  });

  it("embeds subsets of the two fonts, a few kilobytes each, not the 380 KB files", async () => {
    const pdf = await simplePdf(
      [
        { text: "Diplôme de grade", size: 30, bold: true },
        { text: "Nguyễn Thị Đức a réussi l’examen du grade Hoàng đai tam cấp.", size: 12 },
      ],
      META,
    );
    const { fontFileSizes } = await readPdf(pdf);
    // Two fonts, named as subsets (a tag of six capitals and « + »).
    expect(Object.keys(fontFileSizes).sort()).toEqual(["DJVSRB+DejaVuSerif-Bold", "DJVSRR+DejaVuSerif"]);
    const sizes = Object.values(fontFileSizes);
    const whole = statSync(path.join(FONT_FOLDER, FONT_FILES.regular)).size;
    expect(whole).toBeGreaterThan(300_000);
    for (const size of sizes) expect(size).toBeLessThan(40_000);
    expect(pdf.length).toBeLessThan(80_000);
  });

  it("centres a line with the font's real widths, and wraps a paragraph inside the margins", async () => {
    const name = "Nguyễn Thị Đức";
    const paragraph = "L’association atteste que la famille a réglé la cotisation annuelle. ".repeat(4).trim();
    const { items, pageWidth } = await readPdf(
      await simplePdf(
        [
          { text: name, size: 26, bold: true, center: true },
          { text: paragraph, size: 11 },
        ],
        META,
      ),
    );
    const font = fontkit.create(readFileSync(path.join(FONT_FOLDER, FONT_FILES.bold)));
    const width = (font.layout(name).glyphs.reduce((s, g) => s + g.advanceWidth, 0) * 26) / font.unitsPerEm;
    const centred = items[0]!;
    expect(centred.text).toBe(name);
    expect(Math.abs(centred.x + width / 2 - pageWidth / 2)).toBeLessThan(0.01);
    const body = items.slice(1);
    expect(body.length).toBeGreaterThan(2);
    expect(body.map((l) => l.text).join(" ")).toBe(paragraph);
    const regular = fontkit.create(readFileSync(path.join(FONT_FOLDER, FONT_FILES.regular)));
    for (const line of body) {
      const w = (regular.layout(line.text).glyphs.reduce((s, g) => s + g.advanceWidth, 0) * 11) / regular.unitsPerEm;
      expect(line.x + w).toBeLessThanOrEqual(pageWidth - 56 + 0.01);
    }
  });

  it("prints a character the font lacks as its bare letter or « ? », never an empty box", async () => {
    // DejaVu has no « ≮ » (U+226E) but has its base « < », nor any emoji or Chinese character.
    const { lines } = await readPdf(await simplePdf([{ text: "Lan 🥋 ≮ 漢", size: 12 }], META));
    expect(lines).toEqual(["Lan ? < ?"]);
  });

  it.each(Object.values(FONT_FILES))("ships %s covering every Vietnamese and French letter", (file) => {
    const font = fontkit.create(readFileSync(path.join(FONT_FOLDER, file)));
    const missing = [...VIETNAMESE, ...FRENCH].filter((ch) => !font.hasGlyphForCodePoint(ch.codePointAt(0)!));
    expect(missing).toEqual([]);
  });
});

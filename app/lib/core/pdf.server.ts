/**
 * One-page A4 PDF documents (payment certificate, grade diploma), drawn with
 * pdf-lib in DejaVu Serif, regular and bold, embedded as SUBSETS.
 *
 * Rules:
 *  - Every letter prints whole: Vietnamese (ậ, ự, Đ, ơ, ư…), French (œ, « », €,
 *    ’, no-break spaces). Texts are NFC; a character the font lacks (an emoji in
 *    a name) falls back to its bare letter, else « ? », never an empty box.
 *  - French spacing as on the pages (`frenchText`): a no-break
 *    space before « : ; ! ? » and inside « », so a line never starts with them.
 *  - Only the glyphs a document uses are embedded (a few kilobytes, not the
 *    380 KB files); pdf-lib writes a ToUnicode map, so copying or searching the
 *    text gives back the exact letters.
 *  - Widths come from the font's metrics: centring is exact and paragraphs wrap
 *    at the margins (a word longer than a line is cut).
 *  - pdf-lib and fontkit are loaded with the first document, not when the server starts: their
 *    import took about 0.5 s of the cold start.
 *  - The fonts are files of the repository (`app/assets/fonts/`, their licence
 *    beside them), read once from the working directory, as the migrations are:
 *    `npm start`, Vitest and the scripts run from the repository's root.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import type { PDFDocument as PdfDocument, PDFFont, PDFPage, RGB } from "pdf-lib";
import { frenchText } from "../typography/french";
import { lazyOnce } from "./lazy";

export const FONT_FOLDER = path.resolve(process.cwd(), "app/assets/fonts");
export const FONT_FILES = { regular: "DejaVuSerif.ttf", bold: "DejaVuSerif-Bold.ttf" } as const;

/** A4 in points. */
const PAGE = { width: 595.28, height: 841.89 };
const MARGIN = 56;
type Fontkit = Parameters<PdfDocument["registerFontkit"]>[0];

/** The colours, in 0–255 per channel. */
const COLORS = {
  ink: [0x0f, 0x17, 0x2a],
  club: [0x13, 0x2f, 0x63],
  muted: [0x47, 0x55, 0x69],
} as const satisfies Record<string, readonly [number, number, number]>;

/** pdf-lib, its colours and fontkit, imported once, when the first document is drawn. */
const pdfModules = lazyOnce(() =>
  Promise.all([import("pdf-lib"), import("@pdf-lib/fontkit")]).then(([lib, kit]) => ({
    PDFDocument: lib.PDFDocument,
    // A CommonJS module: its `module.exports` (the `create` function and the rest) is the default export.
    fontkit: (kit as unknown as { default: Fontkit }).default,
    colors: {
      ink: lib.rgb(COLORS.ink[0] / 255, COLORS.ink[1] / 255, COLORS.ink[2] / 255),
      club: lib.rgb(COLORS.club[0] / 255, COLORS.club[1] / 255, COLORS.club[2] / 255),
      muted: lib.rgb(COLORS.muted[0] / 255, COLORS.muted[1] / 255, COLORS.muted[2] / 255),
    } satisfies Record<keyof typeof COLORS, RGB>,
  })),
);

let fontBytes: Record<keyof typeof FONT_FILES, Uint8Array> | null = null;

/** The two font files, read once. */
function fonts(): Record<keyof typeof FONT_FILES, Uint8Array> {
  fontBytes ??= {
    regular: readFileSync(path.join(FONT_FOLDER, FONT_FILES.regular)),
    bold: readFileSync(path.join(FONT_FOLDER, FONT_FILES.bold)),
  };
  return fontBytes;
}

export interface PdfBlock {
  text: string;
  size: number;
  gapBefore?: number;
  /** Centred on the page (with the font's real widths). */
  center?: boolean;
  bold?: boolean;
  color?: keyof typeof COLORS;
  /**
   * A second text on the same line: `text` is then centred on the left half
   * of the page and `right` on the right half (signatures).
   */
  right?: string;
}

export interface PdfOptions {
  /** The document's title (shown by readers, kept in its properties). */
  title: string;
  /** Who issues it (the club). */
  author: string;
  /** A double frame around the page, in the club's colour (diplomas). */
  frame?: boolean;
  /** Where the first block starts, in points from the top of the page. */
  top?: number;
}

/** `text` in French spacing, with only characters the font has: NFC, then the bare letter, then « ? ». */
function printable(text: string, charset: Set<number>): string {
  let out = "";
  for (const ch of frenchText(text.normalize("NFC"))) {
    const cp = ch.codePointAt(0)!;
    if (charset.has(cp)) out += ch;
    else if (/\s/.test(ch)) out += " ";
    else {
      const base = ch.normalize("NFD").codePointAt(0)!;
      out += charset.has(base) ? String.fromCodePoint(base) : "?";
    }
  }
  return out;
}

/** Splits a paragraph into lines no wider than `max` points. */
function wrap(text: string, font: PDFFont, size: number, max: number): string[] {
  const width = (s: string) => font.widthOfTextAtSize(s, size);
  const lines: string[] = [];
  let line = "";
  for (let word of text.split(" ")) {
    if (line && width(`${line} ${word}`) <= max) {
      line = `${line} ${word}`;
      continue;
    }
    if (line) lines.push(line);
    // A word wider than the line (an address, a long name): cut where it must.
    while (width(word) > max) {
      let cut = [...word].length - 1;
      while (cut > 1 && width([...word].slice(0, cut).join("")) > max) cut--;
      lines.push([...word].slice(0, cut).join(""));
      word = [...word].slice(cut).join("");
    }
    line = word;
  }
  if (line || !lines.length) lines.push(line);
  return lines;
}

function drawFrame(page: PDFPage, color: RGB): void {
  const outer = 22;
  const inner = 29;
  for (const [inset, thickness] of [
    [outer, 2.5],
    [inner, 0.8],
  ] as const) {
    page.drawRectangle({
      x: inset,
      y: inset,
      width: PAGE.width - 2 * inset,
      height: PAGE.height - 2 * inset,
      borderColor: color,
      borderWidth: thickness,
    });
  }
}

/** A one-page A4 PDF: `blocks` of text from the top, each with its size and gap. */
export async function simplePdf(blocks: PdfBlock[], options: PdfOptions): Promise<Uint8Array<ArrayBuffer>> {
  const { PDFDocument, fontkit, colors } = await pdfModules();
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.registerFontkit(fontkit);
  const files = fonts();
  // Subset fonts are named with a tag of six capitals (PDF 32000-1, 9.6.4): readers then know it is a subset.
  const regular = await doc.embedFont(files.regular, { subset: true, customName: "DJVSRR+DejaVuSerif" });
  const bold = await doc.embedFont(files.bold, { subset: true, customName: "DJVSRB+DejaVuSerif-Bold" });
  const charsets = new Map<PDFFont, Set<number>>([
    [regular, new Set(regular.getCharacterSet())],
    [bold, new Set(bold.getCharacterSet())],
  ]);
  doc.setTitle(frenchText(options.title), { showInWindowTitleBar: true });
  doc.setAuthor(options.author);
  doc.setCreator(options.author);
  doc.setProducer("pdf-lib");
  doc.setLanguage("fr-FR");

  const page = doc.addPage([PAGE.width, PAGE.height]);
  if (options.frame) drawFrame(page, colors.club);
  const width = PAGE.width - 2 * MARGIN;
  let y = PAGE.height - (options.top ?? 42);
  for (const b of blocks) {
    const font = b.bold ? bold : regular;
    const charset = charsets.get(font)!;
    const color = colors[b.color ?? "ink"];
    y -= b.gapBefore ?? 0;
    if (b.right !== undefined) {
      y -= b.size * 1.4;
      const half = PAGE.width / 2;
      for (const [text, middle] of [
        [b.text, (MARGIN + half) / 2],
        [b.right, (half + PAGE.width - MARGIN) / 2],
      ] as const) {
        const line = printable(text, charset);
        const x = middle - font.widthOfTextAtSize(line, b.size) / 2;
        if (line) page.drawText(line, { x, y, size: b.size, font, color });
      }
      continue;
    }
    for (const line of wrap(printable(b.text, charset), font, b.size, width)) {
      y -= b.size * 1.4;
      const x = b.center ? (PAGE.width - font.widthOfTextAtSize(line, b.size)) / 2 : MARGIN;
      if (line) page.drawText(line, { x, y, size: b.size, font, color });
    }
  }
  return new Uint8Array(await doc.save());
}

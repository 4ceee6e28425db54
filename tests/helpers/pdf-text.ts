/**
 * Reads back the text of a PDF written by app/lib/core/pdf.server.ts the way
 * a reader's copy or search does, without any outside tool: each text-showing
 * operator's glyph ids (Identity-H, two bytes each) are mapped through its
 * font's ToUnicode map. For tests: one string per drawn line, in drawing order
 * (with where and in which font it is drawn), plus the sizes of the embedded
 * font files.
 */
import { decodePDFRawStream, PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream, PDFStream } from "pdf-lib";

export interface PdfLine {
  text: string;
  /** Start of the line's baseline, in points from the bottom left corner. */
  x: number;
  y: number;
  size: number;
  /** The font's resource name on the page. */
  font: string;
}

export interface PdfReading {
  lines: string[];
  items: PdfLine[];
  pageWidth: number;
  /** Bytes of each embedded font program (FontFile2), by the font's name (`DJVSRR+DejaVuSerif`). */
  fontFileSizes: Record<string, number>;
  title: string | undefined;
}

function streamText(stream: PDFStream): string {
  const bytes = stream instanceof PDFRawStream ? decodePDFRawStream(stream).decode() : stream.getContents();
  return Buffer.from(bytes).toString("latin1");
}

/** Glyph id (4 hex digits) -> text, from a ToUnicode CMap's bfchar entries (what pdf-lib writes). */
function toUnicodeMap(cmap: string): Map<string, string> {
  const map = new Map<string, string>();
  for (const section of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const [, id, hex] of section[1]!.matchAll(/<([0-9a-fA-F]{4})>\s*<([0-9a-fA-F]*)>/g)) {
      const units = hex!.match(/.{4}/g) ?? [];
      map.set(id!.toLowerCase(), String.fromCharCode(...units.map((u) => parseInt(u, 16))));
    }
  }
  return map;
}

export async function readPdf(bytes: Uint8Array): Promise<PdfReading> {
  const doc = await PDFDocument.load(bytes, { updateMetadata: false });
  const page = doc.getPage(0);
  const fontDict = page.node.Resources()?.lookup(PDFName.of("Font"), PDFDict);
  const maps = new Map<string, Map<string, string>>();
  const fontFileSizes: Record<string, number> = {};
  for (const [name, ref] of fontDict?.entries() ?? []) {
    const font = doc.context.lookup(ref, PDFDict);
    const toUnicode = font.lookup(PDFName.of("ToUnicode"), PDFStream);
    maps.set(name.decodeText(), toUnicodeMap(streamText(toUnicode)));
    // pdf-lib names the same font anew at each line drawn: sizes are counted per font, by its name.
    const baseFont = font.lookup(PDFName.of("BaseFont"), PDFName).decodeText();
    const descendant = font.lookup(PDFName.of("DescendantFonts"), PDFArray).lookup(0, PDFDict);
    const descriptor = descendant.lookup(PDFName.of("FontDescriptor"), PDFDict);
    const file = descriptor.lookup(PDFName.of("FontFile2"), PDFStream);
    fontFileSizes[baseFont] = file.getContentsSize();
  }
  const contents = page.node.Contents();
  const streams: PDFStream[] = [];
  if (contents instanceof PDFArray) {
    for (let i = 0; i < contents.size(); i++) streams.push(contents.lookup(i, PDFStream));
  } else if (contents) streams.push(contents);
  const items: PdfLine[] = [];
  let font = "";
  let size = 0;
  let [x, y] = [0, 0];
  const num = String.raw`(-?[\d.]+)`;
  const ops = new RegExp(
    String.raw`\/([^\s/<>[\]()]+)\s+${num}\s+Tf|(?:${num}\s+){4}${num}\s+${num}\s+Tm|<([0-9a-fA-F]*)>\s*Tj`,
    "g",
  );
  for (const stream of streams) {
    for (const op of streamText(stream).matchAll(ops)) {
      if (op[1] !== undefined) [font, size] = [op[1], Number(op[2])];
      else if (op[4] !== undefined) [x, y] = [Number(op[4]), Number(op[5])];
      else {
        const ids = op[6]!.toLowerCase().match(/.{4}/g) ?? [];
        const text = ids.map((id) => maps.get(font)?.get(id) ?? "\ufffd").join("");
        items.push({ text, x, y, size, font });
      }
    }
  }
  return {
    lines: items.map((i) => i.text),
    items,
    pageWidth: page.getWidth(),
    fontFileSizes,
    title: doc.getTitle(),
  };
}

/**
 * One-page PDF documents written by hand (payment certificate, grade
 * diploma): PDF 1.4, the standard Helvetica font in WinAnsiEncoding (French
 * accents, « », €, ’), no library and no font file. Vietnamese letters that
 * WinAnsi lacks keep the marks it has ("ệ" prints "ê") and lose the others
 * ("ự" prints "u"): embedding a Unicode font would print them whole.
 */

const WIN_ANSI: Record<string, number> = {
  "€": 0x80,
  "‚": 0x82,
  "„": 0x84,
  "…": 0x85,
  "‘": 0x91,
  "’": 0x92,
  "“": 0x93,
  "”": 0x94,
  "•": 0x95,
  "–": 0x96,
  "—": 0x97,
  œ: 0x9c,
  Œ: 0x8c,
  Ÿ: 0x9f,
  "\u202f": 0xa0,
};

/** The WinAnsi code of one character, or null. */
function winAnsi(ch: string): number | null {
  const cp = ch.codePointAt(0)!;
  return WIN_ANSI[ch] ?? (cp < 256 && !(cp >= 0x80 && cp < 0xa0) ? cp : null);
}

/**
 * A character WinAnsi cannot print, brought back to the nearest one it can:
 * one mark dropped ("ệ" -> "ê", "ậ" -> "â"), else all of them ("ự" -> "u"), "đ" -> "d";
 * "?" when nothing is left.
 */
function nearestWinAnsi(ch: string): number {
  const direct = winAnsi(ch);
  if (direct !== null) return direct;
  if (ch === "đ") return 0x64;
  if (ch === "Đ") return 0x44;
  const [base = "", ...marks] = [...ch.normalize("NFD")];
  // One mark less, whichever it is ("ậ" = a + dot below + circumflex -> "â"), then the bare letter.
  for (let i = marks.length - 1; i >= 0; i--) {
    const code = winAnsi((base + marks.filter((_, j) => j !== i).join("")).normalize("NFC"));
    if (code !== null) return code;
  }
  const bare = winAnsi(base);
  if (bare !== null) return bare;
  return 0x3f;
}

/** A PDF string literal of `text` in WinAnsiEncoding (Vietnamese letters outside it lose the marks it lacks). */
function pdfString(text: string): string {
  let out = "";
  for (const ch of text.normalize("NFC")) {
    const code = nearestWinAnsi(ch);
    if (code === 0x28 || code === 0x29 || code === 0x5c) out += "\\" + String.fromCharCode(code);
    else if (code < 0x20 || code > 0x7e) out += "\\" + code.toString(8).padStart(3, "0");
    else out += String.fromCharCode(code);
  }
  return `(${out})`;
}

/** Splits a paragraph into lines of at most `max` characters (Helvetica 11 pt ≈ 90 on A4). */
function wrap(text: string, max: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(" ")) {
    if (line && (line + " " + word).length > max) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

export interface PdfBlock {
  text: string;
  size: number;
  gapBefore?: number;
  /** Centred on the page (width estimated from the font size). */
  center?: boolean;
}

/** A one-page A4 PDF: `blocks` of text from the top, each with its font size. */
export function simplePdf(blocks: PdfBlock[]): Uint8Array<ArrayBuffer> {
  const ops: string[] = ["BT"];
  let y = 800;
  for (const b of blocks) {
    y -= b.gapBefore ?? 0;
    for (const line of wrap(b.text, Math.floor(1000 / b.size))) {
      y -= b.size * 1.4;
      // Helvetica's average glyph is about half the font size wide.
      const x = b.center ? Math.max(56, (595 - line.length * b.size * 0.5) / 2) : 56;
      ops.push(`/F1 ${b.size} Tf`, `1 0 0 1 ${x.toFixed(1)} ${y.toFixed(1)} Tm`, `${pdfString(line)} Tj`);
    }
  }
  ops.push("ET");
  const stream = ops.join("\n");
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>",
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
  ];
  let pdf = "%PDF-1.4\n%\xe2\xe3\xcf\xd3\n";
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(pdf.length);
    pdf += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const off of offsets) pdf += `${String(off).padStart(10, "0")} 00000 n \n`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Uint8Array.from(pdf, (c) => c.charCodeAt(0));
}

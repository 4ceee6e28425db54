/**
 * French typography, applied at render (docs/decisions/0021-french-typography.md).
 *
 * Rules:
 * - A breakable space (or none) before « : ; ! ? » becomes ONE no-break space
 *   U+00A0; the spaces inside « » become U+00A0 (added when missing).
 *   A space that is already U+00A0 or U+202F is kept as is.
 * - Only spaces that are there are replaced before : ; ! ? — never one added —
 *   so URLs ("https://…"), times ("17:30") and "?page=2" stay untouched.
 * - `frenchHtml` changes text between tags only, never attributes, and
 *   leaves <code>, <pre>, <kbd>, <samp>, <script>, <style>, <textarea> alone.
 * - Pure and browser-safe: the same result on the server and in the browser
 *   (hydration must see the same text).
 */

export const NBSP = "\u00a0";

/** Quick test: nothing to do when none of these signs is present. */
const SIGNS = /[:;!?«»]/;
/** Breakable white space (everything but U+00A0 / U+202F) before : ; ! ? */
const BEFORE_PUNCTUATION = /[^\S\u00a0\u202f]+(?=[:;!?])/g;
const AFTER_OPENING_QUOTE = /«(?:[^\S\u00a0\u202f]+|(?=[^\s\u00a0\u202f]))/g;
const BEFORE_CLOSING_QUOTE = /(?:[^\S\u00a0\u202f]+|(?<=[^\s\u00a0\u202f]))»/g;

/** French spacing of one plain text. */
export function frenchText(text: string): string {
  if (!SIGNS.test(text)) return text;
  return text
    .replace(BEFORE_PUNCTUATION, NBSP)
    .replace(AFTER_OPENING_QUOTE, `«${NBSP}`)
    .replace(BEFORE_CLOSING_QUOTE, `${NBSP}»`);
}

/** Does this text start with a sign that takes a no-break space before it? */
export function startsWithFrenchSign(text: string): boolean {
  return /^[:;!?»]/.test(text);
}

/** Replaces trailing breakable white space by one no-break space. */
export function nbspAtEnd(text: string): string {
  return text.replace(/[^\S\u00a0\u202f]+$/, NBSP);
}

const SKIPPED = new Set(["code", "pre", "kbd", "samp", "script", "style", "textarea"]);

/** French spacing of the text nodes of an HTML fragment (sanitised rich text). */
export function frenchHtml(html: string): string {
  if (!SIGNS.test(html)) return html;
  const parts = html.split(/(<[^>]*>)/);
  const skipping: string[] = [];
  let previousText = -1;
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i] ?? "";
    if (i % 2 === 1) {
      const tag = /^<(\/?)([a-zA-Z][\w-]*)/.exec(part);
      if (tag?.[2]) {
        const name = tag[2].toLowerCase();
        if (SKIPPED.has(name)) {
          if (tag[1]) skipping.pop();
          else if (!part.endsWith("/>")) skipping.push(name);
          previousText = -1;
        }
      }
      continue;
    }
    if (skipping.length > 0 || part === "") continue;
    const text = frenchText(part);
    // "<strong>Lieu</strong> :" — the space sits in the text after the tag (handled);
    // "Lieu <strong>:</strong>" — the space sits at the end of the previous text.
    if (previousText >= 0 && startsWithFrenchSign(text)) parts[previousText] = nbspAtEnd(parts[previousText] ?? "");
    parts[i] = text;
    previousText = i;
  }
  return parts.join("");
}

/**
 * The one layout of every e-mail the site sends, and the shape of a message
 * template (one module per message in this folder, listed in index.ts).
 * Browser-safe and pure: the admin preview renders the same functions.
 *
 * Rules:
 *  - A template is a pure function of typed data and of the club (its identity
 *    settings and the site's address); it returns the subject and the body's
 *    lines, an empty line between paragraphs. The layout makes both versions:
 *    the plain text (always present: the lines as written) and the HTML (the
 *    same words, escaped, in the club's frame).
 *  - French typography is applied here to the subject and to every line
 *    (no-break space before « : ; ! ? » and inside « »). A text written by a
 *    person (a visitor's message, a refusal's reason) goes in `verbatim()`:
 *    sent as typed.
 *  - The frame carries only what the club entered: its name (the art's name
 *    while none is entered), the association, the venue and the club's e-mail
 *    when set, and the site's address. A missing setting is left out.
 *  - Everything inserted in the HTML is escaped; addresses starting with
 *    http(s):// become links.
 */
import type { Settings } from "../../club/settings-schemas";
import { clubDisplayName, venueLines } from "../../club/identity";
import { frenchText } from "../../typography/french";

type Identity = Settings["identity"];

/** What a template may know of the club. */
export interface MailClub {
  identity: Pick<
    Identity,
    "clubName" | "shortName" | "associationName" | "sportsComplex" | "street" | "postalCode" | "city" | "email"
  >;
  /** The site's address, without a trailing slash: links are built on it. */
  baseUrl: string;
}

/** A line of a message: a sentence of the template, or a person's own text sent as typed. */
export type MailLine = string | { verbatim: string };

/** What a template writes. */
export interface MailDraft {
  subject: string;
  lines: readonly MailLine[];
}

/** What the outbox receives. */
export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

export interface MailTemplate<D> {
  /** Stable name of the message (the preview page's anchor). */
  id: string;
  /** What the message is, for the preview page. */
  label: string;
  /** Who receives it and when. */
  when: string;
  /** The preview's data: made-up names and values, shown as an example. */
  sample: D;
  /** The subject and the lines of the message. */
  write(data: D, club: MailClub): MailDraft;
}

/** Declares a message template (typed data in, subject and lines out). */
export function defineMail<D>(template: MailTemplate<D>): MailTemplate<D> {
  return template;
}

/** A person's own text (a message, a reason): no typographic change. */
export function verbatim(text: string): MailLine {
  return { verbatim: text };
}

/** Subject, text and HTML of a template for this data and this club. */
export function renderMail<D>(template: MailTemplate<D>, data: D, club: MailClub): RenderedMail {
  const draft = template.write(data, club);
  const subject = frenchText(draft.subject);
  const lines = draft.lines.map((l) => (typeof l === "string" ? frenchText(l) : l.verbatim));
  return { subject, text: lines.join("\n"), html: htmlLayout(subject, lines, club) };
}

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Text made safe to put in HTML (content or attribute). */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}

const URL_PATTERN = /https?:\/\/[^\s<>"]+[^\s<>".,;:!?)]/g;

/** One line as HTML: escaped, its addresses as links. */
function inline(text: string): string {
  let out = "";
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const url = match[0];
    out +=
      escapeHtml(text.slice(last, match.index)) +
      `<a href="${escapeHtml(url)}" style="color:#1d4ed8">${escapeHtml(url)}</a>`;
    last = match.index + url.length;
  }
  return (out + escapeHtml(text.slice(last))).replace(/\n/g, "<br>");
}

const ITEM = /^(?:- |• )/;
const P = 'style="margin:0 0 16px"';

/** The body's paragraphs: lines joined by <br>; lines starting with « - » or « • » as a list. */
function bodyHtml(lines: readonly string[]): string {
  const blocks: string[][] = [[]];
  for (const line of lines) {
    if (line.trim() === "") blocks.push([]);
    else blocks[blocks.length - 1]!.push(line);
  }
  const out: string[] = [];
  for (const block of blocks.filter((b) => b.length)) {
    let para: string[] = [];
    let items: string[] = [];
    const flush = () => {
      if (para.length) out.push(`<p ${P}>${para.join("<br>")}</p>`);
      if (items.length)
        out.push(`<ul style="margin:0 0 16px;padding-left:24px">${items.map((i) => `<li>${i}</li>`).join("")}</ul>`);
      para = [];
      items = [];
    };
    for (const line of block) {
      if (ITEM.test(line)) {
        if (para.length) flush();
        items.push(inline(line.replace(ITEM, "")));
      } else if (items.length && /^\s+/.test(line)) {
        items[items.length - 1] += `<br>${inline(line.trim())}`;
      } else {
        if (items.length) flush();
        para.push(inline(line));
      }
    }
    flush();
  }
  return out.join("\n");
}

/** The club's lines at the foot of the message: only what the club entered. */
function footerLines(club: MailClub): string[] {
  const { identity } = club;
  const association = identity.associationName.trim();
  const name = clubDisplayName(identity);
  return [
    name,
    ...(association && association !== name ? [association] : []),
    ...venueLines(identity),
    ...(identity.email.trim() ? [identity.email.trim()] : []),
    club.baseUrl,
  ];
}

function htmlLayout(subject: string, lines: readonly string[], club: MailClub): string {
  const name = escapeHtml(clubDisplayName(club.identity));
  const footer = footerLines(club).map(inline).join("<br>");
  return [
    "<!DOCTYPE html>",
    '<html lang="fr">',
    '<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(subject)}</title></head>`,
    '<body style="margin:0;padding:0;background:#f1f5f9;color:#0f172a;font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5">',
    '<div style="max-width:600px;margin:0 auto;padding:24px 16px">',
    `<p style="margin:0 0 16px;font-size:18px;font-weight:bold;color:#1e3a8a">${name}</p>`,
    '<div style="background:#ffffff;border-radius:8px;padding:24px 20px">',
    bodyHtml(lines),
    "</div>",
    `<p style="margin:16px 0 0;font-size:13px;color:#475569">${footer}</p>`,
    "</div>",
    "</body>",
    "</html>",
  ].join("\n");
}

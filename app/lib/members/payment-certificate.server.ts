/**
 * The family's payment certificate (attestation de paiement, for an
 * employer's works council), as a one-page PDF written by hand: PDF 1.4, the
 * standard Helvetica font in WinAnsiEncoding (French accents, « », €, ’), no
 * library. Only for a registration the site knows as paid; the figures come
 * from the registration and its applied payments, never from the request.
 */
import { and, eq } from "drizzle-orm";
import { registrations, users } from "#db/schema";
import { db } from "../core/db.server";
import { DomainError } from "../core/errors";
import { getSetting } from "../club/settings.server";
import { formatEuros } from "../core/money";
import { formatDate, parisDate } from "../core/time";
import { PAYMENT_METHOD_LABELS } from "./campaign";
import { familyRegistration } from "./registration-payments.server";

const WIN_ANSI: Record<string, number> = {
  "€": 0x80, "‚": 0x82, "„": 0x84, "…": 0x85, "‘": 0x91, "’": 0x92, "“": 0x93, "”": 0x94, "•": 0x95, "–": 0x96, "—": 0x97,
  "œ": 0x9c, "Œ": 0x8c, "Ÿ": 0x9f, "\u202f": 0xa0,
};

/** A PDF string literal of `text` in WinAnsiEncoding (unknown characters become "?"). */
function pdfString(text: string): string {
  let out = "";
  for (const ch of text) {
    const code = WIN_ANSI[ch] ?? (ch.codePointAt(0)! < 256 && !(ch.codePointAt(0)! >= 0x80 && ch.codePointAt(0)! < 0xa0) ? ch.codePointAt(0)! : 0x3f);
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

/** A one-page A4 PDF: `blocks` of text from the top, each with its font size. */
function simplePdf(blocks: { text: string; size: number; gapBefore?: number }[]): Uint8Array<ArrayBuffer> {
  const ops: string[] = ["BT"];
  let y = 800;
  for (const b of blocks) {
    y -= b.gapBefore ?? 0;
    for (const line of wrap(b.text, Math.floor(1000 / b.size))) {
      y -= b.size * 1.4;
      ops.push(`/F1 ${b.size} Tf`, `1 0 0 1 56 ${y.toFixed(1)} Tm`, `${pdfString(line)} Tj`);
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

/** The payment certificate of the family's paid registration for `season`. */
export async function paymentCertificate(ownerId: string, season: string, now: Date = new Date()): Promise<Uint8Array<ArrayBuffer>> {
  const found = await familyRegistration(ownerId, season);
  if (!found || found.registration.status !== "payee") throw new DomainError("Aucune inscription payée pour cette saison.", { status: 404 });
  const [owner] = await db.select().from(users).where(eq(users.id, ownerId));
  const [reg] = await db.select().from(registrations).where(and(eq(registrations.id, found.registration.id), eq(registrations.ownerId, ownerId)));
  if (!owner || !reg) throw new DomainError("Aucune inscription payée pour cette saison.", { status: 404 });
  const identity = await getSetting("identity");
  const legal = await getSetting("legal");
  const applied = found.payments.filter((p) => p.state === "appliquee");
  const paidTotal = applied.reduce((s, p) => s + p.amountCents, 0);
  const payer = `${owner.prenom} ${owner.nom}`.trim() || owner.email;
  const blocks: { text: string; size: number; gapBefore?: number }[] = [
    { text: identity.associationName, size: 14 },
    { text: `${identity.street}, ${identity.postalCode} ${identity.city}`, size: 10 },
    { text: [legal.rna ? `RNA ${legal.rna}` : "", legal.siret ? `SIRET ${legal.siret}` : "", identity.email].filter(Boolean).join(" · "), size: 10 },
    { text: `Attestation de paiement : saison ${season}`, size: 18, gapBefore: 30 },
    {
      text: `L'association ${identity.associationName} atteste que ${payer} a réglé la somme de ${formatEuros(paidTotal)} au titre de la cotisation annuelle (adhésion, licence et cours) de la saison ${season}, pour les membres suivants :`,
      size: 11,
      gapBefore: 16,
    },
    ...found.lines.map((l) => ({ text: `• ${`${l.prenom} ${l.nom}`.trim()}, ${l.line.groupName} : ${formatEuros(l.line.amountCents)}`, size: 11, gapBefore: 4 })),
    { text: "Paiements reçus :", size: 11, gapBefore: 12 },
    ...applied.map((p) => ({ text: `• ${formatDate(p.appliedAt ?? p.createdAt)} : ${PAYMENT_METHOD_LABELS[p.method] ?? p.method}, ${formatEuros(p.amountCents)}`, size: 11, gapBefore: 4 })),
    { text: "Cette somme est une cotisation donnant accès aux cours : elle n'ouvre pas droit à la réduction d'impôt des dons.", size: 10, gapBefore: 16 },
    { text: `Fait à ${identity.city}, le ${formatDate(parisDate(now))}, pour servir et valoir ce que de droit.`, size: 11, gapBefore: 16 },
    { text: legal.president ? `${legal.president}, pour l'association` : "Pour l'association", size: 11, gapBefore: 8 },
  ];
  return simplePdf(blocks);
}

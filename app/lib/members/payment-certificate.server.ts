/**
 * The family's payment certificate (attestation de paiement, for an
 * employer's works council), as a one-page PDF (core/pdf.server.ts, every
 * letter of the names printed whole, decision 0031). Only for a registration the site knows as paid; the figures come
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
import { simplePdf, type PdfBlock } from "../core/pdf.server";
import { que } from "../typography/elision";

/** The payment certificate of the family's paid registration for `season`. */
export async function paymentCertificate(
  ownerId: string,
  season: string,
  now: Date = new Date(),
): Promise<Uint8Array<ArrayBuffer>> {
  const found = await familyRegistration(ownerId, season);
  if (!found || found.registration.status !== "payee")
    throw new DomainError("Aucune inscription payée pour cette saison.", { status: 404 });
  const [owner] = await db.select().from(users).where(eq(users.id, ownerId));
  const [reg] = await db
    .select()
    .from(registrations)
    .where(and(eq(registrations.id, found.registration.id), eq(registrations.ownerId, ownerId)));
  if (!owner || !reg) throw new DomainError("Aucune inscription payée pour cette saison.", { status: 404 });
  const identity = await getSetting("identity");
  const legal = await getSetting("legal");
  const applied = found.payments.filter((p) => p.state === "appliquee");
  const paidTotal = applied.reduce((s, p) => s + p.amountCents, 0);
  const payer = `${owner.prenom} ${owner.nom}`.trim() || owner.email;
  const blocks: PdfBlock[] = [
    { text: identity.associationName, size: 14, bold: true, color: "club" },
    { text: `${identity.street}, ${identity.postalCode} ${identity.city}`, size: 10 },
    {
      text: [legal.rna ? `RNA ${legal.rna}` : "", legal.siret ? `SIRET ${legal.siret}` : "", identity.email]
        .filter(Boolean)
        .join(" · "),
      size: 10,
    },
    { text: `Attestation de paiement : saison ${season}`, size: 18, bold: true, gapBefore: 30 },
    {
      text: `L'association ${identity.associationName} atteste ${que(payer)} a réglé la somme de ${formatEuros(paidTotal)} au titre de la cotisation annuelle (adhésion, licence et cours) de la saison ${season}, pour les membres suivants :`,
      size: 11,
      gapBefore: 16,
    },
    ...found.lines.map((l) => ({
      text: `• ${`${l.prenom} ${l.nom}`.trim()}, ${l.line.groupName} : ${formatEuros(l.line.amountCents)}`,
      size: 11,
      gapBefore: 4,
    })),
    { text: "Paiements reçus :", size: 11, gapBefore: 12 },
    ...applied.map((p) => ({
      text: `• ${formatDate(p.appliedAt ?? p.createdAt)} : ${PAYMENT_METHOD_LABELS[p.method] ?? p.method}, ${formatEuros(p.amountCents)}`,
      size: 11,
      gapBefore: 4,
    })),
    {
      text: "Cette somme est une cotisation donnant accès aux cours : elle n'ouvre pas droit à la réduction d'impôt des dons.",
      size: 10,
      gapBefore: 16,
    },
    {
      text: `Fait à ${identity.city}, le ${formatDate(parisDate(now))}, pour servir et valoir ce que de droit.`,
      size: 11,
      gapBefore: 16,
    },
    { text: legal.president ? `${legal.president}, pour l'association` : "Pour l'association", size: 11, gapBefore: 8 },
  ];
  return await simplePdf(blocks, {
    title: `Attestation de paiement : saison ${season}`,
    author: identity.associationName,
  });
}

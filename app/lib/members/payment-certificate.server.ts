/**
 * The family's payment certificate (attestation de paiement, for an
 * employer's works council), as a one-page PDF (core/pdf.server.ts, every
 * letter of the names printed whole, decision 0031).
 *
 * Rules (issue 56):
 *  - It certifies only the money collected: each HelloAsso instalment
 *    `Authorized` and each cheque, cash, transfer or ANCV payment recorded,
 *    with its date; an instalment to come, refused, cancelled or refunded is
 *    not certified. Available as soon as something was collected; while the
 *    registration is not fully paid, it says what is left.
 *  - The figures come from the registration and its payments, never from the
 *    request.
 *  - The association is named as entered: « L'association » is written only
 *    when its name does not already start with « Association ».
 */
import { eq } from "drizzle-orm";
import { registrations, users } from "#db/schema";
import { db } from "../core/db.server";
import { DomainError } from "../core/errors";
import { ownRegistration } from "../accounts/ownership.server";
import { getSetting } from "../club/settings.server";
import { formatEuros } from "../core/money";
import { formatDate, parisDate } from "../core/time";
import { PAYMENT_METHOD_LABELS } from "./campaign";
import { moneySummary } from "./payment-schedule";
import { familyRegistration } from "./registration-payments.server";
import { simplePdf, type PdfBlock } from "../core/pdf.server";
import { que } from "../typography/elision";

/**
 * The subject of « … atteste que »: the name as entered when it already says
 * « Association … » (« Association Vovinam de Boulogne »), else
 * « L'association Les Lotus »; « L'association » alone when no name is entered.
 */
function associationSubject(name: string): string {
  const trimmed = name.trim();
  if (!trimmed) return "L'association";
  if (/^(l['’]\s*)?association\b/i.test(trimmed)) return trimmed.charAt(0).toUpperCase() + trimmed.slice(1);
  return `L'association ${trimmed}`;
}

/** The payment certificate of what the family paid for `season`. */
export async function paymentCertificate(
  ownerId: string,
  season: string,
  now: Date = new Date(),
): Promise<Uint8Array<ArrayBuffer>> {
  const found = await familyRegistration(ownerId, season);
  const money = found ? moneySummary(found.registration.totalCents, found.payments) : null;
  if (!found || !money || money.collectedCents <= 0)
    throw new DomainError("Aucun paiement encaissé pour cette saison.", { status: 404 });
  const [owner] = await db.select().from(users).where(eq(users.id, ownerId));
  const [reg] = await db.select().from(registrations).where(ownRegistration(ownerId, found.registration.id));
  if (!owner || !reg) throw new DomainError("Aucun paiement encaissé pour cette saison.", { status: 404 });
  const identity = await getSetting("identity");
  const legal = await getSetting("legal");
  const collected = money.schedule.filter((l) => l.state === "encaisse");
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
      text: `${associationSubject(identity.associationName)} atteste ${que(payer)} a réglé la somme de ${formatEuros(money.collectedCents)} au titre de la cotisation annuelle (adhésion, licence et cours) de la saison ${season}, d'un montant total de ${formatEuros(reg.totalCents)}, pour les membres suivants :`,
      size: 11,
      gapBefore: 16,
    },
    ...found.lines.map((l) => ({
      text: `• ${`${l.prenom} ${l.nom}`.trim()}, ${l.line.groupName} : ${formatEuros(l.line.amountCents)}`,
      size: 11,
      gapBefore: 4,
    })),
    { text: "Paiements encaissés :", size: 11, gapBefore: 12 },
    ...collected.map((l) => ({
      text: `• ${formatDate(l.date)} : ${PAYMENT_METHOD_LABELS[l.method] ?? l.method}${l.number !== null ? ` (échéance ${l.number})` : ""}, ${formatEuros(l.amountCents)}`,
      size: 11,
      gapBefore: 4,
    })),
    ...(money.collectedCents < reg.totalCents
      ? [
          {
            text: `Reste à régler à la date de cette attestation : ${formatEuros(reg.totalCents - money.collectedCents)}.`,
            size: 11,
            gapBefore: 8,
          },
        ]
      : []),
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

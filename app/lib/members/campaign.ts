/**
 * The registration campaign's arithmetic and forms (browser-safe, decision
 * 0024): the price of each profile from its group, the family discount, the
 * aid codes, the instalments. Amounts in cents; nothing hard-coded: every
 * figure comes from the `campaign` setting.
 *
 * Rules:
 *  - Family discount: members are ranked by price, most expensive first; the
 *    n-th gets the percent of the rule with the largest `fromMember` ≤ n
 *    (rounded to the cent).
 *  - An aid code is deducted after the discount; a line never goes below 0.
 *  - An aid counts (offered to families, deducted) only once the treasurer
 *    confirmed its amount for the campaign's season (`confirmedFor`, issue
 *    56): a new season keeps the last one's aids, « à confirmer ».
 *  - Minors (under 18 on the season's first day) need a parent's authorisation.
 */
import { z } from "zod";
import { checkbox, id, optionalText, requiredText } from "../http/fields";

/** How a payment was made, as shown to families and managers. */
export const PAYMENT_METHOD_LABELS: Record<string, string> = {
  helloasso: "HelloAsso",
  cheque: "chèque",
  especes: "espèces",
  virement: "virement",
  ancv: "chèques-vacances (ANCV)",
};

export interface Campaign {
  season: string;
  open: boolean;
  prices: { group: string; amountCents: number }[];
  familyDiscounts: { fromMember: number; percent: number }[];
  aids: Aid[];
  maxInstalments: number;
  rulesVersion: string;
  paymentInstructions: string[];
}

export interface Aid {
  code: string;
  label: string;
  amountCents: number;
  /** Who may claim it, shown to the family. */
  rules?: string | undefined;
  /** The season its amount was confirmed for. */
  confirmedFor?: string | undefined;
}

/** The aids whose amount is confirmed for the campaign's season: the only ones offered and deducted. */
export function confirmedAids(campaign: Pick<Campaign, "season" | "aids">): Aid[] {
  return campaign.aids.filter((a) => a.confirmedFor === campaign.season);
}

interface ChosenLine {
  profileId: number;
  group: string;
  aidCode: string;
}

interface PricedLine extends ChosenLine {
  priceCents: number;
  discountCents: number;
  aidCents: number;
  amountCents: number;
}

function priceOf(campaign: Campaign, group: string): number | null {
  return campaign.prices.find((p) => p.group === group)?.amountCents ?? null;
}

function discountPercent(campaign: Campaign, rank: number): number {
  let best: { fromMember: number; percent: number } | null = null;
  for (const rule of campaign.familyDiscounts)
    if (rule.fromMember <= rank && (!best || rule.fromMember > best.fromMember)) best = rule;
  return best?.percent ?? 0;
}

/** Prices every chosen line (unknown groups are left out: the caller refuses them). */
export function priceLines(campaign: Campaign, chosen: ChosenLine[]): PricedLine[] {
  const priced = chosen
    .map((c, index) => ({ c, index, price: priceOf(campaign, c.group) }))
    .filter((x): x is { c: ChosenLine; index: number; price: number } => x.price !== null);
  const ranked = [...priced].sort((a, b) => b.price - a.price || a.index - b.index);
  const rankOf = new Map(ranked.map((x, i) => [x.index, i + 1]));
  return priced.map(({ c, index, price }) => {
    const discountCents = Math.round((price * discountPercent(campaign, rankOf.get(index) ?? 1)) / 100);
    const aid = c.aidCode ? (confirmedAids(campaign).find((a) => a.code === c.aidCode)?.amountCents ?? 0) : 0;
    const aidCents = Math.min(aid, price - discountCents);
    return { ...c, priceCents: price, discountCents, aidCents, amountCents: price - discountCents - aidCents };
  });
}

/** The instalments of `total` cents in `count` parts: the first carries the remainder. */
export function splitInstalments(total: number, count: number): number[] {
  const n = Math.max(1, Math.min(3, count));
  const share = Math.floor(total / n);
  return [total - share * (n - 1), ...Array.from({ length: n - 1 }, () => share)];
}

/** True when someone born on `dateOfBirth` is under 18 on `day` (ISO dates). */
export function isMinorOn(dateOfBirth: string | null, day: string): boolean {
  if (!dateOfBirth) return false;
  const [y, m, d] = dateOfBirth.split("-").map(Number) as [number, number, number];
  const eighteen = `${String(y + 18).padStart(4, "0")}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
  return eighteen > day;
}

// ------------------------------------------------------------ the family's form

const PHOTO_CONSENTS = ["oui", "non"] as const;

/** One profile of the family form (fields `profiles[i].…`). */
const profileEntry = z.object({
  profileId: id("Ce profil n'existe plus."),
  register: checkbox(),
  group: optionalText(100),
  aidCode: optionalText(40),
  photoConsent: z.enum(PHOTO_CONSENTS, { error: "Indiquez votre choix pour les photos." }).optional().default("non"),
  parentalAuthorisation: checkbox(),
  rulesAccepted: checkbox(),
  competitor: checkbox(),
  emergencyContacts: optionalText(300),
});

export const familyRegistrationSchema = z.object({
  intent: z.enum(["draft", "submit"], { error: "Action inconnue." }),
  instalments: z.coerce.number({ error: "Choisissez le nombre de paiements." }).int().min(1).max(3).default(1),
  profiles: z.array(profileEntry).max(20).default([]),
});
export type FamilyRegistrationInput = z.output<typeof familyRegistrationSchema>;

// ------------------------------------------------------------ the managers' forms

export const manualPaymentSchema = z.object({
  registrationId: id("Cette inscription n'existe plus."),
  method: z.enum(["cheque", "especes", "virement", "ancv"], { error: "Choisissez le moyen de paiement." }),
  amount: z
    .string({ error: "Indiquez un montant." })
    .trim()
    .transform((v) => v.replace(/[\s\u00a0\u202f€]/g, "").replace(",", "."))
    .pipe(z.string().regex(/^\d+(\.\d{1,2})?$/, "Indiquez un montant en euros (exemple : 35 ou 35,50)."))
    .transform((v) => Math.round(Number(v) * 100)),
  receivedOn: z
    .string({ error: "Indiquez la date de réception." })
    .regex(/^\d{4}-\d{2}-\d{2}$/, "Indiquez la date de réception."),
  reference: optionalText(200),
});

export const linkPaymentSchema = z.object({
  paymentId: id("Ce paiement n'existe plus."),
  registrationId: id("Choisissez l'inscription à laquelle rattacher ce paiement."),
});

export const refundSchema = z.object({ paymentId: id("Ce paiement n'existe plus.") });

/** A manager marks a HelloAsso refund or state-change alert handled. */
export const alertDoneSchema = z.object({ alertId: id("Cette alerte n'existe plus.") });

export const campaignOpenSchema = z.object({ open: z.enum(["oui", "non"]), basedOn: z.string().max(40).default("") });

const percent = (label: string) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v.replace(",", ".") : "0"))
    .pipe(z.string().regex(/^\d{1,3}$/, `${label} : un pourcentage entier de 0 à 100.`))
    .transform(Number)
    .refine((n) => n <= 100, `${label} : un pourcentage entier de 0 à 100.`);

const eurosField = z
  .string({ error: "Indiquez un montant." })
  .trim()
  .transform((v) => v.replace(/[\s\u00a0\u202f€]/g, "").replace(",", "."))
  .pipe(z.string().regex(/^\d+(\.\d{1,2})?$/, "Indiquez un montant en euros (exemple : 190 ou 190,50)."))
  .transform((v) => Math.round(Number(v) * 100));

/**
 * One aid of the campaign form: code, label, amount, who may claim
 * it, and « montant confirmé » for the season. A row left without code, label
 * nor amount is no aid (the blank row that adds one, or an aid removed).
 */
const aidRow = z
  .object({
    code: optionalText(40),
    label: optionalText(100),
    amount: optionalText(20),
    rules: z
      .string()
      .max(2000, "Ce texte ne peut pas dépasser 2 000 caractères.")
      .optional()
      .transform((v) => (v ?? "").trim()),
    confirmed: checkbox(),
  })
  .transform((row, ctx) => {
    if (!row.code && !row.label && !row.amount) return null;
    const issue = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
    if (!/^[A-Za-z0-9-]{1,40}$/.test(row.code))
      issue("code", "Indiquez un code en lettres, chiffres et tirets (exemple : PASS-SPORT).");
    if (!row.label) issue("label", "Indiquez le libellé de l'aide.");
    const amount = row.amount.replace(/[\s\u00a0\u202f€]/g, "").replace(",", ".");
    if (!/^\d+(\.\d{1,2})?$/.test(amount)) issue("amount", "Indiquez un montant en euros (exemple : 70 ou 70,50).");
    return {
      code: row.code.toUpperCase(),
      label: row.label,
      amountCents: Math.round(Number(amount) * 100),
      rules: row.rules,
      confirmed: row.confirmed,
    };
  });

/** The campaign's settings form (prices per group of the weekly classes, discounts, aids…). */
export const campaignSchema = z.object({
  basedOn: z
    .string()
    .max(40)
    .optional()
    .transform((v) => v ?? ""),
  season: requiredText("Indiquez la saison.", 9).pipe(z.string().regex(/^\d{4}-\d{4}$/, "Saison au format 2026-2027.")),
  prices: z
    .array(z.object({ group: requiredText("Groupe inconnu.", 100), amount: eurosField }))
    .min(1, "Indiquez au moins un tarif."),
  discountSecond: percent("Réduction à partir du 2e membre"),
  discountThird: percent("Réduction à partir du 3e membre"),
  aids: z.array(aidRow).max(20).default([]),
  maxInstalments: z.coerce.number({ error: "De 1 à 3 fois." }).int().min(1, "De 1 à 3 fois.").max(3, "De 1 à 3 fois."),
  rulesVersion: requiredText("Indiquez la version du règlement.", 40),
  paymentInstructions: z
    .string()
    .max(2000, "Ce texte ne peut pas dépasser 2 000 caractères.")
    .optional()
    .transform((v) => v ?? ""),
});
export type CampaignFormInput = z.output<typeof campaignSchema>;

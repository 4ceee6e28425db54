/**
 * Shared field schemas (Zod), browser-safe: every form of the site builds its
 * schema from these, so an e-mail, a name, a phone number, a date or an amount
 * is validated the same way, with the same French message, in the browser
 * (Conform's client validation) and on the server.
 *
 * Rules:
 *  - Messages are complete French sentences, addressed to the user ("Indiquez…").
 *  - Every text field has a maximum length (a request can never make the page
 *    echo more than that, see app/lib/http/forms.ts).
 *  - Conform turns an empty field into `undefined`: required fields give their
 *    "Indiquez…" message through `error`, optional ones use `.optional()` and
 *    default to "" where the domain wants a string.
 */
import { z } from "zod";
import "./zod-fr";
import { passwordLengthProblem } from "../accounts/password-rules";
import { parisDate } from "../core/time";
import { positiveId } from "./id-format";

/** 5000 -> "5 000" (non-breaking space between groups, French typography). */
export const thousands = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, "\u00a0");

/**
 * Records a field's maximum length on its schema (Zod metadata), so that a
 * refused submission never echoes more than that (app/lib/http/forms.ts).
 * Use it for any text field not built from the helpers below.
 */
export function withMax<S extends z.ZodType>(max: number, schema: S): S {
  return schema.meta({ maxLength: max });
}

/** The maximum length recorded by `withMax`, if any. */
export function maxLengthOf(schema: z.ZodType | undefined): number | undefined {
  const meta = schema?.meta();
  return typeof meta?.maxLength === "number" ? meta.maxLength : undefined;
}

/** Collapses line breaks and tabs (one-line fields: names, subjects). */
export const oneLine = (s: string) =>
  s
    .replace(/[\r\n\t]+/g, " ")
    .replace(/ {2,}/g, " ")
    .trim();

/** A required one-line text: `requiredText("Indiquez votre nom.", 100)`. */
export function requiredText(missing: string, max: number, tooLong?: string) {
  return withMax(
    max,
    z
      .string({ error: missing })
      .transform(oneLine)
      .pipe(
        // Conform's coercion turns the "" left by a blank value into undefined here too: same message.
        z
          .string({ error: missing })
          .min(1, missing)
          .max(max, tooLong ?? `Ce champ ne peut pas dépasser ${thousands(max)} caractères.`),
      ),
  );
}

/** An optional one-line text, "" when empty. */
export function optionalText(max: number, tooLong?: string) {
  return withMax(
    max,
    z
      .string()
      .transform(oneLine)
      .pipe(z.string().max(max, tooLong ?? `Ce champ ne peut pas dépasser ${thousands(max)} caractères.`))
      .optional()
      .transform((v) => v ?? ""),
  );
}

/** A required multi-line text (messages, descriptions): line breaks kept. */
export function requiredLongText(missing: string, max: number, min = 1) {
  return withMax(
    max,
    z
      .string({ error: missing })
      .trim()
      .min(1, missing)
      .min(min, `Ce texte est trop court : écrivez au moins ${min} caractères.`)
      .max(max, `Ce texte ne peut pas dépasser ${thousands(max)} caractères.`),
  );
}

/** An optional multi-line text (notes, descriptions), "" when empty. */
export function optionalLongText(max: number) {
  return withMax(
    max,
    z
      .string()
      .trim()
      .max(max, `Ce texte ne peut pas dépasser ${thousands(max)} caractères.`)
      .optional()
      .transform((v) => v ?? ""),
  );
}

export const EMAIL_MAX = 254;
const EMAIL_INVALID = "Cette adresse e-mail n'est pas valide (exemple : prenom.nom@exemple.fr).";

/** A required e-mail address, trimmed and lower-cased. */
export function email(missing = "Indiquez une adresse e-mail.") {
  return withMax(
    EMAIL_MAX,
    z
      .string({ error: missing })
      .trim()
      .min(1, missing)
      .max(EMAIL_MAX, "Cette adresse e-mail est trop longue.")
      .pipe(z.email(EMAIL_INVALID))
      .transform((v) => v.toLowerCase()),
  );
}

/** An optional e-mail address, "" when empty. */
export function optionalEmail() {
  return z
    .string()
    .trim()
    .max(EMAIL_MAX, "Cette adresse e-mail est trop longue.")
    .pipe(z.union([z.literal(""), z.email(EMAIL_INVALID)]))
    .optional()
    .transform((v) => (v ?? "").toLowerCase());
}

/** First name or last name of a person. */
export function personName(missing: string) {
  return requiredText(missing, 100, "Ce nom ne peut pas dépasser 100 caractères.");
}

/**
 * A French or international phone number: digits, spaces, dots, dashes,
 * parentheses and a leading "+", 10 to 15 digits. Stored as typed (trimmed).
 */
export const PHONE_PATTERN = /^\+?[\d\s().-]{6,25}$/;
const PHONE_INVALID = "Numéro de téléphone invalide : indiquez par exemple 06 12 34 56 78.";
const PHONE_MAX = 25;

function isPhone(v: string): boolean {
  const digits = v.replace(/\D/g, "").length;
  return PHONE_PATTERN.test(v) && digits >= 10 && digits <= 15;
}

export function phone(missing = "Indiquez un numéro de téléphone.") {
  return z.string({ error: missing }).trim().min(1, missing).refine(isPhone, PHONE_INVALID);
}

export function optionalPhone() {
  return withMax(
    PHONE_MAX,
    z
      .string()
      .trim()
      .refine((v) => v === "" || isPhone(v), PHONE_INVALID)
      .optional()
      .transform((v) => v ?? ""),
  );
}

/** A calendar date typed in an <input type="date"> (YYYY-MM-DD), kept as that string. */
export function isoDate(missing = "Indiquez une date.") {
  return z
    .string({ error: missing })
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, "Indiquez une date valide (jj/mm/aaaa).")
    .refine((v) => {
      const d = new Date(`${v}T00:00:00Z`);
      return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
    }, "Cette date n'existe pas.");
}

export function optionalIsoDate() {
  return z
    .union([z.literal(""), isoDate()])
    .optional()
    .transform((v) => v ?? "");
}

/**
 * An optional date of birth: a real calendar date, after 1900-01-01 and not in
 * the future (the browser's day, then the server's); null when empty.
 */
export function optionalBirthDate() {
  return z
    .union([z.literal(""), isoDate()])
    .optional()
    .refine(
      (v) => !v || (v >= "1900-01-01" && v <= parisDate()),
      "La date de naissance doit être passée et postérieure à 1900.",
    )
    .transform((v) => v || null);
}

/**
 * An amount in euros typed by a person ("35", "35,50", "35.5", "1 200 €"),
 * returned in cents (integer). Money is always handled in cents in code.
 */
export function euros(missing = "Indiquez un montant.", max = 100_000) {
  return z
    .string({ error: missing })
    .trim()
    .transform((v) => v.replace(/[\s\u00a0\u202f€]/g, "").replace(",", "."))
    .pipe(z.string().regex(/^\d+(\.\d{1,2})?$/, "Indiquez un montant en euros (exemple : 35 ou 35,50)."))
    .transform((v) => Math.round(Number(v) * 100))
    .refine((cents) => cents <= max * 100, `Le montant ne peut pas dépasser ${thousands(max)} €.`);
}

/** An optional amount in euros, in cents, null when empty. */
export function optionalEuros(max = 100_000) {
  return z
    .union([z.literal(""), euros(undefined, max)])
    .optional()
    .transform((v) => (v === undefined || v === "" ? null : v));
}

/** A display order typed by a person: an integer from 0 to 9999, 0 when empty. */
export function displayOrder() {
  return z
    .string()
    .trim()
    .optional()
    .transform((v, ctx) => {
      if (!v) return 0;
      const n = Number(v);
      if (!Number.isInteger(n) || n < 0 || n > 9999) {
        ctx.addIssue({ code: "custom", message: "L’ordre est un nombre entier entre 0 et 9999." });
        return z.NEVER;
      }
      return n;
    });
}

/**
 * An optional whole number typed by a person (a count, a number of months, an
 * age), from `min` to `max`; null when empty (a rule the club does not set).
 * `invalid` names the expected value, e.g. "Indiquez un nombre de mois entre 0 et 120.".
 */
export function optionalWholeNumber(invalid: string, max: number, min = 0) {
  return withMax(
    12,
    z
      .string()
      .trim()
      .optional()
      .transform((v, ctx) => {
        if (v === undefined || v === "") return null;
        const n = /^\d{1,9}$/.test(v) ? Number(v) : Number.NaN;
        if (!Number.isInteger(n) || n < min || n > max) {
          ctx.addIssue({ code: "custom", message: invalid });
          return z.NEVER;
        }
        return n;
      }),
  );
}

/** A checkbox: true when checked. */
export const checkbox = () =>
  z
    .string()
    .optional()
    .transform((v) => v !== undefined && v !== "");

/** A positive database id (32-bit) carried by a hidden field. */
export function id(invalid = "Élément introuvable.") {
  // Strict shape (app/lib/http/id-format.ts): no "1e3", " 7", "0x10", "1.0".
  return z.unknown().transform((value, ctx) => {
    const parsed = positiveId(value);
    if (parsed === null) {
      ctx.addIssue({ code: "custom", message: invalid });
      return z.NEVER;
    }
    return parsed;
  });
}

/** A version counter carried by a hidden field (0 or a positive 32-bit integer, strict shape). */
export function version(invalid = "Rechargez la page puis recommencez.") {
  return z.unknown().transform((value, ctx) => {
    const parsed = value === "0" || value === 0 ? 0 : positiveId(value);
    if (parsed === null) {
      ctx.addIssue({ code: "custom", message: invalid });
      return z.NEVER;
    }
    return parsed;
  });
}

/**
 * A new password: the length rules of password-rules.ts (8 to 128 characters,
 * no composition rule), checked in the browser too. The list of common
 * passwords is checked on the server only (it is a file): the domain throws a
 * DomainError on the field.
 */
export function newPassword(missing = "Choisissez un mot de passe.") {
  return z.string({ error: missing }).superRefine((value, ctx) => {
    const problem = passwordLengthProblem(value);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  });
}

/** The password typed at sign-in (never trimmed; rules of new passwords are in password-rules). */
export function passwordInput(missing = "Indiquez votre mot de passe.") {
  return z
    .string({ error: missing })
    .min(1, missing)
    .max(128, "Ce mot de passe est trop long (128 caractères au plus).");
}

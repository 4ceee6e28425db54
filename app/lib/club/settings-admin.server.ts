/**
 * Editing the club settings from the admin pages (/espace-membre/contenu/reglages/:section):
 * one form per section (works without JavaScript), parsed with Conform and the
 * section's Zod schema (`sectionFormSchema`): French messages
 * per field (table rows: `<field>_<index>`), the submitted values sent back.
 * The schemas stay on the server: the tables' rows are dynamic. Saving (with
 * the check that nobody else saved meanwhile) is in settings-save.server.ts.
 */
import { randomBytes } from "node:crypto";
import { z } from "zod";
import { parseSubmission } from "../http/forms";
import { settingsSchemas, type Settings } from "./settings-schemas";
import { SETTINGS_SECTIONS, type SettingsSection } from "./settings-labels";

export { SETTINGS_SECTIONS, type SettingsSection } from "./settings-labels";
export type EditableKey = (typeof SETTINGS_SECTIONS)[SettingsSection]["key"];

/** Empty rows offered under the filled ones (more with the « ajouter des lignes » button). */
export const BLANK_ROWS = 2;

/** Errors of a section form, the first per field (`_form`: the whole form). */
type FieldErrors = Record<string, string>;

// ---------------------------------------------------------------- helpers

const required = (label: string) => z.string().trim().min(1, `Indiquez ${label}.`);
const optional = z.string().trim().max(2000, "Ce texte est trop long (2 000 caractères au plus).");
const webUrl = z
  .string()
  .trim()
  .refine(
    (v) => v === "" || /^https?:\/\/[^\s]+\.[^\s]+$/i.test(v),
    "Indiquez une adresse web complète (https://…) ou laissez vide.",
  );
const time = z
  .string()
  .trim()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, "Heure au format HH:MM, par exemple 18:30.");

function lines(text: string | undefined): string[] {
  return (text ?? "")
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);
}

function newId(): string {
  return randomBytes(6).toString("hex");
}

function collectErrors(error: z.ZodError, prefix = "", suffix = ""): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const key = `${prefix}${issue.path.join(".")}${suffix}` || "_form";
    if (!errors[key]) errors[key] = issue.message;
  }
  return errors;
}

/** Row indexes present in the form (fields named `<field>_<index>`). */
function rowIndexes(values: Record<string, string>, fields: readonly string[]): number[] {
  const found = new Set<number>();
  for (const name of Object.keys(values)) {
    const m = /^([a-z]+)_(\d{1,3})$/i.exec(name);
    if (m?.[1] && fields.includes(m[1])) found.add(Number(m[2]));
  }
  return [...found].sort((a, b) => a - b);
}

/**
 * Reads the table rows of a form: rows ticked « supprimer » or left entirely
 * empty are skipped; each kept row is validated with `schema`, its errors
 * keyed `<field>_<index>`.
 */
function parseRows<T>(
  values: Record<string, string>,
  fields: readonly string[],
  schema: z.ZodType<T>,
  errors: FieldErrors,
): T[] {
  const rows: T[] = [];
  for (const i of rowIndexes(values, fields)) {
    if (values[`remove_${i}`]) continue;
    const raw: Record<string, string> = {};
    for (const f of fields) raw[f] = values[`${f}_${i}`] ?? "";
    const filled = fields.some((f) => f !== "id" && f !== "day" && f !== "required" && (raw[f] ?? "").trim() !== "");
    if (!filled) continue;
    const parsed = schema.safeParse(raw);
    if (parsed.success) rows.push(parsed.data);
    else {
      for (const issue of parsed.error.issues) {
        const key = `${String(issue.path[0] ?? "_form")}_${i}`;
        if (!errors[key]) errors[key] = issue.message;
      }
    }
  }
  return rows;
}

function euros(value: string): number {
  return Number(value.replace(/\s|€/g, "").replace(",", "."));
}

// ---------------------------------------------------------------- sections

const identityForm = z.object({
  clubName: required("le nom du club"),
  shortName: required("le nom court"),
  associationName: required("le nom de l’association"),
  sportsComplex: required("le nom du gymnase ou complexe sportif"),
  street: required("l’adresse (numéro et rue)"),
  postalCode: z
    .string()
    .trim()
    .regex(/^\d{5}$/, "Le code postal comporte 5 chiffres."),
  city: required("la ville"),
  phone: z
    .string()
    .trim()
    .refine(
      (v) => v === "" || /^\+?[\d .-]{10,20}$/.test(v),
      "Numéro de téléphone invalide (par exemple 01 45 00 00 00).",
    ),
  email: z.string().trim().pipe(z.email("Adresse e-mail invalide.")),
  facebookUrl: webUrl,
  instagramUrl: webUrl,
  mapUrl: webUrl,
  transport: optional,
  parking: optional,
});

const scheduleRow = z
  .object({
    id: z.string(),
    day: z.coerce
      .number({ error: "Choisissez un jour." })
      .int()
      .min(1, "Choisissez un jour.")
      .max(7, "Choisissez un jour."),
    start: time,
    end: time,
    group: z.string().trim().min(1, "Indiquez le groupe (par exemple Adultes)."),
    level: z.string().trim(),
    place: z.string().trim(),
  })
  .refine((r) => r.end > r.start, { path: ["end"], message: "L’heure de fin doit être après l’heure de début." });

const priceRow = z.object({
  id: z.string(),
  group: z.string().trim().min(1, "Indiquez le groupe."),
  description: z.string().trim(),
  amount: z
    .string()
    .trim()
    .min(1, "Indiquez le montant en euros.")
    .transform((v, ctx) => {
      const n = euros(v);
      if (!Number.isFinite(n) || n < 0 || n > 10000) {
        ctx.addIssue({ code: "custom", message: "Montant invalide : un nombre d’euros, par exemple 190 ou 95,50." });
        return z.NEVER;
      }
      return Math.round(n * 100) / 100;
    }),
});

const equipmentRow = z.object({
  id: z.string(),
  name: z.string().trim().min(1, "Indiquez le nom de l’équipement."),
  description: z.string().trim(),
  required: z.string().transform((v) => v === "on"),
  price: z.string().trim(),
});

const HELLOASSO = "https://www.helloasso.com/";
const helloAssoUrl = z
  .string()
  .trim()
  .refine(
    (v) => v === "" || (v.startsWith(HELLOASSO) && !/\s/.test(v) && URL.canParse(v)),
    "L’adresse doit commencer par https://www.helloasso.com/ (ou laissez vide).",
  );

const legalForm = z
  .object({
    president: required("le nom du président ou de la présidente"),
    publicationDirector: required("le directeur ou la directrice de la publication"),
    headOffice: required("l’adresse du siège"),
    rna: z
      .string()
      .trim()
      .transform((v) => v.toUpperCase().replace(/\s/g, ""))
      .refine((v) => v === "" || /^W\d{9}$/.test(v), "Le numéro RNA commence par W suivi de 9 chiffres."),
    siret: z
      .string()
      .trim()
      .transform((v) => v.replace(/\s/g, ""))
      .refine((v) => v === "" || /^\d{14}$/.test(v), "Le SIRET comporte 14 chiffres."),
    federation: optional,
    hostName: required("le nom de l’hébergeur"),
    hostAddress: optional,
    hostPhone: optional,
  })
  .refine((v) => v.rna !== "" || v.siret !== "", {
    path: ["rna"],
    message: "Indiquez au moins le numéro RNA ou le SIRET.",
  });

const intIn = (min: number, max: number, message: string) =>
  z
    .string()
    .trim()
    .regex(/^\d+$/, message)
    .transform(Number)
    .refine((n) => n >= min && n <= max, message);

const membershipForm = z.object({
  seasonStartMonth: intIn(1, 12, "Choisissez un mois."),
  certificateValiditySeasons: intIn(1, 5, "Un nombre de saisons entre 1 et 5."),
  trialClasses: intIn(0, 5, "Un nombre de cours entre 0 et 5."),
  // Empty: no limit.
  trialVisitorsPerSession: z
    .string()
    .trim()
    .optional()
    .transform((v) => v ?? "")
    .pipe(
      z.union([
        z.literal("").transform(() => null),
        intIn(1, 50, "Un nombre de personnes entre 1 et 50, ou laissez vide."),
      ]),
    ),
});

/** Reads the text values of a section form into its settings value, or errors per field. */
function readSection(
  section: SettingsSection,
  values: Record<string, string>,
): { ok: true; value: unknown } | { ok: false; errors: FieldErrors } {
  const errors: FieldErrors = {};
  let value: unknown;

  switch (section) {
    case "identite": {
      const r = identityForm.safeParse(values);
      if (!r.success) return { ok: false, errors: collectErrors(r.error) };
      value = { ...r.data, transport: lines(r.data.transport), parking: r.data.parking };
      break;
    }
    case "horaires": {
      const rows = parseRows(values, ["id", "day", "start", "end", "group", "level", "place"], scheduleRow, errors);
      value = rows
        .map((r) => ({ ...r, id: r.id || newId() }))
        .sort((a, b) => a.day - b.day || a.start.localeCompare(b.start));
      break;
    }
    case "tarifs": {
      const season = z
        .string()
        .trim()
        .regex(/^\d{4}-\d{4}$/, "La saison s’écrit par exemple 2026-2027.")
        .safeParse(values.season ?? "");
      if (!season.success)
        errors.season = season.error.issues[0]?.message ?? "La saison s’écrit par exemple 2026-2027.";
      const items = parseRows(values, ["id", "group", "description", "amount"], priceRow, errors);
      value = {
        season: season.success ? season.data : "",
        items: items.map((r) => ({ ...r, id: r.id || newId() })),
        notes: lines(values.notes),
      };
      break;
    }
    case "equipement": {
      const rows = parseRows(values, ["id", "name", "description", "required", "price"], equipmentRow, errors);
      value = rows.map((r) => ({ ...r, id: r.id || newId() }));
      break;
    }
    case "dons": {
      const r = z
        .object({
          helloAssoUrl,
          helloAssoWidgetUrl: helloAssoUrl,
          // Asked, never assumed; the donation page promises a tax reduction only on « oui ».
          taxReceipts: z.enum(["oui", "non"], {
            error: "Indiquez si l’association peut délivrer des reçus fiscaux.",
          }),
          rescrit: z.string().trim().max(200, "Cette référence est trop longue (200 caractères au plus)."),
        })
        .safeParse({ ...values, taxReceipts: values.taxReceipts || undefined, rescrit: values.rescrit ?? "" });
      if (!r.success) return { ok: false, errors: collectErrors(r.error) };
      if (r.data.helloAssoWidgetUrl && !r.data.helloAssoUrl) {
        return {
          ok: false,
          errors: { helloAssoUrl: "Indiquez aussi l’adresse de la page de don (le lien affiché sous le formulaire)." },
        };
      }
      const taxReceipts = r.data.taxReceipts === "oui";
      value = { ...r.data, taxReceipts, rescrit: taxReceipts ? r.data.rescrit : "" };
      break;
    }
    case "mentions-legales": {
      const r = legalForm.safeParse(values);
      if (!r.success) return { ok: false, errors: collectErrors(r.error) };
      value = r.data;
      break;
    }
    case "adhesion": {
      const r = membershipForm.safeParse(values);
      if (!r.success) return { ok: false, errors: collectErrors(r.error) };
      value = r.data;
      break;
    }
  }
  if (Object.keys(errors).length) return { ok: false, errors };
  const key = SETTINGS_SECTIONS[section].key;
  const final = settingsSchemas[key].safeParse(value);
  if (!final.success)
    return { ok: false, errors: { _form: "Certaines valeurs sont invalides : vérifiez le formulaire." } };
  return { ok: true, value: final.data };
}

/**
 * The Zod schema of a section form: its flat text fields in (`clubName`,
 * `group_0`…), the setting's value out; each refusal is an issue on its field
 * (`_form`: the whole form), so Conform answers it next to that field.
 */
export function sectionFormSchema(section: SettingsSection) {
  return z.record(z.string(), z.unknown()).transform((raw, ctx) => {
    const values: Record<string, string> = {};
    for (const [name, v] of Object.entries(raw)) values[name] = typeof v === "string" ? v : "";
    const read = readSection(section, values);
    if (read.ok) return read.value as Settings[EditableKey];
    for (const [name, message] of Object.entries(read.errors))
      ctx.addIssue({ code: "custom", path: name === "_form" ? [] : [name], message });
    return z.NEVER;
  });
}

/** Parses the posted form of a section (Conform's submission: the value, or errors and what was typed). */
export function parseSectionForm(section: SettingsSection, formData: FormData) {
  return parseSubmission(formData, sectionFormSchema(section));
}

/** The current setting as form values (the same field names as the forms). */
export function sectionValues(
  section: SettingsSection,
  current: Settings[EditableKey],
): { values: Record<string, string>; rows: number } {
  const values: Record<string, string> = {};
  let rows = 0;
  const put = (obj: Record<string, unknown>, suffix = "") => {
    for (const [k, v] of Object.entries(obj)) {
      if (typeof v === "boolean") {
        if (v) values[`${k}${suffix}`] = "on";
      } else if (Array.isArray(v)) values[`${k}${suffix}`] = v.join("\n");
      else values[`${k}${suffix}`] = typeof v === "string" || typeof v === "number" ? String(v) : "";
    }
  };
  switch (section) {
    case "horaires":
    case "equipement": {
      const list = current as Array<Record<string, unknown>>;
      list.forEach((row, i) => put(row, `_${i}`));
      rows = list.length;
      break;
    }
    case "tarifs": {
      const p = current as Settings["prices"];
      values.season = p.season;
      values.notes = p.notes.join("\n");
      p.items.forEach((row, i) => put({ ...row, amount: String(row.amount).replace(".", ",") }, `_${i}`));
      rows = p.items.length;
      break;
    }
    case "dons": {
      const d = current as Settings["donation"];
      put({ helloAssoUrl: d.helloAssoUrl, helloAssoWidgetUrl: d.helloAssoWidgetUrl, rescrit: d.rescrit });
      values.taxReceipts = d.taxReceipts === null ? "" : d.taxReceipts ? "oui" : "non";
      break;
    }
    default:
      put(current as unknown as Record<string, unknown>);
  }
  return { values, rows };
}

/** The number of row slots in submitted values (the highest index + 1). */
export function rowsInValues(values: Record<string, string>): number {
  let max = -1;
  for (const name of Object.keys(values)) {
    const m = /_(\d{1,3})$/.exec(name);
    if (m) max = Math.max(max, Number(m[1]));
  }
  return max + 1;
}

/**
 * First-run setup in the browser: the form's schema, shared by the page
 * (browser validation) and the server (app/lib/operations/setup.server.ts).
 *
 * Rules: the page asks for the facts a public page cannot do
 * without (club name, short name, association, venue, address, contact
 * e-mail) and offers the weekly classes: up to `SETUP_CLASS_ROWS` rows, an
 * empty row ignored, a started row complete (day, hours, group); none
 * entered leaves the schedule unpublished (the public pages say the hours
 * will be published, « À compléter » lists it).
 */
import { z } from "zod";
import { email, optionalText, personName, requiredText } from "../http/fields";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "../accounts/password-rules";
import { mailSettingsSchema } from "../mail/mail-settings";
import { href } from "react-router";

export const SETUP_PATH = href("/installation");

/** Class rows offered on the setup page (more on the schedule settings page afterwards). */
export const SETUP_CLASS_ROWS = 3;

const HOUR = /^([01]\d|2[0-3]):[0-5]\d$/;

/** A class row: empty, or complete (checked on its own, so its errors show with the others'). */
const classRow = z
  .object({
    day: z.string().max(1).optional(),
    start: z.string().max(5).optional(),
    end: z.string().max(5).optional(),
    group: optionalText(80),
  })
  .superRefine((row, ctx) => {
    if (!(row.day || row.start || row.end || row.group)) return;
    const issue = (field: string, message: string) => ctx.addIssue({ code: "custom", path: [field], message });
    if (!row.day || !/^[1-7]$/.test(row.day)) issue("day", "Choisissez le jour du cours.");
    if (!row.start || !HOUR.test(row.start)) issue("start", "Heure de début au format HH:MM, par exemple 18:30.");
    if (!row.end || !HOUR.test(row.end)) issue("end", "Heure de fin au format HH:MM, par exemple 20:00.");
    else if (row.start && HOUR.test(row.start) && row.end <= row.start)
      issue("end", "L'heure de fin doit être après l'heure de début.");
    if (!row.group) issue("group", "Indiquez le groupe du cours (par exemple Adultes).");
  })
  .optional();

export const setupSchema = z
  .object({
    token: z.string({ error: "Lien d'installation incomplet." }).max(200),
    prenom: personName("Indiquez votre prénom."),
    nom: personName("Indiquez votre nom."),
    email: email("Indiquez votre adresse e-mail."),
    password: z
      .string({ error: "Choisissez un mot de passe." })
      .min(PASSWORD_MIN_LENGTH, `Le mot de passe doit contenir au moins ${PASSWORD_MIN_LENGTH} caractères.`)
      .max(PASSWORD_MAX_LENGTH, `Le mot de passe ne peut pas dépasser ${PASSWORD_MAX_LENGTH} caractères.`),
    confirmation: z.string({ error: "Retapez le mot de passe." }),
    clubName: requiredText("Indiquez le nom du club.", 120),
    shortName: requiredText("Indiquez le nom court du club (par exemple VVD Boulogne).", 40),
    associationName: requiredText("Indiquez le nom officiel de l'association (celui des statuts).", 160),
    sportsComplex: requiredText("Indiquez le gymnase ou le complexe sportif des cours.", 120),
    clubEmail: email("Indiquez l'adresse e-mail de contact du club."),
    street: requiredText("Indiquez l'adresse (numéro et rue).", 200),
    postalCode: z
      .string({ error: "Indiquez le code postal." })
      .trim()
      .regex(/^\d{5}$/, "Le code postal a 5 chiffres (exemple : 94000)."),
    city: requiredText("Indiquez la ville.", 100),
    /** The weekly classes (empty rows ignored): none leaves the schedule unpublished. */
    classes: z.array(classRow).max(SETUP_CLASS_ROWS).optional(),
    /** Mail: "plus-tard" (the outbox keeps the messages) or "smtp" with the server's fields. */
    mailChoice: z
      .enum(["plus-tard", "smtp"], { error: "Choisissez une option pour les e-mails." })
      .default("plus-tard"),
    smtpHost: z.string().max(300).optional(),
    smtpPort: z.string().max(10).optional(),
    smtpSecure: z.string().max(10).optional(),
    smtpUser: z.string().max(300).optional(),
    smtpPassword: z.string().max(600).optional(),
    smtpFrom: z.string().max(300).optional(),
  })
  .refine((v) => v.password === v.confirmation, {
    path: ["confirmation"],
    message: "Les deux mots de passe ne sont pas identiques.",
  })
  .superRefine((v, ctx) => {
    if (v.mailChoice !== "smtp") return;
    const mail = mailSettingsSchema.safeParse(v);
    if (!mail.success)
      for (const issue of mail.error.issues) ctx.addIssue({ code: "custom", path: issue.path, message: issue.message });
  });

export type SetupInput = z.infer<typeof setupSchema>;

/** The classes entered on the setup page, as schedule rows (empty rows left out), sorted by day and hour. */
export function setupClasses(input: Pick<SetupInput, "classes">) {
  return (input.classes ?? [])
    .filter((r): r is NonNullable<typeof r> => Boolean(r?.day && r.start && r.end && r.group))
    .map((r, i) => ({
      id: `cours-${i + 1}`,
      day: Number(r.day),
      start: r.start!,
      end: r.end!,
      group: r.group,
      level: "",
      place: "",
    }))
    .sort((a, b) => a.day - b.day || a.start.localeCompare(b.start));
}

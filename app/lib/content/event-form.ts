/**
 * The event form, browser-safe: the pages
 * /espace-membre/evenements/ajouter and /modifier/:id validate with it and
 * their actions parse with it; event-editing.server.ts refuses the rest
 * (gone, edited meanwhile) with `DomainError`. Times are Paris wall-clock.
 */
import { z } from "zod";
import { parseParisDateTime } from "../core/time";
import { numberParts } from "../core/invariant";
import { checkbox, version } from "../http/fields";
import { EVENT_CATEGORIES } from "./event-categories";

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function validDay(v: string): boolean {
  if (!DAY.test(v)) return false;
  const [y, m, d] = numberParts(v, "-", 3);
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

const eventFields = z.object({
  title: z
    .string({ message: "Le titre est obligatoire." })
    .trim()
    .min(1, "Le titre est obligatoire.")
    .max(200, "Le titre ne doit pas dépasser 200 caractères."),
  description: z.string().trim().max(5000, "La description ne doit pas dépasser 5 000 caractères.").default(""),
  allDay: checkbox(),
  startsAt: z.string().trim().default(""),
  endsAt: z.string().trim().default(""),
  startDay: z.string().trim().default(""),
  endDay: z.string().trim().default(""),
  place: z.string().trim().max(200, "Le lieu ne doit pas dépasser 200 caractères.").default(""),
  // A refinement, not z.enum: an unknown category must not hide the other fields' errors.
  category: z
    .string()
    .default("")
    .refine((v) => (EVENT_CATEGORIES as readonly string[]).includes(v), {
      message: "Choisissez une catégorie dans la liste.",
    })
    .transform((v) => v as (typeof EVENT_CATEGORIES)[number]),
  membersOnly: checkbox(),
  /** Classes do not take place that day (a demonstration, a grade exam…): class-sessions.ts. */
  replacesClasses: checkbox(),
});

function checkDates(
  v: { allDay: boolean; startsAt: string; endsAt: string; startDay: string; endDay: string },
  ctx: z.RefinementCtx,
) {
  if (v.allDay) {
    if (!v.startDay) ctx.addIssue({ code: "custom", path: ["startDay"], message: "Indiquez le premier jour." });
    else if (!validDay(v.startDay))
      ctx.addIssue({ code: "custom", path: ["startDay"], message: "Date invalide (exemple : 14/03/2026)." });
    if (v.endDay && !validDay(v.endDay)) {
      ctx.addIssue({ code: "custom", path: ["endDay"], message: "Date invalide (exemple : 15/03/2026)." });
    } else if (v.endDay && validDay(v.startDay) && v.endDay < v.startDay) {
      ctx.addIssue({
        code: "custom",
        path: ["endDay"],
        message: "Le dernier jour ne peut pas être avant le premier jour.",
      });
    }
    return;
  }
  const start = v.startsAt ? parseParisDateTime(v.startsAt) : null;
  const end = v.endsAt ? parseParisDateTime(v.endsAt) : null;
  if (!v.startsAt)
    ctx.addIssue({ code: "custom", path: ["startsAt"], message: "Indiquez la date et l’heure de début." });
  else if (!start)
    ctx.addIssue({
      code: "custom",
      path: ["startsAt"],
      message: "Date et heure invalides (exemple : 14/03/2026 09:30).",
    });
  if (!v.endsAt) ctx.addIssue({ code: "custom", path: ["endsAt"], message: "Indiquez la date et l’heure de fin." });
  else if (!end)
    ctx.addIssue({
      code: "custom",
      path: ["endsAt"],
      message: "Date et heure invalides (exemple : 14/03/2026 17:00).",
    });
  else if (start && end <= start) {
    ctx.addIssue({ code: "custom", path: ["endsAt"], message: "La fin doit être après le début." });
  }
}

export const eventSchema = eventFields.superRefine(checkDates);

/** The edit form also carries the version the page was based on. */
export const eventUpdateSchema = eventFields
  .extend({ version: version("Le formulaire est incomplet (version manquante). Rechargez la page puis recommencez.") })
  .superRefine(checkDates);

export type EventInput = z.infer<typeof eventSchema> & { version?: number };

/**
 * The grade table and revision checklists as the managers edit them (decision
 * 0030): the forms' schemas, browser-safe. The page validates with them and
 * the action of /espace-membre/contenu/grades/:id parses with the same ones;
 * grades-admin.server.ts enforces the rest (versions, existence, audit log).
 *
 * Rules:
 *  - Colours are CSS hex values (`#rrggbb`), picked from BELT_PALETTE (or the
 *    grade's current colour), so every belt keeps a French text alternative.
 *  - Exam rules (months, attendances, age) are optional: empty means the club
 *    sets no such rule, stored as null, never a guessed default.
 *  - One intent per form of the page (app/lib/http/intents.ts).
 */
import { z } from "zod";
import { id, optionalLongText, optionalText, optionalWholeNumber, requiredText, version } from "../http/fields";
import { href } from "react-router";

export const GRADES_ADMIN_PATH = href("/espace-membre/contenu/grades");

export const TECHNIQUE_CATEGORIES = [
  { value: "technique", label: "Technique" },
  { value: "quyen", label: "Quyền (enchaînement)" },
  { value: "self-defense", label: "Self-défense" },
  { value: "autre", label: "Autre" },
] as const;

const HEX = /^#[0-9a-f]{6}$/;

const colour = (missing: string) =>
  z.string({ error: missing }).trim().toLowerCase().regex(HEX, "Choisissez une couleur dans la liste.");

const optionalColour = () =>
  z
    .union([z.literal(""), colour("")])
    .optional()
    .transform((v) => v || null);

export const gradeSchema = z
  .object({
    id: id("Ce grade n’existe plus."),
    version: version(),
    vietnameseName: requiredText("Indiquez le nom vietnamien du grade.", 80),
    frenchName: requiredText("Indiquez le nom français du grade.", 120),
    level: optionalText(80),
    description: optionalLongText(1500),
    beltColor: colour("Choisissez la couleur de la ceinture."),
    stripeCount: optionalWholeNumber("Indiquez un nombre de barrettes entre 0 et 10.", 10).transform((v) => v ?? 0),
    stripeColor: optionalColour(),
    borderColor: optionalColour(),
    minMonths: optionalWholeNumber("Indiquez un nombre de mois entre 0 et 240, ou laissez vide.", 240),
    minAttendances: optionalWholeNumber("Indiquez un nombre de présences entre 0 et 1 000, ou laissez vide.", 1000),
    minAge: optionalWholeNumber("Indiquez un âge entre 3 et 99 ans, ou laissez vide.", 99, 3),
  })
  .superRefine(
    (v, ctx) => {
      if (typeof v.stripeCount === "number" && v.stripeCount > 0 && !v.stripeColor) {
        ctx.addIssue({ code: "custom", path: ["stripeColor"], message: "Choisissez la couleur des barrettes." });
      }
    },
    // Checked even when other fields are wrong, so that every error shows at once.
    { when: () => true },
  );
export type GradeInput = z.output<typeof gradeSchema>;

const category = z.enum(["technique", "quyen", "self-defense", "autre"], {
  error: "Choisissez une catégorie dans la liste.",
});

const techniqueFields = {
  title: requiredText("Indiquez l’intitulé de l’élément à réviser.", 150),
  category,
  description: optionalLongText(1000),
};

export const techniqueAddSchema = z.object({ gradeId: id("Ce grade n’existe plus."), ...techniqueFields });
export type TechniqueAddInput = z.output<typeof techniqueAddSchema>;

const techniqueId = id("Cet élément n’est plus dans la liste de révision.");

export const techniqueEditSchema = z.object({ id: techniqueId, version: version(), ...techniqueFields });
export type TechniqueEditInput = z.output<typeof techniqueEditSchema>;

export const techniqueMoveSchema = z.object({
  id: techniqueId,
  version: version(),
  direction: z.enum(["up", "down"], { error: "Déplacement inconnu." }),
});

export const techniqueRemoveSchema = z.object({ id: techniqueId, version: version() });

export const GRADE_EDIT_INTENTS = [
  "grade",
  "add-technique",
  "edit-technique",
  "move-technique",
  "remove-technique",
] as const;
export type GradeEditIntent = (typeof GRADE_EDIT_INTENTS)[number];

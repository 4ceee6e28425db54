/** The managers' e-mail notification choices (browser-safe: the page's form). */
import { z } from "zod";

export const NOTIFICATION_CHOICES = {
  immediat: "Immédiatement, un e-mail par demande",
  quotidien: "Un résumé quotidien (le matin, pour la veille)",
  jamais: "Jamais (je consulte la liste « À faire »)",
} as const;

export type NotificationChoice = keyof typeof NOTIFICATION_CHOICES;

export const notificationChoiceSchema = z.object({
  choice: z.enum(["immediat", "quotidien", "jamais"], { error: "Choisissez une option." }),
});

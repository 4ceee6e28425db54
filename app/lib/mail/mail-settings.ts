/**
 * The mail-server form (browser-safe): its fields, shared by the first-run
 * setup page and the operations page, and what a page may know of the stored
 * settings (never the password). Server side: mail-config.server.ts.
 */
import { z } from "zod";

export const mailSettingsFields = {
  smtpHost: z
    .string({ error: "Indiquez le serveur d’envoi (exemple : smtp.exemple.fr)." })
    .trim()
    .min(1, "Indiquez le serveur d’envoi (exemple : smtp.exemple.fr).")
    .max(253, "Nom de serveur trop long.")
    .regex(/^[A-Za-z0-9.:[\]-]+$/, "Nom de serveur invalide (exemple : smtp.exemple.fr)."),
  smtpPort: z.coerce
    .number({ error: "Indiquez le port (587 en général, 465 pour une connexion chiffrée d’emblée)." })
    .int("Le port est un nombre entier.")
    .min(1, "Le port va de 1 à 65535.")
    .max(65535, "Le port va de 1 à 65535."),
  smtpSecure: z
    .string()
    .optional()
    .transform((v) => v !== undefined && v !== ""),
  smtpUser: z.string().trim().max(254, "Identifiant trop long.").optional().default(""),
  smtpPassword: z.string().max(512, "Mot de passe trop long.").optional().default(""),
  smtpFrom: z.string().trim().max(254, "Expéditeur trop long.").optional().default(""),
};

export const mailSettingsSchema = z.object(mailSettingsFields);

export type MailSettingsInput = z.infer<typeof mailSettingsSchema>;

/** What a page may show of the mail settings: everything but the password. */
export interface MailSettingsView {
  /** SMTP_URL is set in the environment: it wins over the settings. */
  envWins: boolean;
  configured: boolean;
  host: string;
  port: number;
  secure: boolean;
  user: string;
  from: string;
  hasPassword: boolean;
}

/**
 * Downloading a backup from the operations page, browser-safe half: the form's
 * schema (the backup's name and the administrator's password, re-entered),
 * validated in the page and in the action (download.server.ts checks it).
 */
import { z } from "zod";

export const downloadSchema = z.object({
  name: z.string({ error: "Sauvegarde inconnue." }).max(200),
  password: z.string({ error: "Saisissez votre mot de passe." }).min(1, "Saisissez votre mot de passe.").max(128),
});

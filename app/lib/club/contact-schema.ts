/**
 * The contact form's schema, shared by the page (browser validation, imported
 * on demand) and the server (contact.server.ts).
 */
import { z } from "zod";
import { email, requiredLongText, requiredText } from "../http/fields";
import { CONTACT_SUBJECTS } from "./contact";

export const contactSchema = z.object({
  name: requiredText("Indiquez votre nom.", 100, "Votre nom ne peut pas dépasser 100 caractères."),
  email: email("Indiquez votre adresse e-mail."),
  subject: z.enum(CONTACT_SUBJECTS, { error: "Choisissez l'objet de votre message." }),
  message: requiredLongText("Écrivez votre message.", 5000, 10),
});

export type ContactInput = z.infer<typeof contactSchema>;

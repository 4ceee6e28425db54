/** Contact form: constants and schema shared by the page (browser validation) and the server. */
import { z } from "zod";
import { email, requiredLongText, requiredText } from "../http/fields";

export const CONTACT_SUBJECTS = ["Renseignements", "Cours d'essai", "Inscription", "Autre"] as const;
export type ContactSubject = (typeof CONTACT_SUBJECTS)[number];

/** ?objet=… values that preselect a subject (links from other pages, e.g. /contact?objet=essai). */
export const SUBJECT_SHORTCUTS: Record<string, ContactSubject> = {
  renseignements: "Renseignements",
  essai: "Cours d'essai",
  inscription: "Inscription",
  autre: "Autre",
};

export const CONTACT_NOT_SENT = "Le message n'a pas été envoyé : corrigez les champs signalés.";

export const contactSchema = z.object({
  name: requiredText("Indiquez votre nom.", 100, "Votre nom ne peut pas dépasser 100 caractères."),
  email: email("Indiquez votre adresse e-mail."),
  subject: z.enum(CONTACT_SUBJECTS, { error: "Choisissez l'objet de votre message." }),
  message: requiredLongText("Écrivez votre message.", 5000, 10),
});

export type ContactInput = z.infer<typeof contactSchema>;

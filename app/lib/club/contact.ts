/**
 * Contact form: constants shared by the page and the server. Zod-free: the
 * schema is in contact-schema.ts, which the page imports only when its form is
 * used.
 */

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

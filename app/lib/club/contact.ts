/** Contact form constants shared by the page and the server. */
export const CONTACT_SUBJECTS = ["Renseignements", "Cours d'essai", "Inscription", "Autre"] as const;
export type ContactSubject = (typeof CONTACT_SUBJECTS)[number];

/** Name of the honeypot field: hidden from people, filled in by bots. */
export const HONEYPOT_FIELD = "site_web";

/** ?objet=… values that preselect a subject (links from other pages, e.g. /contact?objet=essai). */
export const SUBJECT_SHORTCUTS: Record<string, ContactSubject> = {
  renseignements: "Renseignements",
  essai: "Cours d'essai",
  inscription: "Inscription",
  autre: "Autre",
};

/**
 * Trial-class requests: what the booking page and
 * the managers' board share with the server (browser-safe).
 *
 * Rules:
 *  - A session is named by its key "YYYY-MM-DD_<slot id>" (a Paris day and a
 *    slot of the `schedule` setting).
 *  - The visitor gives the first name and name of the person who comes, the
 *    age group, an e-mail address and/or a phone number, and, for a child or a
 *    teenager, the name of the parent who writes.
 *  - The statuses, in pipeline order: à traiter, contacté, essai prévu,
 *    inscrit, abandonné.
 *  - Zod-free: the schemas are in trial-requests-schema.ts, which the booking
 *    page imports only when its form is used.
 */

/** How far ahead a visitor may book (days from today)… */
export const TRIAL_WINDOW_DAYS = 14;
/** …or, when those days hold fewer sessions (holidays, summer), up to this many sessions… */
export const TRIAL_MIN_SESSIONS = 4;
/** …within this many days (the first classes of the next season are bookable from July). */
export const TRIAL_MAX_WINDOW_DAYS = 100;

export const AGE_GROUPS = { enfant: "Enfant", adolescent: "Adolescent", adulte: "Adulte" } as const;
export const isMinorGroup = (g: string) => g === "enfant" || g === "adolescent";

export const TRIAL_STATUSES = {
  "a-traiter": "À traiter",
  contacte: "Contacté",
  "essai-prevu": "Essai prévu",
  inscrit: "Inscrit",
  abandonne: "Abandonné",
} as const;
export type TrialStatus = keyof typeof TRIAL_STATUSES;
export const TRIAL_STATUS_KEYS = Object.keys(TRIAL_STATUSES) as TrialStatus[];
export const isTrialStatus = (s: string | null | undefined): s is TrialStatus =>
  !!s && Object.hasOwn(TRIAL_STATUSES, s);

/** "2026-11-25_enfants-mer" <-> { date, slotId }. */
export function sessionKey(date: string, slotId: string): string {
  return `${date}_${slotId}`;
}
export function parseSessionKey(key: string): { date: string; slotId: string } | null {
  const m = /^(\d{4}-\d{2}-\d{2})_(.{1,100})$/.exec(key);
  return m?.[1] && m[2] ? { date: m[1], slotId: m[2] } : null;
}

export const TRIAL_NOT_SENT = "La demande n'a pas été envoyée : corrigez les champs signalés.";
export const CONTACT_MISSING =
  "Indiquez une adresse e-mail ou un numéro de téléphone pour que le club puisse vous répondre.";

// ---------------------------------------------------------------- the managers' board

/** The board's forms (one handler each, app/lib/http/intents.ts). */
export type TrialBoardIntent = "status" | "convert";

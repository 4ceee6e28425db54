/**
 * Attendance, browser-safe: the session key in the
 * pages' addresses, the mark as the pages and phones send it, the messages.
 *
 * Rules:
 *  - A session is a Paris day plus a slot of the `schedule` setting; its key in
 *    an address is "2026-11-25-enfants-mer" (the day, a dash, the slot id).
 *  - A mark carries the id its phone gave it (`clientMarkId`, 8 to 64 letters,
 *    digits, dashes): the server applies a given id once, so sending the same
 *    mark again (offline replay, a form sent twice) changes nothing.
 *  - `markedAt` is when the instructor tapped (the phone's clock); the server
 *    keeps it between the session's day and its own clock. For one profile and
 *    session, the most recent tap wins, whatever the order marks arrive in.
 *  - The same schema checks the form without JavaScript (one form per row) and
 *    each mark of a batch sent by the phone (`syncBatchSchema`).
 */
// Zod-free at run time (the root and the layout import this module on every page):
// the schemas are in attendance-schema.ts.
import { ATTENDANCE_PATH } from "./attendance-paths";

// The web app's addresses have their own module (attendance-paths.ts): every page's code holds them.
export { ATTENDANCE_PATH } from "./attendance-paths";
/** The endpoint phones send their queued marks to (JSON, POST). */
export const ATTENDANCE_SYNC_PATH = `${ATTENDANCE_PATH}/envoi`;
/** Most marks a phone sends in one request. */
export const SYNC_BATCH_MAX = 200;

const SESSION_KEY = /^(\d{4}-\d{2}-\d{2})-([A-Za-z0-9_-]{1,60})$/;

export interface SessionRef {
  date: string;
  slotId: string;
}

export function sessionKey(ref: SessionRef): string {
  return `${ref.date}-${ref.slotId}`;
}

/** A real calendar day "2026-11-25" (not "2026-02-30"). */
export function isCalendarDay(day: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return false;
  const at = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(at.getTime()) && at.toISOString().slice(0, 10) === day;
}

export function parseSessionKey(key: string | undefined): SessionRef | null {
  const m = key ? SESSION_KEY.exec(key) : null;
  if (!m?.[1] || !m[2] || !isCalendarDay(m[1])) return null;
  return { date: m[1], slotId: m[2] };
}

export function sessionPath(ref: SessionRef): string {
  return `${ATTENDANCE_PATH}/${sessionKey(ref)}`;
}

export function emergencyPath(ref: SessionRef): string {
  return `${sessionPath(ref)}/urgence`;
}

export const ATTENDANCE_MESSAGES = {
  noSession: "Cette séance n’existe pas\u00a0: vérifiez le jour et le cours.",
  cancelled: (label: string) => `Cette séance est annulée (${label})\u00a0: l’appel n’y est pas possible.`,
  future: "Cette séance n’a pas encore eu lieu\u00a0: l’appel se fait le jour du cours.",
  notYours: "Vous n’enseignez pas ce cours\u00a0: seuls ses enseignants et les administrateurs y font l’appel.",
  notInGroup: "Cette personne n’est pas inscrite dans ce groupe pour la saison.",
  unreadable: "Présence illisible\u00a0: rechargez la page puis recommencez.",
  tooMany: `Trop de présences à la fois (${SYNC_BATCH_MAX} au plus).`,
} as const;

/**
 * What the server did with one mark:
 *  - enregistree: applied (or already applied earlier: same id, nothing changed);
 *  - depassee: a later tap for the same person and session was already recorded, this one is kept out;
 *  - refusee: never applicable (unknown session, cancelled, not your class, not in the group): `message` says why.
 */
export type SyncOutcome =
  | { clientMarkId: string; status: "enregistree" | "depassee"; profileId: number; present: boolean }
  | { clientMarkId: string; status: "refusee"; message: string };

export interface SyncAnswer {
  results: SyncOutcome[];
}

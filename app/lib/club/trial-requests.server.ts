/**
 * Booking a trial class (issue 15, decision 0028): the sessions offered, the
 * visitor's request, its confirmation e-mail and the managers' notification.
 *
 * Rules:
 *  - The sessions offered are those of `classSessions` (season, holidays,
 *    closures) from now to TRIAL_WINDOW_DAYS days ahead, not started yet and
 *    not cancelled. When those days hold fewer than TRIAL_MIN_SESSIONS (the
 *    Christmas closure, the summer), the window reaches the TRIAL_MIN_SESSIONS-th
 *    session within TRIAL_MAX_WINDOW_DAYS: a visitor can always book the next
 *    classes, the first ones of September included.
 *  - A request is refused, next to the session field and with everything typed
 *    kept, for a session that does not exist, has started or passed, is
 *    cancelled, lies beyond the window, or is full: setting
 *    membership.trialVisitorsPerSession (null: no limit) counts the session's
 *    requests that are not « abandonné ». The count and the insert run under
 *    one advisory lock per session, so two visitors never take its last place.
 *  - Anti-spam as on the contact form (http/spam-guard.server.ts): honeypot
 *    (same answer as a success, nothing stored), per-IP rate limit
 *    (RATE_LIMIT_CONTACT_PER_HOUR, its own count), and a one-time submission
 *    (a double submit books once).
 *  - The request, the visitor's confirmation (when an e-mail address was
 *    given) and the managers' notification are written in one transaction
 *    through the outbox.
 */
import { and, eq, ne, sql } from "drizzle-orm";
import { trialRequests } from "#db/schema";
import { db } from "../core/db.server";
import { DomainError } from "../core/errors";
import { invariant } from "../core/invariant";
import { log } from "../core/log.server";
import { addDays, formatLongDate, formatTime, parisDate } from "../core/time";
import { parseSubmission, reply, type SubmissionResult } from "../http/forms";
import { honeypotFilled, publicFormLimit, type RateLimited } from "../http/spam-guard.server";
import { submitOnce } from "../http/submissions.server";
import { deliverPendingMail } from "../mail/mail.server";
import { sendMail } from "../mail/send.server";
import { trialConfirmationMail } from "../mail/templates/trial-confirmation";
import { notifyManagers } from "../members/manager-notifications.server";
import { classSessions, type ClassSession } from "./class-sessions.server";
import { getSetting } from "./settings.server";
import {
  isMinorGroup,
  parseSessionKey,
  sessionKey,
  TRIAL_MAX_WINDOW_DAYS,
  TRIAL_MIN_SESSIONS,
  TRIAL_WINDOW_DAYS,
} from "./trial-requests";
import { trialRequestSchema, type TrialRequestInput } from "./trial-requests-schema";

export interface OfferedSession {
  key: string;
  date: string;
  start: string;
  end: string;
  group: string;
  level: string;
  place: string;
  /** null: no limit. */
  placesLeft: number | null;
}

/** Requests holding a place, per session key, for these days. */
async function takenPlaces(from: string, to: string): Promise<Map<string, number>> {
  const rows = await db
    .select({ date: trialRequests.sessionDate, slotId: trialRequests.slotId, n: sql<number>`count(*)::int` })
    .from(trialRequests)
    .where(and(sql`${trialRequests.sessionDate} between ${from} and ${to}`, ne(trialRequests.status, "abandonne")))
    .groupBy(trialRequests.sessionDate, trialRequests.slotId);
  return new Map(rows.map((r) => [sessionKey(r.date, r.slotId), r.n]));
}

/** The last Paris day a visitor may book at `now` (rules above), with the bookable sessions up to it. */
async function bookingWindow(now: Date): Promise<{ last: string; sessions: ClassSession[] }> {
  const today = parisDate(now);
  const bookable = (await classSessions(today, addDays(today, TRIAL_MAX_WINDOW_DAYS))).filter(
    (s) => !s.cancelled && s.startsAt > now,
  );
  const usual = addDays(today, TRIAL_WINDOW_DAYS);
  const nth = bookable[TRIAL_MIN_SESSIONS - 1]?.date ?? bookable[bookable.length - 1]?.date ?? usual;
  const last = nth > usual ? nth : usual;
  return { last, sessions: bookable.filter((s) => s.date <= last) };
}

/** The sessions a visitor may book at `now`, with their places left. */
export async function offeredSessions(now: Date = new Date()): Promise<OfferedSession[]> {
  const today = parisDate(now);
  const { last, sessions } = await bookingWindow(now);
  const [taken, { trialVisitorsPerSession: capacity }] = await Promise.all([
    takenPlaces(today, last),
    getSetting("membership"),
  ]);
  return sessions.map((s) => {
    const key = sessionKey(s.date, s.slot.id);
    return {
      key,
      date: s.date,
      start: s.slot.start,
      end: s.slot.end,
      group: s.slot.group,
      level: s.slot.level,
      place: s.slot.place,
      placesLeft: capacity === null ? null : Math.max(0, capacity - (taken.get(key) ?? 0)),
    };
  });
}

const SESSION_FIELD = { field: "session" } as const;

/** The session named by `key`, or the French refusal shown next to the field. */
async function bookableSession(key: string, now: Date): Promise<ClassSession> {
  const parsed = parseSessionKey(key);
  const [session] = parsed
    ? (await classSessions(parsed.date, parsed.date)).filter((s) => s.slot.id === parsed.slotId)
    : [];
  if (!session)
    throw new DomainError("Ce cours n'existe pas dans le planning : choisissez un cours dans la liste.", SESSION_FIELD);
  if (session.startsAt <= now)
    throw new DomainError("Ce cours a déjà commencé ou est passé : choisissez un cours à venir.", SESSION_FIELD);
  if (session.cancelled)
    throw new DomainError(
      `Ce cours n'aura pas lieu (${session.cancelled.label}) : choisissez un autre cours.`,
      SESSION_FIELD,
    );
  if (session.date > (await bookingWindow(now)).last)
    throw new DomainError(
      "Ce cours est trop loin pour réserver un essai : choisissez un des prochains cours de la liste.",
      SESSION_FIELD,
    );
  return session;
}

export const SESSION_FULL = "Ce cours est complet pour les essais : choisissez un autre cours.";

/** Books the trial: the request, the visitor's confirmation and the managers' notification, in one transaction. */
export async function bookTrial(
  input: TrialRequestInput,
  now: Date = new Date(),
): Promise<{ id: number; mailed: boolean }> {
  const session = await bookableSession(input.session, now);
  const [{ trialVisitorsPerSession: capacity, trialClasses }, identity] = await Promise.all([
    getSetting("membership"),
    getSetting("identity"),
  ]);
  const result = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`trial:${input.session}`}))`);
    if (capacity !== null) {
      const [row] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(trialRequests)
        .where(
          and(
            eq(trialRequests.sessionDate, session.date),
            eq(trialRequests.slotId, session.slot.id),
            ne(trialRequests.status, "abandonne"),
          ),
        );
      if ((row?.n ?? 0) >= capacity) throw new DomainError(SESSION_FULL, { ...SESSION_FIELD, status: 409 });
    }
    const [row] = await tx
      .insert(trialRequests)
      .values({
        sessionDate: session.date,
        slotId: session.slot.id,
        startsAt: session.startsAt,
        endsAt: session.endsAt,
        slotGroup: session.slot.group,
        prenom: input.prenom,
        nom: input.nom,
        ageGroup: input.ageGroup,
        parentName: isMinorGroup(input.ageGroup) ? input.parentName : "",
        email: input.email,
        phone: input.phone,
        message: input.message,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: trialRequests.id });
    invariant(row, "demande de cours d'essai insérée");
    if (input.email) {
      const minor = isMinorGroup(input.ageGroup);
      await sendMail(
        trialConfirmationMail,
        {
          greeting: minor && input.parentName ? input.parentName : input.prenom,
          childPrenom: minor ? input.prenom : null,
          group: session.slot.group,
          level: session.slot.level,
          date: session.date,
          start: session.slot.start,
          end: session.slot.end,
          place: session.slot.place,
          trialClasses,
        },
        { to: input.email, replyTo: identity.email || undefined },
      );
    }
    await notifyManagers(
      "cours-essai",
      { prenom: input.prenom, nom: input.nom, email: input.email || input.phone },
      now,
    );
    return { id: row.id, mailed: input.email !== "" };
  });
  void deliverPendingMail();
  log.info("trial class booked", { id: result.id, session: input.session });
  return result;
}

export { freeClassesText } from "../mail/templates/trial-confirmation";

export type TrialSubmitResult =
  | { status: "sent"; session: string; mailed: boolean }
  | { status: "invalid"; result: SubmissionResult<string[]>; httpStatus: number }
  | RateLimited;

/** Handles one submission of the booking form from the client `ip`. */
export async function submitTrialRequest(
  formData: FormData,
  ip: string,
  now: Date = new Date(),
): Promise<TrialSubmitResult> {
  if (honeypotFilled(formData, "trial", ip)) {
    // Same answer as a real success, but nothing is stored or sent.
    const sessionField = formData.get("session");
    return {
      status: "sent",
      session: typeof sessionField === "string" ? sessionField.slice(0, 120) : "",
      mailed: false,
    };
  }
  const submission = parseSubmission(formData, trialRequestSchema);
  if (submission.status !== "success") return { status: "invalid", result: reply(submission), httpStatus: 400 };

  const refused = await publicFormLimit("trial", ip, submission, "demandes");
  if (refused) return refused;
  try {
    const once = await submitOnce("trial", formData, () => bookTrial(submission.value, now), { contentKey: true });
    const mailed = once.status === "pending" ? submission.value.email !== "" : once.value.mailed;
    return { status: "sent", session: submission.value.session, mailed };
  } catch (err) {
    if (!(err instanceof DomainError)) throw err;
    const where = err.field ? { fieldErrors: { [err.field]: [err.message] } } : { formErrors: [err.message] };
    return { status: "invalid", result: reply(submission, where), httpStatus: err.status };
  }
}

/** The booked session for the thank-you page (from the key in its address), or null. */
export async function bookedSessionLabel(key: string | null): Promise<string | null> {
  const parsed = key ? parseSessionKey(key) : null;
  if (!parsed) return null;
  const [session] = (await classSessions(parsed.date, parsed.date)).filter((s) => s.slot.id === parsed.slotId);
  if (!session) return null;
  return `${formatLongDate(session.date)} à ${formatTime(session.slot.start)}, ${session.slot.group}`;
}

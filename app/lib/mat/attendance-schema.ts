/**
 * Attendance schemas: the form of one row (no JavaScript) and
 * the marks a phone sends. Apart from attendance.ts, which the root and the
 * layout import on every page: those load no Zod.
 */
import { z } from "zod";
import { id } from "../http/fields";
import { ATTENDANCE_MESSAGES, isCalendarDay, SYNC_BATCH_MAX } from "./attendance";

const clientMarkId = z
  .string({ error: ATTENDANCE_MESSAGES.unreadable })
  .regex(/^[A-Za-z0-9-]{8,64}$/, ATTENDANCE_MESSAGES.unreadable);

/** The form of one row (no JavaScript): who, present or not, the id the page gave this form. */
export const markFormSchema = z.object({
  profileId: id(ATTENDANCE_MESSAGES.notInGroup),
  present: z.enum(["1", "0"], { error: ATTENDANCE_MESSAGES.unreadable }).transform((v) => v === "1"),
  clientMarkId,
});

/** One mark of a phone's batch. */
const M = ATTENDANCE_MESSAGES;
export const syncMarkSchema = z.object({
  clientMarkId,
  date: z.string({ error: M.noSession }).refine(isCalendarDay, M.noSession),
  slotId: z.string({ error: M.noSession }).regex(/^[A-Za-z0-9_-]{1,60}$/, M.noSession),
  profileId: z
    .number({ error: M.notInGroup })
    .int(M.notInGroup)
    .positive(M.notInGroup)
    .max(2_147_483_647, M.notInGroup),
  present: z.boolean({ error: M.unreadable }),
  /** ISO instant of the tap on the phone. */
  markedAt: z.string({ error: M.unreadable }).max(40, M.unreadable),
});

/** One mark as the phone queues and sends it. */
export type SyncMark = z.output<typeof syncMarkSchema>;
export const syncBatchSchema = z.object({
  marks: z.array(z.unknown(), { error: M.unreadable }).max(SYNC_BATCH_MAX, M.tooMany),
});

/**
 * POST /espace-membre/appel/envoi (instructors and admins):
 * where phones send their queued attendance marks, as JSON
 * `{ marks: [{ clientMarkId, date, slotId, profileId, present, markedAt }] }`
 * (at most SYNC_BATCH_MAX). Answers `{ results }`, one outcome per mark, in
 * order (attendance.server.ts: each id applied once, the latest tap wins, a
 * mark that can never apply is refused with its French reason). The member
 * layout's guard already checked the session, the role and the origin (CSRF).
 */
import type { Route } from "./+types/sync";
import { userContext } from "~/lib/accounts/auth-context";
import { applyBatch } from "~/lib/mat/attendance.server";
import { ATTENDANCE_MESSAGES, type SyncAnswer } from "~/lib/mat/attendance";
import { syncBatchSchema } from "~/lib/mat/attendance-schema";
import { FORM_BODY_LIMIT, readBodyLimited } from "~/lib/http/request.server";

const NO_STORE = { "Cache-Control": "no-store" };

export function loader() {
  return Response.json(
    { message: "Envoyez les présences par POST." },
    { status: 405, headers: { Allow: "POST", ...NO_STORE } },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = context.get(userContext);
  const body = await readBodyLimited(request, FORM_BODY_LIMIT);
  let parsed: unknown;
  try {
    parsed = JSON.parse(new TextDecoder().decode(body));
  } catch {
    return Response.json({ message: ATTENDANCE_MESSAGES.unreadable }, { status: 400, headers: NO_STORE });
  }
  const batch = syncBatchSchema.safeParse(parsed);
  if (!batch.success)
    return Response.json(
      { message: batch.error.issues[0]?.message ?? ATTENDANCE_MESSAGES.unreadable },
      { status: 400, headers: NO_STORE },
    );
  const answer: SyncAnswer = { results: await applyBatch(user, batch.data.marks) };
  return Response.json(answer, { headers: NO_STORE });
}

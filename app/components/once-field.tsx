/**
 * The one-time token of a form: put `<OnceField token={loaderData.submissionToken} />`
 * inside a form whose duplicate would bother someone; the action runs it
 * through `submitOnce` / `redirectOnce` (app/lib/http/submissions.server.ts).
 */
import { SUBMISSION_FIELD } from "~/lib/http/once";

export function OnceField({ token }: { token: string }) {
  return <input type="hidden" name={SUBMISSION_FIELD} value={token} />;
}

/**
 * POST /espace-membre/profil-actif — selects one of the account's profiles for
 * the session (intent=select, profileId) or goes back to the user's own
 * profile (intent=clear), then returns to the member page the form came from.
 * A profile of another account (or a tampered id) is a 404 page (orErrorPage).
 */
import { href, redirect } from "react-router";
import { userContext } from "~/lib/accounts/auth-context";
import type { Route } from "./+types/select-profile";
import { orErrorPage, positiveId } from "~/lib/http/forms";
import { clearSelection, selectProfile } from "~/lib/members/profiles.server";
import { safeRedirectPath } from "~/lib/http/redirects";
import { readForm } from "~/lib/http/request.server";

/** Back to a member-area page only (the hidden field first, then the Referer). */
function backTo(request: Request, field: FormDataEntryValue | null): string {
  const candidates = [typeof field === "string" ? field : null];
  const referer = request.headers.get("referer");
  if (referer) {
    try {
      const url = new URL(referer);
      if (url.origin === new URL(request.url).origin) candidates.push(url.pathname + url.search);
    } catch {
      // ignore a malformed Referer
    }
  }
  for (const c of candidates) {
    const target = safeRedirectPath(c, "", { within: href("/espace-membre") });
    if (target && !target.startsWith(href("/espace-membre/profil-actif"))) return target;
  }
  return href("/espace-membre");
}

export async function loader() {
  return redirect(href("/espace-membre"));
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = context.get(userContext);
  const form = await readForm(request);
  const sessionId = user.sessionId;
  if (form.get("intent") === "clear") {
    await clearSelection(sessionId, user.id);
  } else {
    const profileId = positiveId(form.get("profileId"));
    if (profileId === null) throw new Response("Profil introuvable.", { status: 404 });
    // A DomainError 404 for a profile of another account.
    await orErrorPage(() => selectProfile(sessionId, user.id, profileId));
  }
  return redirect(backTo(request, form.get("redirectTo")));
}

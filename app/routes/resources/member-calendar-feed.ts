/**
 * A member's personal iCalendar feed: public and members-only events, for
 * the secret token of /calendrier/membre/<token>.ics (see
 * calendar-tokens.server.ts). Unknown token, or a user who is no longer a
 * member: 404. Never cached by shared caches.
 */
import type { Route } from "./+types/member-calendar-feed";
import { calendarFeedResponse } from "~/lib/content/calendar-feed.server";
import { calendarTokenUser } from "~/lib/accounts/calendar-tokens.server";

export async function loader({ params }: Route.LoaderArgs) {
  const raw = (params as Record<string, string | undefined>).token ?? "";
  const token = raw.replace(/\.ics$/, "");
  const user = await calendarTokenUser(token);
  if (!user) {
    return new Response("Calendrier introuvable", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
  return calendarFeedResponse({ membersOnly: true });
}

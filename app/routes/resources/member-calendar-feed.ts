/**
 * A member's personal iCalendar feed: public and members-only events, for
 * the secret token of /calendrier/membre/<token>.ics (see
 * calendar-tokens.server.ts). Unknown token, or a user who is no longer a
 * member: 404. Never cached by shared caches.
 */
import type { Route } from "./+types/member-calendar-feed";
import { calendarTokenUser } from "~/lib/calendar-tokens.server";
import { env } from "~/lib/env.server";
import { categoryLabel, listFeedEvents } from "~/lib/events.server";
import { buildICalendar } from "~/lib/ical.server";
import { getSetting } from "~/lib/settings.server";

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
  const identity = await getSetting("identity");
  const baseUrl = env().BASE_URL;
  const host = new URL(baseUrl).hostname;
  const entries = await listFeedEvents({ includeMembersOnly: true });
  const body = buildICalendar({
    name: `${identity.clubName} (membres)`,
    description: `Événements du club, dont ceux réservés aux membres — ${identity.clubName}`,
    prodId: `-//${identity.clubName}//Calendrier des membres//FR`,
    events: entries.map((e) => ({
      uid: `${e.key}@${host}`,
      title: e.membersOnly ? `${e.title} (membres)` : e.title,
      description: e.description,
      place: e.place,
      startsAt: e.startsAt,
      endsAt: e.endsAt,
      allDay: e.allDay,
      categories: [categoryLabel(e.category)],
      url: `${baseUrl}/la-vie-du-club/calendrier`,
      updatedAt: e.updatedAt,
    })),
  });
  return new Response(body, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": 'inline; filename="calendrier-membres.ics"',
      "Cache-Control": "private, no-store",
      "X-Robots-Tag": "noindex",
    },
  });
}

/**
 * The club's iCalendar feeds (public, and a member's personal one): the same
 * events, the same UIDs (so a phone subscribed to both never shows an event
 * twice under two identities), served as text/calendar.
 */
import { env } from "../core/env.server";
import { categoryLabel, listFeedEvents } from "./events.server";
import { buildICalendar } from "./ical.server";
import { getSetting } from "../club/settings.server";

export async function calendarFeedResponse(options: { membersOnly: boolean }): Promise<Response> {
  const [identity, entries] = await Promise.all([
    getSetting("identity"),
    listFeedEvents({ includeMembersOnly: options.membersOnly }),
  ]);
  const baseUrl = env().BASE_URL;
  const host = new URL(baseUrl).hostname;
  const clubName = identity.clubName.replace(/[\r\n]/g, " ");
  const body = buildICalendar({
    name: options.membersOnly ? `${clubName} (membres)` : clubName,
    description: options.membersOnly
      ? `Événements du club, dont ceux réservés aux membres – ${clubName}`
      : `Stages, passages de grades, démonstrations et fermetures – ${clubName}`,
    prodId: `-//${clubName}//${options.membersOnly ? "Calendrier des membres" : "Calendrier du club"}//FR`,
    refreshMinutes: 360,
    events: entries.map((e) => ({
      uid: `evenement-${e.eventId ?? e.key}@${host}`,
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
      "Content-Disposition": `inline; filename="${options.membersOnly ? "calendrier-membres" : "calendrier-club"}.ics"`,
      // The personal feed is private: never stored by shared caches.
      "Cache-Control": options.membersOnly ? "private, no-store" : "public, max-age=300",
      ...(options.membersOnly ? { "X-Robots-Tag": "noindex" } : {}),
    },
  });
}

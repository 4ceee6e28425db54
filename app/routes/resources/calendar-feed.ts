/**
 * /la-vie-du-club/calendrier.ics — iCalendar feed of the public events, for
 * phones and calendar applications to subscribe to (members-only events are
 * never in this public feed).
 */
import { env } from "~/lib/env.server";
import { categoryLabel, listFeedEvents } from "~/lib/events.server";
import { buildICalendar } from "~/lib/ical.server";
import { getSetting } from "~/lib/settings.server";

export async function loader() {
  const [identity, events] = await Promise.all([getSetting("identity"), listFeedEvents({ includeMembersOnly: false })]);
  const baseUrl = env().BASE_URL;
  const host = new URL(baseUrl).hostname;
  const body = buildICalendar({
    name: identity.clubName,
    description: `Stages, passages de grades, démonstrations et fermetures – ${identity.clubName}`,
    prodId: `-//${identity.clubName.replace(/[\r\n]/g, " ")}//Calendrier du club//FR`,
    refreshMinutes: 360,
    events: events.map((e) => ({
      uid: `evenement-${e.eventId}@${host}`,
      title: e.title,
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
      "Content-Disposition": 'inline; filename="calendrier-club.ics"',
      "Cache-Control": "public, max-age=300",
    },
  });
}

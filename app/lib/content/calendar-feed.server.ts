/**
 * The club's iCalendar feeds (public, and a member's personal one): the same
 * events, the same UIDs (so a phone subscribed to both never shows an event
 * twice under two identities), served as text/calendar.
 * The weekly classes come from the one sessions module: one recurring event
 * per class over the season (RRULE, UNTIL the season's last day) with an
 * EXDATE for each day it does not take place, exactly the days the calendar
 * page leaves out.
 */
import { env } from "../core/env.server";
import { clubDisplayName } from "../club/identity";
import { categoryLabel, listFeedEvents } from "./events.server";
import { buildICalendar } from "./ical.server";
import { getSetting } from "../club/settings.server";
import { seasonClassSeries } from "../club/class-sessions.server";
import { addDays, parisTime } from "../core/time";

export async function calendarFeedResponse(options: { membersOnly: boolean }): Promise<Response> {
  const [identity, entries, series, classCalendar] = await Promise.all([
    getSetting("identity"),
    listFeedEvents({ includeMembersOnly: options.membersOnly }),
    seasonClassSeries(),
    getSetting("classCalendar"),
  ]);
  // The last instant of the season's last day (UNTIL is inclusive, in UTC).
  const until = new Date(parisTime(addDays(classCalendar.seasonEnd, 1)).getTime() - 1000);
  const baseUrl = env().BASE_URL;
  const host = new URL(baseUrl).hostname;
  const clubName = clubDisplayName(identity).replace(/[\r\n]/g, " ");
  const body = buildICalendar({
    name: options.membersOnly ? `${clubName} (membres)` : clubName,
    description: options.membersOnly
      ? `Événements du club, dont ceux réservés aux membres – ${clubName}`
      : `Cours, stages, passages de grades, démonstrations et fermetures – ${clubName}`,
    prodId: `-//${clubName}//${options.membersOnly ? "Calendrier des membres" : "Calendrier du club"}//FR`,
    refreshMinutes: 360,
    events: [
      ...series.map((s) => ({
        uid: `cours-${s.slot.id}-${classCalendar.seasonStart}@${host}`,
        title: `Cours ${s.slot.group}`,
        description: s.slot.level,
        place: s.slot.place,
        startsAt: parisTime(s.firstDate, s.slot.start),
        endsAt: parisTime(s.firstDate, s.slot.end),
        categories: [categoryLabel("cours")],
        url: `${baseUrl}/la-vie-du-club/calendrier`,
        weekly: { until, exdates: s.skipped.map((k) => parisTime(k.date, s.slot.start)) },
      })),
      ...entries.map((e) => ({
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
    ],
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

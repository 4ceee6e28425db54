/**
 * /la-vie-du-club/calendrier.ics — iCalendar feed of the public events, for
 * phones and calendar applications to subscribe to (members-only events are
 * never in this public feed).
 */
import { calendarFeedResponse } from "~/lib/content/calendar-feed.server";

export function loader() {
  return calendarFeedResponse({ membersOnly: false });
}

/**
 * The club's calendar page.
 *
 * Rules:
 * - The page's heading and its month navigation are rendered here: the heading (`aria-live`)
 *   is announced when the month changes, and the links keep the scroll position.
 * - The month (one `<ol>` of the month's days, a 7-column grid from `md` up and, on phones, the
 *   list of the days that have something) and the rest of the page (next events, the feed) are
 *   written once on the server and kept as is by the browser (`ServerHtml`):
 *   components/calendar-page.server.tsx. The browser loads none of their code.
 * - The loader sends the navigation's labels and links formatted, and the blocks' markup on a
 *   client navigation only.
 */
import { Link, redirect } from "react-router";
import { capitalize, formatMonth } from "~/lib/core/time";
import { getSetting } from "~/lib/club/settings.server";
import { env } from "~/lib/core/env.server";
import { currentMonth, monthKey, parseMonth } from "~/lib/content/events.server";
import { monthCalendar, upcomingEvents } from "~/lib/content/public-reads.server";
import { upcomingView } from "~/lib/content/calendar-view.server";
import { can } from "~/lib/accounts/capabilities";
import { writeLinksFor } from "~/lib/content/write-links";
import { pageMeta } from "~/lib/http/seo";
import { getSessionUser } from "~/lib/accounts/session.server";
import { serverHtml } from "~/lib/http/server-html.server";
import type { Route } from "./+types/calendar";
import { Icon } from "~/components/ui/icon";
import { ServerHtml } from "~/components/server-html";
import { MONTH_BLOCK } from "~/lib/http/safe-html";
import { CalendarMonth, CalendarMore, monthDaysHtml } from "~/components/calendar-page.server";
import { numberParts } from "~/lib/core/invariant";
import "./calendar.css";

const PATH = "/la-vie-du-club/calendrier";

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const raw = url.searchParams.get("mois");
  const requested = parseMonth(raw);
  if (raw !== null && !requested) throw redirect(PATH);
  const today = currentMonth();
  const month = requested ?? today;

  // Members-only events are shown to signed-in members only.
  const user = await getSessionUser(request);
  const includeMembersOnly = can(user, "member-content:read");

  const [calendar, upcomingEntries, classCalendar, schedule] = await Promise.all([
    monthCalendar(month, includeMembersOnly),
    upcomingEvents(8, includeMembersOnly),
    getSetting("classCalendar"),
    getSetting("schedule"),
  ]);
  const feedUrl = `${env().BASE_URL}${PATH}.ics`;
  const monthLabel = (key: string) => {
    const [year, monthNumber] = numberParts(key, "-", 2);
    return capitalize(formatMonth({ year, month: monthNumber }));
  };
  return {
    /** « novembre 2026 » (the page's title). */
    label: calendar.label,
    heading: capitalize(calendar.label),
    includeMembersOnly,
    previous: { to: `${PATH}?mois=${calendar.previous}`, label: monthLabel(calendar.previous) },
    next: { to: `${PATH}?mois=${calendar.next}`, label: monthLabel(calendar.next) },
    /** The link back to this month, when another one is shown. */
    thisMonth: calendar.month !== monthKey(today) ? { to: PATH, label: formatMonth(today) } : null,
    month: serverHtml(
      context,
      <CalendarMonth
        calendar={calendar}
        days={monthDaysHtml(calendar, `${calendar.month}:${includeMembersOnly}:${calendar.today}`)}
        classSeason={{
          start: classCalendar.seasonStart,
          end: classCalendar.seasonEnd,
          skipSchoolHolidays: classCalendar.skipSchoolHolidays,
          hasClasses: schedule.length > 0,
        }}
      />,
      MONTH_BLOCK,
    ),
    html: serverHtml(
      context,
      <CalendarMore
        upcoming={upcomingView(upcomingEntries)}
        feedUrl={feedUrl}
        webcalUrl={feedUrl.replace(/^https?:\/\//, "webcal://")}
        newEvent={upcomingEntries.length === 0 ? writeLinksFor(user).event : null}
      />,
    ),
  };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: args.loaderData ? `Calendrier du club – ${args.loaderData.label}` : "Calendrier du club",
    description:
      "Stages, passages de grades, démonstrations, compétitions, fermetures et cours hebdomadaires du club de Vovinam Viet Vo Dao, mois par mois. Abonnez-vous au calendrier depuis votre téléphone.",
  });

const navLinkClass =
  "inline-flex min-h-11 items-center gap-1 rounded-md border border-slate-300 px-3 py-2 text-sm font-semibold text-club-800 hover:bg-club-50";

export default function CalendarPage({ loaderData }: Route.ComponentProps) {
  const { heading, includeMembersOnly, previous, next, thisMonth, month, html } = loaderData;
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight text-club-900 sm:text-4xl">Calendrier du club</h1>
      <p className="mt-4 max-w-3xl text-lg leading-relaxed text-slate-700">
        Les cours de la semaine, les stages, les passages de grades, les démonstrations et les fermetures du club.
        {includeMembersOnly ? " Les rendez-vous réservés aux membres sont signalés." : null}
      </p>

      <section aria-labelledby="mois-titre" className="mt-10">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="mois-titre" className="text-2xl font-bold text-club-900" aria-live="polite">
            {heading}
          </h2>
          <nav aria-label="Changer de mois" className="flex flex-wrap gap-2">
            <Link to={previous.to} className={navLinkClass} preventScrollReset>
              <Icon name="chevron-left" className="h-4 w-4" />
              <span>
                <span className="sr-only">Mois précédent : </span>
                {previous.label}
              </span>
            </Link>
            {thisMonth ? (
              <Link to={thisMonth.to} className={navLinkClass} preventScrollReset>
                <span>
                  Ce mois-ci<span className="sr-only"> : {thisMonth.label}</span>
                </span>
              </Link>
            ) : null}
            <Link to={next.to} className={navLinkClass} preventScrollReset>
              <span>
                <span className="sr-only">Mois suivant : </span>
                {next.label}
              </span>
              <Icon name="chevron-right" className="h-4 w-4" />
            </Link>
          </nav>
        </div>
        <ServerHtml html={month} block={MONTH_BLOCK} />
      </section>

      <ServerHtml html={html} />
    </div>
  );
}

/**
 * The club's calendar page (issue 12, decision 0037).
 *
 * Rules:
 * - The month is written once: one `<ol>` of the month's days, a 7-column grid from `md` up
 *   (weekday names above it, hidden from screen readers: each day says its full date) and, on
 *   phones, the list of the days that have something (the empty days are hidden by CSS).
 * - Each entry is written once with what both widths show; CSS picks the compact line of the
 *   grid (start time, title; category and « réservé aux membres » for screen readers) or the
 *   full line of the phone list (badges, time range, place).
 * - The repeated parts are short classes of ./calendar.css (`.cal-entry`, `.cal-badge`…), not long
 *   utility lists per entry; its icons (clock, place, lock) are CSS masks of those classes, not
 *   an SVG per use.
 * - The loader sends what the page shows, formatted (calendar-view.server.ts).
 */
import type { ReactElement } from "react";
import { Link, redirect } from "react-router";
import { capitalize, formatDate, formatDayMonth, formatMonth, ofMonth } from "~/lib/core/time";
import { getSetting } from "~/lib/club/settings.server";
import { env } from "~/lib/core/env.server";
import { categoryLabel, EVENT_CATEGORIES } from "~/lib/content/event-categories";
import { currentMonth, monthKey, parseMonth } from "~/lib/content/events.server";
import { monthCalendar, upcomingEvents } from "~/lib/content/public-reads.server";
import { upcomingView, type DayView, type EntryView } from "~/lib/content/calendar-view.server";
import { hasAnyRole, MEMBER_ROLES } from "~/lib/accounts/roles";
import { pageMeta } from "~/lib/http/seo";
import { getSessionUser } from "~/lib/accounts/session.server";
import type { Route } from "./+types/calendar";
import { buttonClasses } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { numberParts } from "~/lib/core/invariant";
import "./calendar.css";

const PATH = "/la-vie-du-club/calendrier";

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const raw = url.searchParams.get("mois");
  const requested = parseMonth(raw);
  if (raw !== null && !requested) throw redirect(PATH);
  const today = currentMonth();
  const month = requested ?? today;

  // Members-only events are shown to signed-in members only.
  const user = await getSessionUser(request);
  const includeMembersOnly = user !== null && hasAnyRole(user.roles, MEMBER_ROLES);

  const [calendar, upcomingEntries, classCalendar] = await Promise.all([
    monthCalendar(month, includeMembersOnly),
    upcomingEvents(8, includeMembersOnly),
    getSetting("classCalendar"),
  ]);
  const feedUrl = `${env().BASE_URL}${PATH}.ics`;
  return {
    calendar,
    upcoming: upcomingView(upcomingEntries),
    includeMembersOnly,
    classSeason: {
      start: classCalendar.seasonStart,
      end: classCalendar.seasonEnd,
      skipSchoolHolidays: classCalendar.skipSchoolHolidays,
    },
    currentMonth: monthKey(today),
    currentMonthLabel: formatMonth(today),
    feedUrl,
    webcalUrl: feedUrl.replace(/^https?:\/\//, "webcal://"),
  };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: args.loaderData ? `Calendrier du club – ${args.loaderData.calendar.label}` : "Calendrier du club",
    description:
      "Stages, passages de grades, démonstrations, compétitions, fermetures et cours hebdomadaires du club de Vovinam Viet Vo Dao, mois par mois. Abonnez-vous au calendrier depuis votre téléphone.",
  });

const WEEKDAYS = ["Lun", "Mar", "Mer", "Jeu", "Ven", "Sam", "Dim"];

/** Column of the month's first day in the grid (index: ISO weekday - 1), space included; literal for Tailwind. */
const FIRST_COLUMN = [
  "",
  "md:col-start-2 ",
  "md:col-start-3 ",
  "md:col-start-4 ",
  "md:col-start-5 ",
  "md:col-start-6 ",
  "md:col-start-7 ",
];

/** The colours of a category (calendar.css `.cal-stage`…; unknown values as « autre »). */
function categoryClass(category: string): string {
  return (EVENT_CATEGORIES as readonly string[]).includes(category) ? `cal-${category}` : "cal-autre";
}

function CategoryBadge({ category }: { category: string }) {
  return <span className={`cal-badge ${categoryClass(category)}`}>{categoryLabel(category)}</span>;
}

const membersOnlyBadge = <span className="cal-members cal-lock">Réservé aux membres</span>;

/** Read between the title and the badges by screen readers only. */
const comma = <span className="sr-only">, </span>;

/**
 * One entry, written once (calendar.css `.cal-entry`): on phones a card (title, badges, time range,
 * place); in the grid a compact line (start time, title), its category and « réservé aux
 * membres » read only.
 */
function EntryLine({ entry }: { entry: EntryView }) {
  return (
    <li className={`cal-entry ${categoryClass(entry.category)}`}>
      {entry.start ? <span className="cal-start">{`${entry.start} `}</span> : null}
      <span className={entry.kind === "event" ? "cal-event" : "cal-class"}>{entry.title}</span>
      {comma}
      <CategoryBadge category={entry.category} />
      {entry.membersOnly ? (
        <>
          {comma}
          {membersOnlyBadge}
        </>
      ) : null}
      <span className="cal-details">
        <span className="cal-clock">{entry.start ? `${entry.start} – ${entry.end ?? ""}` : "Toute la journée"}</span>
        {entry.place ? <span className="cal-pin">{entry.place}</span> : null}
      </span>
    </li>
  );
}

/**
 * A day of the month (calendar.css `.cal-day`): a cell of the grid, an item of the phone list when
 * something is on it (hidden on phones otherwise).
 */
function DayItem({
  date,
  day,
  isToday,
  column,
}: {
  date: string;
  day: DayView | undefined;
  isToday: boolean;
  column: string;
}) {
  const Label = day ? "h3" : "p";
  return (
    <li className={`${day ? "" : "max-md:hidden "}${column}cal-day`}>
      <Label className="cal-date">
        <span aria-hidden="true" className={isToday ? "cal-num cal-today" : "cal-num"}>
          {Number(date.slice(8))}
        </span>
        <span className="md:sr-only">{capitalize(formatDayMonth(date))}</span>
        {isToday ? <span className="cal-today-badge">Aujourd'hui</span> : null}
      </Label>
      {day && day.entries.length > 0 ? (
        <ul className="cal-entries">
          {day.entries.map((e, i) => (
            <EntryLine key={i} entry={e} />
          ))}
        </ul>
      ) : null}
      {day?.classesOff ? <p className="cal-off">{day.classesOff}</p> : null}
    </li>
  );
}

const navLinkClass =
  "inline-flex min-h-11 items-center gap-1 rounded-md border border-slate-300 px-3 py-2 text-sm font-semibold text-club-800 hover:bg-club-50";

export default function CalendarPage({ loaderData }: Route.ComponentProps) {
  const {
    calendar,
    upcoming,
    includeMembersOnly,
    classSeason,
    currentMonth: thisMonth,
    currentMonthLabel,
    feedUrl,
    webcalUrl,
  } = loaderData;
  const [prevYear, prevMonth] = numberParts(calendar.previous, "-", 2);
  const [nextYear, nextMonth] = numberParts(calendar.next, "-", 2);
  const previousLabel = formatMonth({ year: prevYear, month: prevMonth });
  const nextLabel = formatMonth({ year: nextYear, month: nextMonth });
  const byDate = new Map(calendar.days.map((d) => [d.date, d]));
  const days: ReactElement[] = [];
  for (let n = 1; n <= calendar.daysInMonth; n++) {
    const date = `${calendar.month}-${String(n).padStart(2, "0")}`;
    days.push(
      <DayItem
        key={date}
        date={date}
        day={byDate.get(date)}
        isToday={date === calendar.today}
        column={n === 1 ? (FIRST_COLUMN[calendar.firstWeekday - 1] ?? "") : ""}
      />,
    );
  }

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
            {capitalize(calendar.label)}
          </h2>
          <nav aria-label="Changer de mois" className="flex flex-wrap gap-2">
            <Link to={`${PATH}?mois=${calendar.previous}`} className={navLinkClass} preventScrollReset>
              <Icon name="chevron-left" className="h-4 w-4" />
              <span>
                <span className="sr-only">Mois précédent : </span>
                {capitalize(previousLabel)}
              </span>
            </Link>
            {calendar.month !== thisMonth ? (
              <Link to={PATH} className={navLinkClass} preventScrollReset>
                <span>
                  Ce mois-ci<span className="sr-only"> : {currentMonthLabel}</span>
                </span>
              </Link>
            ) : null}
            <Link to={`${PATH}?mois=${calendar.next}`} className={navLinkClass} preventScrollReset>
              <span>
                <span className="sr-only">Mois suivant : </span>
                {capitalize(nextLabel)}
              </span>
              <Icon name="chevron-right" className="h-4 w-4" />
            </Link>
          </nav>
        </div>

        {/* One list of days: a month grid from md up, the days that have something on phones. */}
        <div
          aria-hidden="true"
          className="mt-6 hidden grid-cols-7 gap-px pb-2 text-sm font-semibold text-slate-700 md:grid"
        >
          {WEEKDAYS.map((d) => (
            <span key={d}>{d}</span>
          ))}
        </div>
        <ol
          aria-label={`Événements et cours ${ofMonth(calendar.label)}, jour par jour`}
          className="mt-6 flex flex-col gap-5 md:mt-0 md:grid md:grid-cols-7 md:gap-px md:bg-slate-50"
        >
          {days}
        </ol>
        {calendar.days.length === 0 ? (
          <p className="mt-6 rounded-md bg-slate-50 p-4 text-slate-700 md:hidden">Rien de prévu ce mois-ci.</p>
        ) : null}
        <p className="mt-4 text-sm text-slate-700">
          Les cours hebdomadaires ont lieu du {formatDate(classSeason.start)} au {formatDate(classSeason.end)}, sauf les
          jours fériés{classSeason.skipSchoolHolidays ? ", pendant les vacances scolaires" : ""} et pendant les
          fermetures du club. Détail des groupes et des horaires sur la page{" "}
          <Link to="/tarifs-horaires" className="font-semibold text-club-700 underline">
            Tarifs et horaires
          </Link>
          .
        </p>
      </section>

      <div className="mt-12 grid gap-10 lg:grid-cols-[2fr_1fr]">
        <section aria-labelledby="prochains-titre">
          <h2 id="prochains-titre" className="text-2xl font-bold text-club-900">
            Prochains événements
          </h2>
          {upcoming.length === 0 ? (
            <p className="mt-4 text-slate-700">Aucun événement n'est annoncé pour le moment.</p>
          ) : (
            <ul className="mt-4 space-y-4">
              {upcoming.map((e) => (
                <li key={e.key} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
                  <p className="flex flex-wrap items-center gap-2">
                    <CategoryBadge category={e.category} />
                    {e.membersOnly ? membersOnlyBadge : null}
                  </p>
                  <h3 className="mt-2 text-xl font-bold text-club-900">{e.title}</h3>
                  <p className="cal-clock mt-1 flex items-center gap-1 font-medium text-slate-800">
                    <time dateTime={e.startsAt}>{e.when}</time>
                  </p>
                  {e.place ? <p className="cal-pin mt-1 flex items-center gap-1 text-slate-700">{e.place}</p> : null}
                  {e.description ? <p className="mt-3 whitespace-pre-line text-slate-700">{e.description}</p> : null}
                </li>
              ))}
            </ul>
          )}
        </section>

        <section aria-labelledby="abonnement-titre" className="h-fit rounded-xl border border-club-200 bg-club-50 p-5">
          <h2 id="abonnement-titre" className="flex items-center gap-2 text-xl font-bold text-club-900">
            <Icon name="calendar-plus" className="h-6 w-6 text-club-700" />
            Le calendrier dans votre téléphone
          </h2>
          <p className="mt-3 text-slate-800">
            Abonnez-vous une fois : les cours, les stages, les passages de grades et les fermetures apparaissent dans
            votre agenda et se mettent à jour tout seuls.
          </p>
          <p className="mt-4">
            <a href={feedUrl} className={buttonClasses({ className: "min-h-11" })}>
              <Icon name="calendar-plus" className="h-5 w-5" />
              S'abonner au calendrier
            </a>
          </p>
          <label htmlFor="adresse-calendrier" className="mt-4 block text-sm font-semibold text-slate-800">
            Adresse du calendrier (à copier)
          </label>
          <input
            id="adresse-calendrier"
            type="text"
            readOnly
            value={feedUrl}
            className="mt-1 block w-full rounded-md border border-slate-400 bg-white px-2 py-1.5 font-mono text-sm text-slate-900"
          />
          <h3 className="mt-5 font-semibold text-club-900">iPhone et iPad</h3>
          <p className="mt-1 text-sm text-slate-800">
            Touchez{" "}
            <a href={webcalUrl} className="font-semibold text-club-700 underline">
              ouvrir dans l'app Calendrier
            </a>{" "}
            puis « S'abonner ». Sinon : Réglages › Calendrier › Comptes › Ajouter un compte › Autre › « Ajouter un
            calendrier avec abonnement », et collez l'adresse.
          </p>
          <h3 className="mt-4 font-semibold text-club-900">Android (Google Agenda)</h3>
          <p className="mt-1 text-sm text-slate-800">
            Depuis un navigateur, ouvrez calendar.google.com, puis « Autres agendas » › « + » › « À partir de l'URL » et
            collez l'adresse. L'agenda apparaît ensuite dans l'application de votre téléphone (vérifiez que sa
            synchronisation est activée).
          </p>
          <p className="mt-4 text-sm text-slate-700">
            Les mises à jour arrivent selon votre application, en général en quelques heures.
          </p>
        </section>
      </div>
    </div>
  );
}

import { CalendarPlus, ChevronLeft, ChevronRight, Clock, Lock, MapPin } from "lucide-react";
import { Link, redirect } from "react-router";
import {
  capitalize,
  formatDate,
  formatDayMonth,
  formatEventWhen,
  formatMonth,
  formatTime,
  ofMonth,
} from "~/lib/core/time";
import { getSetting } from "~/lib/club/settings.server";
import { env } from "~/lib/core/env.server";
import { categoryLabel } from "~/lib/content/event-categories";
import { currentMonth, monthKey, parseMonth, type CalendarEntry } from "~/lib/content/events.server";
import { monthCalendar, upcomingEvents } from "~/lib/content/public-reads.server";
import { hasAnyRole, MEMBER_ROLES } from "~/lib/accounts/roles";
import { pageMeta } from "~/lib/http/seo";
import { getSessionUser } from "~/lib/accounts/session.server";
import type { Route } from "./+types/calendar";
import { buttonClasses } from "~/components/ui/button";
import { numberParts } from "~/lib/core/invariant";

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

  const [calendar, upcoming, classCalendar] = await Promise.all([
    monthCalendar(month, includeMembersOnly),
    upcomingEvents(8, includeMembersOnly),
    getSetting("classCalendar"),
  ]);
  const feedUrl = `${env().BASE_URL}${PATH}.ics`;
  return {
    calendar,
    upcoming,
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

const CATEGORY_STYLES: Record<string, string> = {
  cours: "border-club-200 bg-club-50 text-club-900",
  stage: "border-emerald-200 bg-emerald-50 text-emerald-900",
  competition: "border-red-200 bg-red-50 text-red-900",
  "passage-de-grades": "border-amber-300 bg-amber-50 text-amber-900",
  demonstration: "border-violet-200 bg-violet-50 text-violet-900",
  fermeture: "border-slate-300 bg-slate-200 text-slate-900",
  autre: "border-slate-200 bg-slate-50 text-slate-900",
};

const WEEKDAYS = [
  { short: "Lun", long: "lundi" },
  { short: "Mar", long: "mardi" },
  { short: "Mer", long: "mercredi" },
  { short: "Jeu", long: "jeudi" },
  { short: "Ven", long: "vendredi" },
  { short: "Sam", long: "samedi" },
  { short: "Dim", long: "dimanche" },
];

function CategoryBadge({ category }: { category: string }) {
  return (
    <span
      className={`inline-block rounded-full border px-2 py-0.5 text-xs font-semibold ${CATEGORY_STYLES[category] ?? CATEGORY_STYLES.autre}`}
    >
      {categoryLabel(category)}
    </span>
  );
}

/** One line of the month grid or of the phone list. */
function EntryLine({ entry, compact }: { entry: CalendarEntry; compact: boolean }) {
  const time = entry.allDay ? null : formatTime(entry.startsAt);
  const style = CATEGORY_STYLES[entry.category] ?? CATEGORY_STYLES.autre;
  if (compact) {
    return (
      <li className={`rounded border-l-4 px-1.5 py-1 text-xs leading-snug ${style}`}>
        {time ? <span className="font-semibold">{time} </span> : null}
        <span className={entry.kind === "event" ? "font-semibold" : undefined}>{entry.title}</span>
        <span className="sr-only"> ({categoryLabel(entry.category)})</span>
        {entry.membersOnly ? <span className="sr-only">, réservé aux membres</span> : null}
      </li>
    );
  }
  return (
    <li className={`rounded-md border-l-4 px-3 py-2 ${style}`}>
      <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <span className="font-semibold">{entry.title}</span>
        <CategoryBadge category={entry.category} />
        {entry.membersOnly ? <MembersOnlyBadge /> : null}
      </p>
      <p className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm">
        <span className="inline-flex items-center gap-1">
          <Clock aria-hidden="true" className="h-4 w-4" />
          {entry.allDay ? "Toute la journée" : `${formatTime(entry.startsAt)} – ${formatTime(entry.endsAt)}`}
        </span>
        {entry.place ? (
          <span className="inline-flex items-center gap-1">
            <MapPin aria-hidden="true" className="h-4 w-4" />
            {entry.place}
          </span>
        ) : null}
      </p>
    </li>
  );
}

function MembersOnlyBadge() {
  return (
    <span className="inline-flex items-center gap-1 rounded-full border border-slate-400 bg-white px-2 py-0.5 text-xs font-semibold text-slate-800">
      <Lock aria-hidden="true" className="h-3 w-3" />
      Réservé aux membres
    </span>
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
  const daysWithEntries = calendar.weeks.flat().filter((d) => d.inMonth && (d.entries.length > 0 || d.classesOff));

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
              <ChevronLeft aria-hidden="true" className="h-4 w-4" />
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
              <ChevronRight aria-hidden="true" className="h-4 w-4" />
            </Link>
          </nav>
        </div>

        {/* Large screens: the month grid. */}
        <table className="mt-6 hidden w-full table-fixed border-collapse md:table">
          <caption className="sr-only">Événements et cours {ofMonth(calendar.label)}, semaine par semaine</caption>
          <thead>
            <tr>
              {WEEKDAYS.map((d) => (
                <th key={d.short} scope="col" className="pb-2 text-left text-sm font-semibold text-slate-700">
                  <abbr title={d.long} className="no-underline">
                    {d.short}
                  </abbr>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {calendar.weeks.map((week) => (
              <tr key={week[0]?.date}>
                {week.map((day) => (
                  <td
                    key={day.date}
                    className={`h-28 border border-slate-200 p-1.5 align-top ${day.inMonth ? "bg-white" : "bg-slate-50"}`}
                  >
                    <p
                      className={`mb-1 text-sm font-semibold ${
                        day.isToday
                          ? "inline-flex h-7 w-7 items-center justify-center rounded-full bg-club-700 text-white"
                          : day.inMonth
                            ? "text-slate-900"
                            : "text-slate-600"
                      }`}
                    >
                      <span aria-hidden="true">{day.dayOfMonth}</span>
                      <span className="sr-only">
                        {formatDayMonth(day.date)}
                        {day.isToday ? " (aujourd'hui)" : ""}
                      </span>
                    </p>
                    {day.inMonth && day.entries.length > 0 ? (
                      <ul className="space-y-1">
                        {day.entries.map((e) => (
                          <EntryLine key={e.key} entry={e} compact />
                        ))}
                      </ul>
                    ) : null}
                    {day.inMonth && day.classesOff ? (
                      <p className="mt-1 text-xs leading-snug text-slate-700">{day.classesOff}</p>
                    ) : null}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>

        {/* Phones: the days that have something, as a list. */}
        <div className="mt-6 md:hidden">
          {daysWithEntries.length === 0 ? (
            <p className="rounded-md bg-slate-50 p-4 text-slate-700">Rien de prévu ce mois-ci.</p>
          ) : (
            <ol className="space-y-5">
              {daysWithEntries.map((day) => (
                <li key={day.date}>
                  <h3 className="text-lg font-semibold text-club-900">
                    {capitalize(formatDayMonth(day.date))}
                    {day.isToday ? (
                      <span className="ml-2 rounded-full bg-club-700 px-2 py-0.5 text-xs font-semibold text-white">
                        Aujourd'hui
                      </span>
                    ) : null}
                  </h3>
                  {day.entries.length > 0 ? (
                    <ul className="mt-2 space-y-2">
                      {day.entries.map((e) => (
                        <EntryLine key={e.key} entry={e} compact={false} />
                      ))}
                    </ul>
                  ) : null}
                  {day.classesOff ? <p className="mt-2 text-sm text-slate-700">{day.classesOff}</p> : null}
                </li>
              ))}
            </ol>
          )}
        </div>
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
                    {e.membersOnly ? <MembersOnlyBadge /> : null}
                  </p>
                  <h3 className="mt-2 text-xl font-bold text-club-900">{e.title}</h3>
                  <p className="mt-1 flex items-center gap-1 font-medium text-slate-800">
                    <Clock aria-hidden="true" className="h-4 w-4 shrink-0" />
                    <time dateTime={e.startsAt.toISOString()}>{capitalize(formatEventWhen(e))}</time>
                  </p>
                  {e.place ? (
                    <p className="mt-1 flex items-center gap-1 text-slate-700">
                      <MapPin aria-hidden="true" className="h-4 w-4 shrink-0" />
                      {e.place}
                    </p>
                  ) : null}
                  {e.description ? <p className="mt-3 whitespace-pre-line text-slate-700">{e.description}</p> : null}
                </li>
              ))}
            </ul>
          )}
        </section>

        <section aria-labelledby="abonnement-titre" className="h-fit rounded-xl border border-club-200 bg-club-50 p-5">
          <h2 id="abonnement-titre" className="flex items-center gap-2 text-xl font-bold text-club-900">
            <CalendarPlus aria-hidden="true" className="h-6 w-6 text-club-700" />
            Le calendrier dans votre téléphone
          </h2>
          <p className="mt-3 text-slate-800">
            Abonnez-vous une fois : les cours, les stages, les passages de grades et les fermetures apparaissent dans
            votre agenda et se mettent à jour tout seuls.
          </p>
          <p className="mt-4">
            <a href={feedUrl} className={buttonClasses({ className: "min-h-11" })}>
              <CalendarPlus aria-hidden="true" className="h-5 w-5" />
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

/**
 * The club's calendar page (issue 12, decisions 0037, 0043).
 *
 * Rules:
 * - The month is written once: one `<ol>` of the month's days (components/calendar-month.tsx,
 *   rendered once per cached month on the server), a 7-column grid from `md` up (weekday names
 *   above it, hidden from screen readers: each day says its full date) and, on phones, the
 *   list of the days that have something.
 * - The repeated parts are short classes of ./calendar.css (`.cal-entry`, `.cal-badge`…), not long
 *   utility lists per entry; its icons (clock, place, lock) are CSS masks of those classes, not
 *   an SVG per use.
 * - The loader sends what the page shows, formatted (calendar-view.server.ts).
 */
import { Link, redirect } from "react-router";
import { capitalize, formatDate, formatMonth } from "~/lib/core/time";
import { getSetting } from "~/lib/club/settings.server";
import { env } from "~/lib/core/env.server";
import { currentMonth, monthKey, parseMonth } from "~/lib/content/events.server";
import { monthCalendar, upcomingEvents } from "~/lib/content/public-reads.server";
import { upcomingView } from "~/lib/content/calendar-view.server";
import { hasAnyRole, MEMBER_ROLES } from "~/lib/accounts/roles";
import { pageMeta } from "~/lib/http/seo";
import { getSessionUser } from "~/lib/accounts/session.server";
import type { Route } from "./+types/calendar";
import { buttonClasses } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { numberParts } from "~/lib/core/invariant";
import { CategoryBadge, membersOnlyBadge, MonthDays } from "~/components/calendar-month";
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
        <MonthDays calendar={calendar} />
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

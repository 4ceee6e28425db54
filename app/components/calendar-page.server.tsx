/**
 * The calendar page's blocks written once on the server and kept as is by the browser: the month (weekday names, the days, the season's line) and
 * the rest of the page (the next events, the subscription to the feed). The page's heading and
 * its month navigation stay in the route (routes/club/calendar.tsx): the heading is announced
 * when the month changes.
 *
 * Rules:
 *  - The month's days are rendered once per month and day (`monthDaysHtml`) and kept until a
 *    write; a day says its full date.
 *  - The repeated parts are short classes of routes/club/calendar.css; its icons (clock, place,
 *    lock) are CSS masks of those classes, not an SVG per use.
 *  - Links are `SiteLink`s: `ServerHtml`'s click handler gives them to React Router.
 */
import { SiteLink } from "~/components/layout/site-link";
import { buttonClasses } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { CategoryBadge, membersOnlyBadge, monthDays, MonthDays } from "~/components/calendar-month";
import type { MonthView, UpcomingView } from "~/lib/content/calendar-view.server";
import { htmlMemo } from "~/lib/http/server-html.server";
import type { SafeHtml } from "~/lib/http/safe-html";
import { formatDate } from "~/lib/core/time";

const WEEKDAYS = ["Lun", "Mar", "Mer", "Jeu", "Ven", "Sam", "Dim"];

export interface ClassSeasonView {
  start: string;
  end: string;
  skipSchoolHolidays: boolean;
  /** False until the club entered its weekly classes (setting `schedule`): no season line then. */
  hasClasses: boolean;
}

/**
 * The days of a month, rendered once per month, view of it (`key`: the month, whether members'
 * events are in, today's date) and kept until a write.
 */
export const monthDaysHtml = htmlMemo("calendar-months", 48, (calendar: MonthView) => <>{monthDays(calendar)}</>);

/** The month: a grid from md up, the days that have something on phones, then the season's line. */
export function CalendarMonth({
  calendar,
  days,
  classSeason,
}: {
  calendar: MonthView;
  days: SafeHtml;
  classSeason: ClassSeasonView;
}) {
  return (
    <>
      <div
        aria-hidden="true"
        className="mt-6 hidden grid-cols-7 gap-px pb-2 text-sm font-semibold text-slate-700 md:grid"
      >
        {WEEKDAYS.map((d) => (
          <span key={d}>{d}</span>
        ))}
      </div>
      <MonthDays label={calendar.label} days={days} />
      {calendar.days.length === 0 ? (
        <p className="mt-6 rounded-md bg-slate-50 p-4 text-slate-700 md:hidden">Rien de prévu ce mois-ci.</p>
      ) : null}
      {classSeason.hasClasses ? (
        <p className="mt-4 text-sm text-slate-700">
          Les cours hebdomadaires ont lieu du {formatDate(classSeason.start)} au {formatDate(classSeason.end)}, sauf les
          jours fériés{classSeason.skipSchoolHolidays ? ", pendant les vacances scolaires" : ""} et pendant les
          fermetures du club. Détail des groupes et des horaires sur la page{" "}
          <SiteLink to="/tarifs-horaires" className="font-semibold text-club-700 underline">
            Tarifs et horaires
          </SiteLink>
          .
        </p>
      ) : (
        <p className="mt-4 text-sm text-slate-700" data-testid="calendar-no-classes">
          Les cours hebdomadaires paraîtront dans ce calendrier dès que le club aura publié leurs horaires.
        </p>
      )}
    </>
  );
}

/** The next events and the subscription to the calendar's feed. */
export function CalendarMore({
  upcoming,
  feedUrl,
  webcalUrl,
  newEvent,
}: {
  upcoming: UpcomingView[];
  feedUrl: string;
  webcalUrl: string;
  /** The new-event page, for a manager (write-links.ts); null for anyone else. */
  newEvent: string | null;
}) {
  return (
    <div className="mt-12 grid gap-10 lg:grid-cols-[2fr_1fr]">
      <section aria-labelledby="prochains-titre">
        <h2 id="prochains-titre" className="text-2xl font-bold text-club-900">
          Prochains événements
        </h2>
        {upcoming.length === 0 ? (
          <div
            className="mt-4 rounded-xl border border-dashed border-slate-300 bg-slate-50 p-6"
            data-testid="calendar-empty"
          >
            <p className="font-semibold text-club-900">Les rendez-vous du club paraîtront ici.</p>
            <p className="mt-1 text-slate-700">
              Aucun événement n'est annoncé pour le moment : les stages, passages de grades, démonstrations et
              fermetures du club seront publiés sur cette page dès qu'ils seront fixés.
            </p>
            {newEvent ? (
              <p className="mt-4">
                <SiteLink to={newEvent} className={buttonClasses({ className: "min-h-11" })}>
                  Annoncer un événement
                </SiteLink>
              </p>
            ) : null}
          </div>
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
          puis « S'abonner ». Sinon : Réglages › Calendrier › Comptes › Ajouter un compte › Autre › « Ajouter un
          calendrier avec abonnement », et collez l'adresse.
        </p>
        <h3 className="mt-4 font-semibold text-club-900">Android (Google Agenda)</h3>
        <p className="mt-1 text-sm text-slate-800">
          Depuis un navigateur, ouvrez calendar.google.com, puis « Autres agendas » › « + » › « À partir de l'URL » et
          collez l'adresse. L'agenda apparaît ensuite dans l'application de votre téléphone (vérifiez que sa
          synchronisation est activée).
        </p>
        <p className="mt-4 text-sm text-slate-700">
          Les mises à jour arrivent selon votre application, en général en quelques heures.
        </p>
      </section>
    </div>
  );
}

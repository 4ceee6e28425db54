/**
 * /espace-membre/appel (instructors and admins): the sessions of
 * the classes the instructor teaches, today and the next 7 days, from
 * `classSessions` (cancelled ones shown as cancelled, with the reason); each
 * open session links to its attendance page. Phone-first (390 px). Marks
 * left on the phone are sent from here and their outcome shown (waiting-marks.tsx).
 * From the first visit, the web app's worker keeps this list and the open
 * sessions it shows for use without network; the page says so
 * once they are kept.
 */
import { href, Link } from "react-router";
import type { Route } from "./+types/sessions";
import { userContext } from "~/lib/accounts/auth-context";
import { can } from "~/lib/accounts/capabilities";
import { ATTENDANCE_HANDLE, useAttendanceWebApp } from "~/components/attendance/web-app";
import { WaitingMarks } from "~/components/attendance/waiting-marks";
import { buttonClasses } from "~/components/ui/button";
import { presentCounts, sessionsFor } from "~/lib/mat/attendance.server";
import { ATTENDANCE_PATH, sessionPath } from "~/lib/mat/attendance";
import { capitalize, formatLongDate, formatTime, parisDate } from "~/lib/core/time";
import { pageMeta } from "~/lib/http/seo";

export const handle = ATTENDANCE_HANDLE;

/** Days listed, today included. */
const DAYS = 8;

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Appel",
    description: "Vos cours du jour et des jours suivants : faire l’appel depuis un téléphone.",
    noindex: true,
  });

export async function loader({ context }: Route.LoaderArgs) {
  const user = context.get(userContext);
  const today = parisDate();
  const sessions = await sessionsFor(user, today, DAYS);
  const counts = await presentCounts(sessions.map((s) => ({ date: s.date, slotId: s.slot.id })));
  return {
    today,
    allClasses: can(user, "classes:all"),
    choosesInstructors: can(user, "site:administer"),
    sessions: sessions.map((s) => ({
      date: s.date,
      slotId: s.slot.id,
      group: s.slot.group,
      level: s.slot.level,
      place: s.slot.place,
      startsAt: s.startsAt,
      endsAt: s.endsAt,
      cancelled: s.cancelled?.label ?? null,
      present: counts.get(`${s.date}|${s.slot.id}`) ?? 0,
    })),
  };
}

export default function AttendanceSessions({ loaderData }: Route.ComponentProps) {
  const { today, allClasses, choosesInstructors, sessions } = loaderData;
  const open = sessions.filter((s) => !s.cancelled);
  const kept = useAttendanceWebApp([ATTENDANCE_PATH, ...open.map(sessionPath)]);
  const days = [...new Set(sessions.map((s) => s.date))];
  return (
    <div className="max-w-2xl">
      <h1 className="mb-2 text-3xl font-bold text-club-900">Appel</h1>
      <WaitingMarks />
      <p className="mb-6 text-slate-700">
        {allClasses ? "Tous les cours" : "Vos cours"} d’aujourd’hui et des {DAYS - 1} jours suivants. Touchez un cours
        pour faire l’appel ; sans réseau, les présences sont gardées sur le téléphone et envoyées au retour de la
        connexion.
      </p>
      {kept !== null && kept > 0 ? (
        <p role="status" className="mb-6 rounded-md bg-club-50 p-3 text-slate-800">
          {keptMessage(kept - 1)}
        </p>
      ) : null}
      {choosesInstructors ? (
        <p className="mb-6">
          <Link
            to={href("/espace-membre/contenu/enseignants-des-cours")}
            className="font-medium text-club-800 underline"
          >
            Choisir les enseignants de chaque cours
          </Link>
        </p>
      ) : null}
      {sessions.length === 0 ? (
        <p className="rounded-md bg-slate-50 p-4 text-slate-800">
          Aucun cours dans les {DAYS} prochains jours
          {allClasses
            ? "."
            : " parmi ceux que vous enseignez. Un administrateur choisit les cours de chaque enseignant."}
        </p>
      ) : null}
      {days.map((day) => (
        <section key={day} aria-labelledby={`jour-${day}`} className="mb-6">
          <h2 id={`jour-${day}`} className="mb-2 text-xl font-semibold text-slate-900">
            {day === today ? "Aujourd’hui, " : ""}
            {day === today ? formatLongDate(day) : capitalize(formatLongDate(day))}
          </h2>
          <ul className="space-y-3">
            {sessions
              .filter((s) => s.date === day)
              .map((s) => (
                <li
                  key={s.slotId}
                  className={`rounded-lg border p-4 ${s.cancelled ? "border-slate-300 bg-slate-50" : "border-club-200 bg-white shadow-sm"}`}
                >
                  <p className="font-semibold text-slate-900">
                    {formatTime(s.startsAt)} – {formatTime(s.endsAt)} · {s.group}
                  </p>
                  <p className="text-sm text-slate-700">
                    {s.level}
                    {s.place ? ` · ${s.place}` : ""}
                  </p>
                  {s.cancelled ? (
                    <p className="mt-2 font-medium text-red-900">Annulé : {s.cancelled}</p>
                  ) : (
                    <p className="mt-3 flex flex-wrap items-center gap-3">
                      <Link to={sessionPath(s)} className={buttonClasses({ size: "lg" })}>
                        {s.date > today ? "Voir la liste" : "Faire l’appel"}
                        <span className="sr-only">
                          {" "}
                          du cours {s.group} de {formatTime(s.startsAt)}
                        </span>
                      </Link>
                      {s.present > 0 ? (
                        <span className="text-slate-800">
                          {s.present} présent{s.present > 1 ? "s" : ""}
                        </span>
                      ) : null}
                    </p>
                  )}
                </li>
              ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

/** What the phone keeps for the roll call without network: this list and the lists of `classes` classes. */
function keptMessage(classes: number): string {
  if (classes === 0) return "Cette liste est gardée sur ce téléphone : elle s’ouvre aussi sans réseau.";
  const lists = classes === 1 ? "celle du cours" : `celles des ${classes} cours`;
  return `Gardées sur ce téléphone pour l’appel sans réseau : cette liste et ${lists}.`;
}

/**
 * /espace-membre/appel/:seance/urgence (instructors of that class, admins):
 * the emergency sheet of a session — parents' phones (tap to
 * call), emergency contacts, who may collect each child. Every opening is
 * written to the audit log (emergency.server.ts); another class's sheet is a
 * 403 with nothing read; never kept by the service worker. Each child's
 * portrait helps to tell who is who, initials otherwise.
 */
import { notFound } from "~/lib/http/responses";
import { Link } from "react-router";
import type { Route } from "./+types/emergency";
import { userContext } from "~/lib/accounts/auth-context";
import { emergencySheet } from "~/lib/mat/emergency.server";
import { portraitsOf } from "~/lib/members/portraits.server";
import { Portrait } from "~/components/portrait";
import { ATTENDANCE_MESSAGES, parseSessionKey, sessionPath } from "~/lib/mat/attendance";
import { ageOn } from "~/lib/mat/age";
import { capitalize, formatLongDate, formatTime } from "~/lib/core/time";
import { orErrorPage } from "~/lib/http/forms";
import { pageMeta } from "~/lib/http/seo";
import { telHref } from "~/lib/core/phone";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Fiche d’urgence",
    description: "Téléphones des parents, contacts d’urgence et personnes autorisées à venir chercher les enfants.",
    noindex: true,
  });

export async function loader({ params, context }: Route.LoaderArgs) {
  const ref = parseSessionKey(params.seance);
  if (!ref) notFound(ATTENDANCE_MESSAGES.noSession);
  const sheet = await orErrorPage(() => emergencySheet(context.get(userContext), ref));
  const portraits = await portraitsOf(sheet.people.map((p) => p.profileId));
  return {
    session: {
      date: sheet.session.date,
      slotId: sheet.session.slot.id,
      group: sheet.session.slot.group,
      startsAt: sheet.session.startsAt,
      endsAt: sheet.session.endsAt,
    },
    people: sheet.people.map((p) => ({
      ...p,
      age: p.dateOfBirth ? ageOn(p.dateOfBirth, sheet.session.date) : null,
      portrait: portraits.get(p.profileId)?.mediaId ?? null,
    })),
  };
}

export default function EmergencySheet({ loaderData }: Route.ComponentProps) {
  const { session, people } = loaderData;
  return (
    <div className="max-w-2xl">
      <p className="mb-2">
        <Link to={sessionPath(session)} className="font-medium text-club-800 underline">
          Retour à l’appel
        </Link>
      </p>
      <h1 className="text-2xl font-bold text-club-900 sm:text-3xl">Fiche d’urgence</h1>
      <p className="mb-2 text-slate-700">
        {session.group} · {capitalize(formatLongDate(session.date))}, {formatTime(session.startsAt)} –{" "}
        {formatTime(session.endsAt)}
      </p>
      <p className="mb-6 text-sm text-slate-700">
        Données confidentielles : chaque ouverture de cette fiche est enregistrée. Ne la partagez pas.
      </p>
      {people.length === 0 ? (
        <p className="rounded-md bg-slate-50 p-4 text-slate-800">
          Personne n’est inscrit dans ce groupe pour la saison.
        </p>
      ) : null}
      <ul className="space-y-4">
        {people.map((p) => (
          <li key={p.profileId} className="rounded-lg border border-slate-300 bg-white p-4 shadow-sm">
            <div className="flex items-center gap-3">
              <Portrait profileId={p.profileId} name={p.name} version={p.portrait} />
              <h2 className="text-lg font-semibold text-slate-900">
                {p.name}
                {p.age !== null ? <span className="font-normal text-slate-700">, {p.age} ans</span> : null}
              </h2>
            </div>
            <dl className="mt-2 space-y-2">
              <div>
                <dt className="font-medium text-slate-800">Téléphones</dt>
                <dd>
                  {p.phones.length === 0 ? <span className="text-red-900">Aucun téléphone indiqué</span> : null}
                  <ul>
                    {p.phones.map((t) => (
                      <li key={`${t.who}-${t.phone}`}>
                        {t.who} :{" "}
                        <a href={telHref(t.phone)} className="font-semibold text-club-800 underline">
                          {t.phone}
                        </a>
                      </li>
                    ))}
                  </ul>
                </dd>
              </div>
              <div>
                <dt className="font-medium text-slate-800">Contacts en cas d’urgence</dt>
                <dd>
                  {p.contacts.length ? (
                    p.contacts.map((c) => <p key={c}>{c}</p>)
                  ) : (
                    <span className="text-slate-700">Aucun contact indiqué</span>
                  )}
                </dd>
              </div>
              <div>
                <dt className="font-medium text-slate-800">Autorisés à venir le chercher</dt>
                <dd>
                  {p.authorisedPickup || <span className="text-slate-700">Non précisé : seulement ses parents</span>}
                </dd>
              </div>
            </dl>
          </li>
        ))}
      </ul>
    </div>
  );
}

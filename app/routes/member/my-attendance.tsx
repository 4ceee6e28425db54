/**
 * /espace-membre/presences (members): the attendance of every
 * profile of the family this season, as the instructors marked it: the number
 * of presences and the list of sessions, most recent first.
 */
import type { Route } from "./+types/my-attendance";
import { userContext } from "~/lib/accounts/auth-context";
import { familyAttendance } from "~/lib/mat/attendance-reports.server";
import { capitalize, formatLongDate } from "~/lib/core/time";
import { pageMeta } from "~/lib/http/seo";
import { StackTable, type Column } from "~/components/ui/stack-table";
import { de } from "~/lib/typography/elision";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Présences",
    description: "Les cours où vous et votre famille étiez présents cette saison.",
    noindex: true,
  });

export async function loader({ context }: Route.LoaderArgs) {
  return familyAttendance(context.get(userContext).id);
}

type Session = Route.ComponentProps["loaderData"]["profiles"][number]["sessions"][number];

const COLUMNS: Column<Session>[] = [
  { label: "Jour", cell: (s) => capitalize(formatLongDate(s.date)) },
  { label: "Cours", cell: (s) => s.group },
  { label: "Présence", cell: (s) => (s.present ? "Présent" : "Absent") },
];

export default function MyAttendance({ loaderData }: Route.ComponentProps) {
  const { season, profiles } = loaderData;
  return (
    <div className="max-w-3xl">
      <h1 className="mb-2 text-3xl font-bold text-club-900">Présences</h1>
      <p className="mb-6 text-slate-700">
        Saison {season} : les cours où l’enseignant a noté votre présence et celle de votre famille.
      </p>
      {profiles.map((p) => (
        <section key={p.profileId} aria-labelledby={`presences-${p.profileId}`} className="mb-8">
          <h2 id={`presences-${p.profileId}`} className="text-xl font-semibold text-slate-900">
            {p.name}
          </h2>
          <p className="mb-2 text-slate-800">
            {p.present === 0
              ? "Aucune présence notée cette saison."
              : `${p.present} présence${p.present > 1 ? "s" : ""} cette saison.`}
          </p>
          {p.sessions.length ? (
            <StackTable
              caption={`Présences ${de(p.name)}`}
              columns={COLUMNS}
              rows={p.sessions}
              rowKey={(s) => `${s.date}-${s.group}`}
            />
          ) : null}
        </section>
      ))}
    </div>
  );
}

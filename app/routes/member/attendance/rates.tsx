/**
 * /espace-membre/assiduite (admins and managers of the members; decision
 * 0026): attendance rates of the season per member, per group and per month
 * (attendance-reports.server.ts: SQL aggregates; a rate is presences over
 * the sessions of the group that took place, cancelled ones excluded).
 * The three tables are one component with their columns as data (StackTable).
 */
import type { Route } from "./+types/rates";
import { attendanceRates } from "~/lib/mat/attendance-reports.server";
import { formatMonth } from "~/lib/core/time";
import { pageMeta } from "~/lib/http/seo";
import { StackTable, type Column } from "~/components/ui/stack-table";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Assiduité",
    description: "Taux de présence de la saison par membre, par groupe et par mois.",
    noindex: true,
  });

export async function loader() {
  return attendanceRates();
}

const percent = (rate: number | null) => (rate === null ? "—" : `${rate} %`);

type Rates = Route.ComponentProps["loaderData"];

const GROUP_COLUMNS: Column<Rates["groups"][number]>[] = [
  { label: "Groupe", cell: (g) => g.group },
  { label: "Inscrits", cell: (g) => g.registered },
  { label: "Séances", cell: (g) => g.held },
  { label: "Présences", cell: (g) => g.present },
  { label: "Taux", cell: (g) => percent(g.rate) },
];

const MONTH_COLUMNS: Column<Rates["months"][number]>[] = [
  { label: "Mois", cell: (m) => formatMonth(`${m.month}-01`) },
  { label: "Groupe", cell: (m) => m.group },
  { label: "Séances", cell: (m) => m.held },
  { label: "Présences", cell: (m) => m.present },
  { label: "Taux", cell: (m) => percent(m.rate) },
];

const MEMBER_COLUMNS: Column<Rates["members"][number]>[] = [
  { label: "Membre", cell: (m) => m.name },
  { label: "Groupe", cell: (m) => m.group },
  { label: "Présences", cell: (m) => m.present },
  { label: "Séances", cell: (m) => m.held },
  { label: "Taux", cell: (m) => percent(m.rate) },
];

export default function AttendanceRates({ loaderData }: Route.ComponentProps) {
  const { season, members, groups, months } = loaderData;
  return (
    <div className="max-w-5xl space-y-10">
      <div>
        <h1 className="mb-2 text-3xl font-bold text-club-900">Assiduité</h1>
        <p className="text-slate-700">
          Saison {season}, jusqu’à aujourd’hui. Le taux rapporte les présences notées aux séances du groupe qui ont eu
          lieu (les cours annulés ne comptent pas).
        </p>
      </div>

      <section aria-labelledby="par-groupe">
        <h2 id="par-groupe" className="mb-2 text-2xl font-semibold text-slate-900">
          Par groupe
        </h2>
        <StackTable
          caption={`Assiduité par groupe, saison ${season}`}
          columns={GROUP_COLUMNS}
          rows={groups}
          rowKey={(g) => g.group}
        />
      </section>

      <section aria-labelledby="par-mois">
        <h2 id="par-mois" className="mb-2 text-2xl font-semibold text-slate-900">
          Par mois
        </h2>
        {months.length ? (
          <StackTable
            caption={`Assiduité par mois et par groupe, saison ${season}`}
            columns={MONTH_COLUMNS}
            rows={months}
            rowKey={(m) => `${m.month}-${m.group}`}
          />
        ) : (
          <p className="text-slate-800">Aucune séance n’a encore eu lieu cette saison.</p>
        )}
      </section>

      <section aria-labelledby="par-membre">
        <h2 id="par-membre" className="mb-2 text-2xl font-semibold text-slate-900">
          Par membre
        </h2>
        {members.length ? (
          <StackTable
            caption={`Assiduité par membre, saison ${season}`}
            columns={MEMBER_COLUMNS}
            rows={members}
            rowKey={(m) => `${m.profileId}-${m.group}`}
          />
        ) : (
          <p className="text-slate-800">Aucun membre inscrit pour la saison.</p>
        )}
      </section>
    </div>
  );
}

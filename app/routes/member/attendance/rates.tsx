/**
 * /espace-membre/assiduite (admins and managers of the members; decision
 * 0026): attendance rates of the season per member, per group and per month
 * (attendance-reports.server.ts: SQL aggregates; a rate is presences over
 * the sessions of the group that took place, cancelled ones excluded).
 */
import type { Route } from "./+types/rates";
import { attendanceRates } from "~/lib/mat/attendance-reports.server";
import { formatMonth } from "~/lib/core/time";
import { pageMeta } from "~/lib/http/seo";

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
const th = "py-2 pr-4";
const td = "py-2 pr-4";

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
        <table className="stack-table w-full text-left">
          <thead>
            <tr className="border-b border-slate-300">
              <th scope="col" className={th}>
                Groupe
              </th>
              <th scope="col" className={th}>
                Inscrits
              </th>
              <th scope="col" className={th}>
                Séances
              </th>
              <th scope="col" className={th}>
                Présences
              </th>
              <th scope="col" className={th}>
                Taux
              </th>
            </tr>
          </thead>
          <tbody>
            {groups.map((g) => (
              <tr key={g.group} className="border-b border-slate-200">
                <td data-label="Groupe" className={td}>
                  {g.group}
                </td>
                <td data-label="Inscrits" className={td}>
                  {g.registered}
                </td>
                <td data-label="Séances" className={td}>
                  {g.held}
                </td>
                <td data-label="Présences" className={td}>
                  {g.present}
                </td>
                <td data-label="Taux" className={td}>
                  {percent(g.rate)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>

      <section aria-labelledby="par-mois">
        <h2 id="par-mois" className="mb-2 text-2xl font-semibold text-slate-900">
          Par mois
        </h2>
        {months.length === 0 ? <p className="text-slate-800">Aucune séance n’a encore eu lieu cette saison.</p> : null}
        {months.length ? (
          <table className="stack-table w-full text-left">
            <thead>
              <tr className="border-b border-slate-300">
                <th scope="col" className={th}>
                  Mois
                </th>
                <th scope="col" className={th}>
                  Groupe
                </th>
                <th scope="col" className={th}>
                  Séances
                </th>
                <th scope="col" className={th}>
                  Présences
                </th>
                <th scope="col" className={th}>
                  Taux
                </th>
              </tr>
            </thead>
            <tbody>
              {months.map((m) => (
                <tr key={`${m.month}-${m.group}`} className="border-b border-slate-200">
                  <td data-label="Mois" className={td}>
                    {formatMonth(`${m.month}-01`)}
                  </td>
                  <td data-label="Groupe" className={td}>
                    {m.group}
                  </td>
                  <td data-label="Séances" className={td}>
                    {m.held}
                  </td>
                  <td data-label="Présences" className={td}>
                    {m.present}
                  </td>
                  <td data-label="Taux" className={td}>
                    {percent(m.rate)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : null}
      </section>

      <section aria-labelledby="par-membre">
        <h2 id="par-membre" className="mb-2 text-2xl font-semibold text-slate-900">
          Par membre
        </h2>
        {members.length === 0 ? <p className="text-slate-800">Aucun membre inscrit pour la saison.</p> : null}
        {members.length ? (
          <table className="stack-table w-full text-left">
            <thead>
              <tr className="border-b border-slate-300">
                <th scope="col" className={th}>
                  Membre
                </th>
                <th scope="col" className={th}>
                  Groupe
                </th>
                <th scope="col" className={th}>
                  Présences
                </th>
                <th scope="col" className={th}>
                  Séances
                </th>
                <th scope="col" className={th}>
                  Taux
                </th>
              </tr>
            </thead>
            <tbody>
              {members.map((m) => (
                <tr key={`${m.profileId}-${m.group}`} className="border-b border-slate-200">
                  <td data-label="Membre" className={td}>
                    {m.name}
                  </td>
                  <td data-label="Groupe" className={td}>
                    {m.group}
                  </td>
                  <td data-label="Présences" className={td}>
                    {m.present}
                  </td>
                  <td data-label="Séances" className={td}>
                    {m.held}
                  </td>
                  <td data-label="Taux" className={td}>
                    {percent(m.rate)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : null}
      </section>
    </div>
  );
}

/**
 * The trial-class card of the admins' dashboard (decision 0028): per month of
 * the request, the trial requests received, those that became registrations
 * (« inscrit ») and the rate, as a plain table (stack-table on phones), the
 * most recent month first, and a link to the board.
 */
import { Footprints } from "lucide-react";
import { Link } from "react-router";
import { buttonClasses } from "~/components/ui/button";
import { formatMonth } from "~/lib/core/time";

export interface TrialConversionRow {
  month: string;
  requests: number;
  registered: number;
  rate: number | null;
}

export function TrialConversion({ months }: { months: TrialConversionRow[] }) {
  const requests = months.reduce((n, m) => n + m.requests, 0);
  const registered = months.reduce((n, m) => n + m.registered, 0);
  const shown = months.filter((m) => m.requests > 0).reverse();
  return (
    <section
      aria-labelledby="essais-title"
      className="rounded-lg border border-slate-300 bg-white p-5 shadow-sm"
      data-testid="trial-conversion"
    >
      <h2 id="essais-title" className="flex items-center gap-2 text-xl font-semibold text-slate-900">
        <Footprints aria-hidden="true" className="h-6 w-6 text-club-700" />
        Cours d'essai : de l'essai à l'inscription
      </h2>
      <p className="mt-1 text-slate-700">
        Sur douze mois : {requests} demande{requests > 1 ? "s" : ""} de cours d'essai, {registered} inscrit
        {registered > 1 ? "s" : ""}
        {requests ? ` (taux : ${Math.round((registered / requests) * 100)} %)` : ""}. Chaque demande compte dans le mois
        où elle a été faite.
      </p>
      {shown.length ? (
        <table className="stack-table mt-3 w-full text-left">
          <caption className="sr-only">Demandes de cours d'essai et inscriptions par mois</caption>
          <thead>
            <tr className="border-b border-slate-300">
              <th scope="col" className="py-1 pr-4">
                Mois
              </th>
              <th scope="col" className="py-1 pr-4 text-right">
                Demandes
              </th>
              <th scope="col" className="py-1 pr-4 text-right">
                Inscrits
              </th>
              <th scope="col" className="py-1 text-right">
                Taux
              </th>
            </tr>
          </thead>
          <tbody>
            {shown.map((m) => (
              <tr key={m.month} className="border-b border-slate-200">
                <td data-label="Mois" className="py-1 pr-4 capitalize">
                  {formatMonth(`${m.month}-01`)}
                </td>
                <td data-label="Demandes" className="py-1 pr-4 text-right">
                  {m.requests}
                </td>
                <td data-label="Inscrits" className="py-1 pr-4 text-right">
                  {m.registered}
                </td>
                <td data-label="Taux" className="py-1 text-right">
                  {m.rate === null ? "—" : `${m.rate} %`}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      <p className="mt-4">
        <Link to="/espace-membre/essais" className={buttonClasses({ size: "sm" })}>
          Voir les demandes
        </Link>
      </p>
    </section>
  );
}

/**
 * The trial-class card of the admins' dashboard: per month of
 * the request, the trial requests received, those that became registrations
 * (« inscrit ») and the rate, as a plain table (StackTable: cards on phones), the
 * most recent month first, and a link to the board.
 */
import { href, Link } from "react-router";
import { buttonClasses } from "~/components/ui/button";
import { StackTable, type Column } from "~/components/ui/stack-table";
import { formatMonth } from "~/lib/core/time";
import { Icon } from "~/components/ui/icon";

export interface TrialConversionRow {
  month: string;
  requests: number;
  registered: number;
  rate: number | null;
}

const COLUMNS: Column<TrialConversionRow>[] = [
  { label: "Mois", cell: (m) => formatMonth(`${m.month}-01`), className: "capitalize" },
  { label: "Demandes", cell: (m) => m.requests, numeric: true },
  { label: "Inscrits", cell: (m) => m.registered, numeric: true },
  { label: "Taux", cell: (m) => (m.rate === null ? "—" : `${m.rate} %`), numeric: true },
];

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
        <Icon name="footprints" className="h-6 w-6 text-club-700" />
        Cours d'essai : de l'essai à l'inscription
      </h2>
      <p className="mt-1 text-slate-700">
        Sur douze mois : {requests} demande{requests > 1 ? "s" : ""} de cours d'essai, {registered} inscrit
        {registered > 1 ? "s" : ""}
        {requests ? ` (taux : ${Math.round((registered / requests) * 100)} %)` : ""}. Chaque demande compte dans le mois
        où elle a été faite.
      </p>
      {shown.length ? (
        <StackTable
          caption="Demandes de cours d'essai et inscriptions par mois"
          columns={COLUMNS}
          rows={shown}
          rowKey={(m) => m.month}
          dense
          className="mt-3"
        />
      ) : null}
      <p className="mt-4">
        <Link to={href("/espace-membre/essais")} className={buttonClasses({ size: "sm" })}>
          Voir les demandes
        </Link>
      </p>
    </section>
  );
}

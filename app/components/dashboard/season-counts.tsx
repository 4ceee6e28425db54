/**
 * Dashboard section « Saison » (issue 14, decision 0029): the campaign's
 * season in counts — members registered, paid, families awaiting payment,
 * medical files not in order, HelloAsso payments to match, papers to check,
 * payment alerts — each linked to the page where it is handled; then the
 * counts per group (registered, paid, medically in order, awaiting payment)
 * as a table (cards on phones) and a bar chart hidden from assistive
 * technology, since it repeats the table.
 */
import { Link } from "react-router";

interface Counts {
  season: string;
  registered: number;
  paid: number;
  awaitingFamilies: number;
  medicalIncomplete: number;
  unmatchedPayments: number;
  papersToCheck: number;
  paymentAlerts: number;
  groups: { group: string; registered: number; paid: number; compliant: number; pending: number }[];
}

const linkClass = "font-medium text-club-800 underline hover:text-club-950";

export function SeasonCounts({ counts }: { counts: Counts }) {
  const rows: { label: string; value: number; href: string; alert?: boolean }[] = [
    { label: "Membres inscrits", value: counts.registered, href: "/espace-membre/saison" },
    { label: "Membres dont l'inscription est payée", value: counts.paid, href: "/espace-membre/saison" },
    {
      label: "Familles en attente de paiement",
      value: counts.awaitingFamilies,
      href: "/espace-membre/saison/paiements#en-attente",
    },
    { label: "Dossiers médicaux incomplets", value: counts.medicalIncomplete, href: "/espace-membre/saison#membres" },
    {
      label: "Documents médicaux à vérifier",
      value: counts.papersToCheck,
      href: "/espace-membre/saison/pieces",
      alert: true,
    },
    {
      label: "Paiements HelloAsso à rapprocher",
      value: counts.unmatchedPayments,
      href: "/espace-membre/saison/paiements",
      alert: true,
    },
    {
      label: "Alertes de paiement HelloAsso",
      value: counts.paymentAlerts,
      href: "/espace-membre/saison/paiements#alertes",
      alert: true,
    },
  ];
  return (
    <section aria-labelledby="saison-title" className="rounded-lg border border-slate-300 bg-white p-5 shadow-sm">
      <h2 id="saison-title" className="text-xl font-semibold text-slate-900">
        Saison {counts.season}
      </h2>
      <dl className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {rows.map((r) => (
          <div
            key={r.label}
            className={`rounded-md border p-3 ${r.alert && r.value > 0 ? "border-amber-400 bg-amber-50" : "border-slate-200 bg-slate-50"}`}
          >
            <dt className="text-sm text-slate-700">{r.label}</dt>
            <dd className="text-2xl font-semibold text-slate-900">
              <Link to={r.href} className="hover:underline">
                {r.value}
                <span className="sr-only"> : ouvrir la page</span>
              </Link>
            </dd>
          </div>
        ))}
      </dl>
      {counts.groups.length ? (
        <>
          <table className="stack-table mt-4 w-full text-left text-slate-900">
            <caption className="mb-2 text-left font-semibold text-slate-900">Par groupe</caption>
            <thead>
              <tr className="border-b border-slate-300">
                <th scope="col" className="py-2 pr-3">
                  Groupe
                </th>
                <th scope="col" className="py-2 pr-3 text-right">
                  Inscrits
                </th>
                <th scope="col" className="py-2 pr-3 text-right">
                  Payés
                </th>
                <th scope="col" className="py-2 pr-3 text-right">
                  En règle (médical)
                </th>
                <th scope="col" className="py-2 text-right">
                  En attente de paiement
                </th>
              </tr>
            </thead>
            <tbody>
              {counts.groups.map((g) => (
                <tr key={g.group} className="border-b border-slate-200">
                  <th scope="row" className="py-2 pr-3 font-normal">
                    {g.group}
                  </th>
                  <td data-label="Inscrits" className="py-2 pr-3 sm:text-right">
                    {g.registered}
                  </td>
                  <td data-label="Payés" className="py-2 pr-3 sm:text-right">
                    {g.paid}
                  </td>
                  <td data-label="En règle (médical)" className="py-2 pr-3 sm:text-right">
                    {g.compliant}
                  </td>
                  <td data-label="En attente de paiement" className="py-2 sm:text-right">
                    {g.pending}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {/* The chart repeats the table's figures (aria-hidden): paid in dark, awaiting payment in light. */}
          <div aria-hidden="true" className="mt-4 space-y-2">
            {counts.groups.map((g) => (
              <div key={g.group}>
                <p className="text-sm text-slate-800">
                  {g.group} : {g.paid} payé{g.paid > 1 ? "s" : ""} sur {g.registered}
                </p>
                <div className="flex h-4 w-full overflow-hidden rounded bg-slate-100">
                  <div
                    className="bg-club-700"
                    style={{ width: `${(g.paid / Math.max(1, ...counts.groups.map((x) => x.registered))) * 100}%` }}
                  />
                  <div
                    className="bg-club-300"
                    style={{ width: `${(g.pending / Math.max(1, ...counts.groups.map((x) => x.registered))) * 100}%` }}
                  />
                </div>
              </div>
            ))}
          </div>
        </>
      ) : null}
      <p className="mt-3">
        <Link to="/espace-membre/saison" className={linkClass}>
          Suivi de la saison : les membres, les recettes et les exports
        </Link>
      </p>
    </section>
  );
}

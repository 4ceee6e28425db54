/**
 * Dashboard section « Saison »: the campaign's
 * season in counts — members registered, paid, families awaiting payment,
 * medical files not in order, HelloAsso payments to match, papers to check,
 * payment alerts — each linked to the page where it is handled; then the
 * counts per group (registered, paid, medically in order, awaiting payment):
 * the same table and chart as /espace-membre/saison (GroupCounts).
 */
import { href, Link } from "react-router";
import { GroupCounts, type GroupCount } from "~/components/season/group-counts";

interface Counts {
  season: string;
  registered: number;
  paid: number;
  awaitingFamilies: number;
  medicalIncomplete: number;
  unmatchedPayments: number;
  papersToCheck: number;
  paymentAlerts: number;
  groups: GroupCount[];
}

const linkClass = "font-medium text-club-800 underline hover:text-club-950";

export function SeasonCounts({ counts }: { counts: Counts }) {
  const rows: { label: string; value: number; href: string; alert?: boolean }[] = [
    { label: "Membres inscrits", value: counts.registered, href: href("/espace-membre/saison") },
    { label: "Membres dont l'inscription est payée", value: counts.paid, href: href("/espace-membre/saison") },
    {
      label: "Familles en attente de paiement",
      value: counts.awaitingFamilies,
      href: `${href("/espace-membre/saison/paiements")}#en-attente`,
    },
    {
      label: "Dossiers médicaux incomplets",
      value: counts.medicalIncomplete,
      href: `${href("/espace-membre/saison")}#membres`,
    },
    {
      label: "Documents médicaux à vérifier",
      value: counts.papersToCheck,
      href: href("/espace-membre/saison/pieces"),
      alert: true,
    },
    {
      label: "Paiements HelloAsso à rapprocher",
      value: counts.unmatchedPayments,
      href: href("/espace-membre/saison/paiements"),
      alert: true,
    },
    {
      label: "Alertes de paiement HelloAsso",
      value: counts.paymentAlerts,
      href: `${href("/espace-membre/saison/paiements")}#alertes`,
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
      {counts.groups.length ? <GroupCounts groups={counts.groups} caption="Par groupe" showCaption /> : null}
      <p className="mt-3">
        <Link to={href("/espace-membre/saison")} className={linkClass}>
          Suivi de la saison : les membres, les recettes et les exports
        </Link>
      </p>
    </section>
  );
}

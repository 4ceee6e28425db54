/**
 * /espace-membre/saison (admin, user_manager): the campaign's season at a
 * glance — counts per group (registered, paid, medically compliant, awaiting
 * payment) with a bar chart whose figures are also in the table (GroupCounts,
 * the same as the dashboard's « Saison » card), registrations
 * left as drafts, takings by payment method, every registered member with
 * their payment and medical status, and the exports.
 */
import { href, Link } from "react-router";
import type { Route } from "./+types/overview";
import { GroupCounts } from "~/components/season/group-counts";
import { formatEuros } from "~/lib/core/money";
import { pageMeta } from "~/lib/http/seo";
import { PAYMENT_METHOD_LABELS } from "~/lib/members/campaign";
import { getCampaign } from "~/lib/members/family-registration.server";
import { MEDICAL_STATUS_LABELS, type MedicalStatus } from "~/lib/members/medical";
import {
  countsByGroup,
  draftCount,
  registeredMembers,
  seasonIncome,
  takingsByMethod,
} from "~/lib/members/season-overview.server";
import { countOf } from "~/lib/core/count";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Suivi de la saison",
    description: "Inscrits, paiements et dossiers médicaux par groupe, et les exports.",
    noindex: true,
  });

export async function loader() {
  const campaign = await getCampaign();
  const members = await registeredMembers(campaign.season);
  return {
    season: campaign.season,
    open: campaign.open,
    groups: countsByGroup(members),
    drafts: await draftCount(campaign.season),
    takings: await takingsByMethod(campaign.season),
    income: await seasonIncome(campaign.season),
    members: members.map((m) => ({
      id: m.profileId,
      name: `${m.prenom} ${m.nom}`.trim(),
      group: m.group,
      paid: m.paid,
      medical: m.medical,
      parentEmail: m.parentEmail,
    })),
  };
}

const EXPORTS = [
  { file: "licences.csv", label: "Liste des licences (fédération)" },
  { file: "payes.csv", label: "Membres ayant payé" },
  { file: "emails-parents.csv", label: "E-mails des responsables par groupe" },
  { file: "recettes.csv", label: "Recettes par moyen de paiement" },
];

const MEDICAL_TONE: Record<MedicalStatus, string> = {
  ok: "text-green-800",
  "attestation-due": "text-amber-900",
  "certificate-due": "text-red-800",
  expired: "text-red-800",
};

export default function SeasonOverview({ loaderData }: Route.ComponentProps) {
  const { season, open, groups, drafts, takings, income, members } = loaderData;
  return (
    <div className="max-w-4xl space-y-8">
      <div>
        <h1 className="text-3xl font-bold text-slate-900">Suivi de la saison {season}</h1>
        <p className="mt-2 text-slate-800">
          Inscriptions {open ? "ouvertes" : "fermées"} ;{" "}
          {countOf(members.length, "membre inscrit", "membres inscrits", "aucun membre inscrit")},{" "}
          {countOf(drafts, "inscription en brouillon", "inscriptions en brouillon", "aucune inscription en brouillon")}.{" "}
          <Link to={href("/espace-membre/saison/campagne")} className="font-medium text-club-800 underline">
            Campagne
          </Link>{" "}
          ·{" "}
          <Link to={href("/espace-membre/saison/paiements")} className="font-medium text-club-800 underline">
            Paiements
          </Link>{" "}
          ·{" "}
          <Link to={href("/espace-membre/saison/pieces")} className="font-medium text-club-800 underline">
            Pièces à vérifier
          </Link>{" "}
          ·{" "}
          <Link to={href("/espace-membre/saison/licences")} className="font-medium text-club-800 underline">
            Licences
          </Link>
        </p>
      </div>

      <section aria-labelledby="par-groupe">
        <h2 id="par-groupe" className="mb-3 text-2xl font-semibold text-slate-900">
          Par groupe
        </h2>
        {groups.length === 0 ? (
          <p className="text-slate-700">Aucune inscription envoyée pour l'instant.</p>
        ) : (
          <GroupCounts groups={groups} caption={`Membres inscrits par groupe, saison ${season}`} />
        )}
      </section>

      <section aria-labelledby="recettes">
        <h2 id="recettes" className="mb-3 text-2xl font-semibold text-slate-900">
          Recettes
        </h2>
        <p className="mb-2 text-slate-900">
          Encaissé : <strong>{formatEuros(income.collectedCents)}</strong> ; restant dû :{" "}
          <strong>{formatEuros(income.scheduledCents + income.restCents)}</strong>
          {income.scheduledCents ? (
            <>, dont {formatEuros(income.scheduledCents)} d'échéances HelloAsso à venir</>
          ) : null}
          .
          {income.incomplete ? (
            <>
              {" "}
              <Link to={href("/espace-membre/saison/paiements")} className="font-medium text-club-800 underline">
                Paiements incomplets : {income.incomplete}
              </Link>
            </>
          ) : null}
        </p>
        {takings.length === 0 ? (
          <p className="text-slate-700">Aucun paiement encaissé.</p>
        ) : (
          <ul className="list-disc pl-5 text-slate-900">
            {takings.map((t) => (
              <li key={t.method}>
                {PAYMENT_METHOD_LABELS[t.method] ?? t.method} : {formatEuros(t.totalCents)} encaissés ({t.count})
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="exports">
        <h2 id="exports" className="mb-3 text-2xl font-semibold text-slate-900">
          Exports
        </h2>
        <ul className="list-disc pl-5">
          {EXPORTS.map((e) => (
            <li key={e.file}>
              <a
                href={href("/espace-membre/saison/export/:fichier", { fichier: e.file })}
                className="font-medium text-club-800 underline"
                download
              >
                {e.label}
              </a>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="membres">
        <h2 id="membres" className="mb-3 text-2xl font-semibold text-slate-900">
          Membres inscrits
        </h2>
        <ul className="divide-y divide-slate-200 rounded-lg border border-slate-300 bg-white">
          {members.map((m) => (
            <li key={m.id} className="px-4 py-2">
              <p className="font-medium text-slate-900">
                {m.name} <span className="font-normal text-slate-700">({m.group})</span>
              </p>
              <p className="text-sm">
                <span className={m.paid ? "text-green-800" : "text-amber-900"}>
                  {m.paid ? "Cotisation payée" : "En attente de paiement"}
                </span>
                {" · "}
                <span className={MEDICAL_TONE[m.medical]}>{MEDICAL_STATUS_LABELS[m.medical]}</span>
              </p>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

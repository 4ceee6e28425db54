/**
 * /espace-membre/saison/export/:fichier (admin, user_manager): the exports of
 * the campaign's season, as CSV files for a French spreadsheet —
 * licences.csv (the federation's licence list: the columns of LICENCE_COLUMNS,
 * listed on the licences page), payes.csv (paid members),
 * emails-parents.csv (one line per group, addresses separated by ", " to
 * paste in a BCC field) and recettes.csv (takings by payment method).
 * Dates are JJ/MM/AAAA (read as dates by a spreadsheet). Each export is
 * logged with who asked for it.
 */
import type { Route } from "./+types/export";
import { userContext } from "~/lib/accounts/auth-context";
import { log } from "~/lib/core/log.server";
import { PAYMENT_METHOD_LABELS } from "~/lib/members/campaign";
import { getCampaign } from "~/lib/members/family-registration.server";
import { LICENCE_COLUMNS } from "~/lib/members/licences";
import { licenceCsvRows, licenceRows } from "~/lib/members/licences.server";
import { registeredMembers, takingsByMethod, toCsv } from "~/lib/members/season-overview.server";

const euros = (cents: number) => (cents / 100).toFixed(2).replace(".", ",");

export async function loader({ params, context }: Route.LoaderArgs) {
  const user = context.get(userContext);
  const { season } = await getCampaign();
  const kind = params.fichier;
  let rows: (string | number | null)[][];
  if (kind === "licences.csv") {
    rows = [LICENCE_COLUMNS.map((c) => c.title), ...licenceCsvRows(await licenceRows(season))];
  } else if (kind === "payes.csv") {
    const members = (await registeredMembers(season)).filter((m) => m.paid);
    rows = [
      ["Nom", "Prénom", "Groupe", "Montant", "E-mail du responsable"],
      ...members.map((m) => [m.nom, m.prenom, m.group, euros(m.amountCents), m.parentEmail]),
    ];
  } else if (kind === "emails-parents.csv") {
    const members = await registeredMembers(season);
    const byGroup = new Map<string, Set<string>>();
    for (const m of members) byGroup.set(m.group, (byGroup.get(m.group) ?? new Set()).add(m.parentEmail));
    rows = [
      ["Groupe", "Adresses (à coller en copie cachée)"],
      ...[...byGroup].map(([group, emails]) => [group, [...emails].sort().join(", ")]),
    ];
  } else if (kind === "recettes.csv") {
    const takings = await takingsByMethod(season);
    rows = [
      ["Moyen de paiement", "Nombre", "Montant (euros)"],
      ...takings.map((t) => [PAYMENT_METHOD_LABELS[t.method] ?? t.method, t.count, euros(t.totalCents)]),
      ["Total", takings.reduce((s, t) => s + t.count, 0), euros(takings.reduce((s, t) => s + t.totalCents, 0))],
    ];
  } else {
    throw new Response("Export inconnu.", { status: 404 });
  }
  log.info("season export", { by: user.id, kind, season, rows: rows.length - 1 });
  return new Response(toCsv(rows), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${season}-${kind}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

/**
 * /espace-membre/utilisateurs (admin, user_manager): the accounts with search
 * by name or e-mail, filters (role, pré-inscrits, cotisation unpaid,
 * certificate missing or expiring), sort, pagination and the CSV export of
 * the filtered list. A plain GET form: works without JavaScript.
 * The loader writes what each row shows (dates, amounts, labels); the table and
 * its page links are components/users/list-table.tsx.
 */
import { Form, href, Link } from "react-router";
import type { Route } from "./+types/list";
import { linkClass } from "~/components/users-admin-ui";
import { UsersTable, type UserRow } from "~/components/users/list-table";
import { Button, buttonClasses } from "~/components/ui/button";
import { formatEuros } from "~/lib/core/money";
import { PAYMENT_MEANS_LABELS } from "~/lib/members/profile-status.server";
import { isPending, ROLE_LABELS, ROLES, type Role } from "~/lib/accounts/roles";
import { formatDate } from "~/lib/core/time";
import { ensureCurrentSeasonStarted } from "~/lib/members/seasons.server";
import { pageMeta } from "~/lib/http/seo";
import { USER_FILTERS, USER_SORTS } from "~/lib/members/users-admin-labels";
import { listQueryString, listUsers, parseListQuery, rolesLabel } from "~/lib/members/users-admin.server";
import { formatCount } from "~/lib/core/count";

const PATH = href("/espace-membre/utilisateurs");

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Gestion des utilisateurs",
    description: "Les comptes des membres du club : recherche, validations, cotisations et certificats.",
    noindex: true,
  });

const NOTICES: Record<string, string> = {
  supprime: "Le compte a été supprimé.",
};

export async function loader({ request }: Route.LoaderArgs) {
  await ensureCurrentSeasonStarted();
  const url = new URL(request.url);
  const query = parseListQuery(url.searchParams);
  const { items, total, page, pages, season } = await listUsers(query);
  const prevHref = page > 1 ? `${PATH}${listQueryString(query, { page: page - 1 })}` : null;
  const nextHref = page < pages ? `${PATH}${listQueryString(query, { page: page + 1 })}` : null;
  // What a row shows, written here (dates, amounts, labels).
  const rows = items.map((u): UserRow => ({
    id: u.id,
    name: `${u.nom.toUpperCase()} ${u.prenom}`.trim() || u.email,
    email: u.email,
    active: u.active,
    familyCount: u.familyCount,
    pending: isPending(u.roles),
    rolesText: rolesLabel(u.roles),
    cotisation: u.cotisationPaidOn ? cotisationText(u) : null,
    health: u.health,
    healthUntil: u.healthValidUntil ? `jusqu'au ${formatDate(u.healthValidUntil)}` : null,
  }));
  return {
    query,
    total,
    page,
    pages,
    season,
    rows,
    prevHref,
    nextHref,
    exportHref: `${PATH}/export.csv${listQueryString({ ...query, page: 1 })}`,
    notice: NOTICES[url.searchParams.get("ok") ?? ""] ?? null,
  };
}

/** "le 12 septembre 2026, 150,00 € (chèque)": the cotisation of a row. */
function cotisationText(u: {
  cotisationPaidOn: string | null;
  cotisationAmountCents: number | null;
  cotisationMeans: string | null;
}): string {
  const means = u.cotisationMeans ? (PAYMENT_MEANS_LABELS[u.cotisationMeans] ?? u.cotisationMeans) : "";
  return `le ${formatDate(u.cotisationPaidOn)}${u.cotisationAmountCents !== null ? `, ${formatEuros(u.cotisationAmountCents)}` : ""}${means ? ` (${means})` : ""}`;
}

const selectClass =
  "block w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-base text-slate-900 focus:border-club-600 focus:outline-none focus:ring-2 focus:ring-club-600";

export default function UsersList({ loaderData }: Route.ComponentProps) {
  const { query, total, page, pages, season, rows, prevHref, nextHref, exportHref, notice } = loaderData;
  const filtered = Boolean(query.q || query.role || query.statut);
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold text-slate-900">Gestion des utilisateurs</h1>
          <p className="mt-2 text-slate-700">
            Saison en cours : {season}. Cotisation et document de santé : ceux du titulaire du compte ; ceux des profils
            famille se voient sur la fiche.
          </p>
          <p className="mt-1">
            <Link to={`${PATH}/rappels`} className={linkClass}>
              Rappels aux membres et vos notifications
            </Link>
          </p>
        </div>
        <Link to={`${PATH}/ajouter`} className={buttonClasses()}>
          Ajouter un utilisateur
        </Link>
      </div>

      {notice ? (
        <p role="status" className="rounded-md border-l-4 border-green-700 bg-green-50 px-4 py-3 text-green-900">
          {notice}
        </p>
      ) : null}

      <Form
        method="get"
        className="rounded-lg border border-slate-300 bg-white p-4 shadow-sm"
        role="search"
        aria-label="Rechercher des utilisateurs"
      >
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <div>
            <label htmlFor="search-q" className="mb-1 block font-medium text-slate-800">
              Nom ou e-mail
            </label>
            <input id="search-q" type="search" name="q" defaultValue={query.q} className={selectClass} />
          </div>
          <div>
            <label htmlFor="search-role" className="mb-1 block font-medium text-slate-800">
              Rôle
            </label>
            <select id="search-role" name="role" defaultValue={query.role} className={selectClass}>
              <option value="">Tous les rôles</option>
              {ROLES.map((r: Role) => (
                <option key={r} value={r}>
                  {ROLE_LABELS[r]}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor="search-statut" className="mb-1 block font-medium text-slate-800">
              Situation
            </label>
            <select id="search-statut" name="statut" defaultValue={query.statut} className={selectClass}>
              {Object.entries(USER_FILTERS).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor="search-tri" className="mb-1 block font-medium text-slate-800">
              Trier par
            </label>
            <select id="search-tri" name="tri" defaultValue={query.tri} className={selectClass}>
              {Object.entries(USER_SORTS).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </div>
        </div>
        <div className="mt-4 flex flex-wrap items-center gap-4">
          <Button type="submit">Afficher</Button>
          {filtered ? (
            <Link to={PATH} className={linkClass}>
              Effacer la recherche
            </Link>
          ) : null}
          <a href={exportHref} className={buttonClasses({ variant: "secondary", className: "ml-auto" })} download>
            Exporter cette liste (CSV)
          </a>
        </div>
      </Form>

      <section aria-labelledby="results-title">
        <h2 id="results-title" className="text-xl font-semibold text-slate-900" aria-live="polite">
          {total === 0 ? "Aucun compte ne correspond" : `${formatCount(total)} compte${total > 1 ? "s" : ""}`}
          {pages > 1 ? ` — page ${formatCount(page)} sur ${formatCount(pages)}` : ""}
        </h2>
        <UsersTable items={rows} season={season} page={page} pages={pages} prevHref={prevHref} nextHref={nextHref} />
      </section>
    </div>
  );
}

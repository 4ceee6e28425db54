/**
 * The managers' users list (/espace-membre/utilisateurs): its table of accounts and its page
 * links, rendered from the loader's rows.
 *
 * Rules:
 * - What a row shows (dates, amounts, labels) is written by the loader: this component only
 *   lays it out.
 * - Under 640 px the table is stacked as cards (app.css .stack-table); wider, it may scroll, so
 *   its box is focusable.
 * - The count above the table (`aria-live`) stays in the page: a live region must be on the page
 *   before its text changes.
 */
import { href, Link } from "react-router";
import { Badge, healthTone, linkClass } from "~/components/users-admin-ui";
import { HEALTH_STATE_LABELS } from "~/lib/members/users-admin-labels";
import type { HealthState } from "~/lib/members/users-admin-labels";

const USERS_PATH = href("/espace-membre/utilisateurs");

/** What one row shows, written by the loader (dates, amounts, labels). */
export interface UserRow {
  id: string;
  /** « DUPONT Marie », or the e-mail when the account has no name. */
  name: string;
  email: string;
  active: boolean;
  familyCount: number;
  pending: boolean;
  rolesText: string;
  cotisation: string | null;
  health: HealthState;
  healthUntil: string | null;
}

export interface UsersTableProps {
  items: UserRow[];
  season: string;
  page: number;
  pages: number;
  prevHref: string | null;
  nextHref: string | null;
}

/** One account's row. */
function UserRowView({ u, season }: { u: UserRow; season: string }) {
  return (
    <tr>
      <th scope="row" className="px-3 py-2 font-normal">
        <Link to={`${USERS_PATH}/modifier/${u.id}`} className={linkClass}>
          {u.name}
        </Link>
        {u.familyCount > 0 ? (
          <span className="block text-sm text-slate-700">
            + {u.familyCount} profil{u.familyCount > 1 ? "s" : ""} famille
          </span>
        ) : null}
        {!u.active ? (
          <span className="mt-1 block">
            <Badge tone="neutral">Désactivé</Badge>
          </span>
        ) : null}
      </th>
      <td data-label="E-mail" className="px-3 py-2 break-words text-slate-800">
        {u.email}
      </td>
      <td data-label="Rôles" className="px-3 py-2 text-slate-800">
        {u.pending ? <Badge tone="warn">Pré-inscrit à valider</Badge> : u.rolesText}
      </td>
      <td data-label={`Cotisation ${season}`} className="px-3 py-2 text-slate-800">
        {u.cotisation ? (
          <>
            <Badge tone="ok">Payée</Badge>
            <span className="block text-sm text-slate-700">{u.cotisation}</span>
          </>
        ) : (
          <Badge tone="bad">Non payée</Badge>
        )}
      </td>
      <td data-label="Document de santé" className="px-3 py-2 text-slate-800">
        <Badge tone={healthTone(u.health)}>{HEALTH_STATE_LABELS[u.health]}</Badge>
        {u.healthUntil ? <span className="block text-sm text-slate-700">{u.healthUntil}</span> : null}
      </td>
    </tr>
  );
}

export function UsersTable({ items, season, page, pages, prevHref, nextHref }: UsersTableProps) {
  return (
    <>
      {items.length > 0 ? (
        <div
          role="region"
          aria-label="Tableau des comptes"
          tabIndex={0}
          className="mt-3 rounded-lg border border-slate-300 bg-white sm:overflow-x-auto"
        >
          <table className="stack-table min-w-full divide-y divide-slate-200 text-left">
            <caption className="sr-only">Comptes du club, saison {season}</caption>
            <thead className="bg-slate-50">
              <tr>
                <th scope="col" className="px-3 py-2 font-semibold text-slate-900">
                  Nom
                </th>
                <th scope="col" className="px-3 py-2 font-semibold text-slate-900">
                  E-mail
                </th>
                <th scope="col" className="px-3 py-2 font-semibold text-slate-900">
                  Rôles
                </th>
                <th scope="col" className="px-3 py-2 font-semibold text-slate-900">
                  Cotisation {season}
                </th>
                <th scope="col" className="px-3 py-2 font-semibold text-slate-900">
                  Document de santé
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200">
              {items.map((u) => (
                <UserRowView key={u.id} u={u} season={season} />
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {pages > 1 ? (
        <nav aria-label="Pages de la liste" className="mt-4 flex flex-wrap items-center gap-4">
          {prevHref ? (
            <Link to={prevHref} className={linkClass}>
              Page précédente
            </Link>
          ) : null}
          <span className="text-slate-700">
            Page {page} sur {pages}
          </span>
          {nextHref ? (
            <Link to={nextHref} className={linkClass}>
              Page suivante
            </Link>
          ) : null}
        </nav>
      ) : null}
    </>
  );
}

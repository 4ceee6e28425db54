/**
 * Member home's « Mes pages »: a card for each page the account's roles open (the permission
 * table, app/lib/accounts/permissions.ts), written on the server and kept as is by the browser
 * (`ServerHtml`, decisions 0051 and 0062).
 *
 * Rules:
 * - The cards depend on the roles only (the table is code): rendered once per set of roles and
 *   kept, at most `KEPT` sets (a club has a handful).
 * - Each card is a `SiteLink`, given to React Router by the block's one click handler; without
 *   JavaScript it simply loads.
 * - Member home itself is not listed: it is the page shown.
 */
import { SiteLink } from "~/components/layout/site-link";
import { MEMBER_AREA_PATH, memberPagesFor } from "~/lib/accounts/permissions";
import { renderServerHtml } from "~/lib/http/server-html.server";

const KEPT = 32;
const kept = new Map<string, string>();

/** The markup of « Mes pages » for these roles, rendered at its first use and then kept. */
export function myPagesMarkup(roles: readonly string[]): string {
  const key = [...roles].sort().join(",");
  let html = kept.get(key);
  if (html === undefined) {
    html = renderServerHtml(<MyPages roles={roles} />);
    if (kept.size >= KEPT) kept.delete(kept.keys().next().value as string);
    kept.set(key, html);
  }
  return html;
}

function MyPages({ roles }: { roles: readonly string[] }) {
  const pages = memberPagesFor(roles).filter((p) => p.to !== MEMBER_AREA_PATH);
  return (
    <>
      <h2 className="mt-10 mb-4 text-xl font-semibold text-club-900">Mes pages</h2>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {pages.map((p) => (
          <li key={p.to}>
            <SiteLink
              to={p.to}
              className="block h-full rounded-lg border border-slate-200 p-4 shadow-sm hover:border-club-600 hover:bg-club-50 focus-visible:outline-2 focus-visible:outline-club-700"
            >
              <span className="block font-semibold text-club-900">{p.label}</span>
              <span className="mt-1 block text-sm text-slate-700">{p.description}</span>
            </SiteLink>
          </li>
        ))}
      </ul>
    </>
  );
}

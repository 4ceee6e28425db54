/**
 * Member home's « Mes pages »: a card for each page the account's roles open, grouped by area
 * as the member navigation is (`memberNavFor`, app/lib/accounts/permissions.ts).
 *
 * Rules:
 * - Member home itself is not listed: it is the page shown (the route leaves it out).
 * - Each area has its heading; an account whose pages are all in one area (a plain member)
 *   sees the cards without one.
 * - Each card is a `Link`: it navigates in the browser, and simply loads without JavaScript.
 *   Styled once by `.member-card` (app/app.css).
 */
import { Link } from "react-router";

interface PagesGroup {
  label: string;
  links: { to: string; label: string; description: string }[];
}

function Cards({ links }: { links: PagesGroup["links"] }) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {links.map((p) => (
        <li key={p.to}>
          <Link to={p.to} className="member-card">
            <span className="block font-semibold text-club-900">{p.label}</span>
            <span className="mt-1 block text-sm text-slate-700">{p.description}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

export function MyPages({ groups }: { groups: readonly PagesGroup[] }) {
  if (groups.length === 0) return null;
  return (
    <section aria-labelledby="mes-pages" className="mt-10">
      <h2 id="mes-pages" className="mb-4 text-xl font-semibold text-club-900">
        Mes pages
      </h2>
      {groups.length === 1 ? (
        <Cards links={groups[0]?.links ?? []} />
      ) : (
        groups.map((g) => (
          <div key={g.label} className="mt-6 first:mt-0">
            <h3 className="mb-3 text-lg font-semibold text-club-900">{g.label}</h3>
            <Cards links={g.links} />
          </div>
        ))
      )}
    </section>
  );
}

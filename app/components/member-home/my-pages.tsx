/**
 * Member home's « Mes pages »: a card for each page the account's roles open, grouped by area
 * as the member navigation is (the permission table, app/lib/accounts/permissions.ts, and
 * nav-areas.ts).
 *
 * Rules:
 * - Derived in the component from the roles alone: the page receives the roles, never the
 *   cards' labels and descriptions (the table is code, in the browser too).
 * - Member home itself is not listed: it is the page shown.
 * - Each area has its heading; an account whose pages all lie in one area (a plain member)
 *   sees the cards without one.
 * - Each card is a `<Link>`: it navigates in the browser, and simply loads without JavaScript.
 *   Styled once by `.member-card` (app/app.css).
 */
import { Link } from "react-router";
import { groupByArea } from "~/lib/accounts/nav-areas";
import { MEMBER_AREA_PATH, memberPagesFor, type MemberNavLink } from "~/lib/accounts/permissions";

function Cards({ links }: { links: readonly MemberNavLink[] }) {
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

export function MyPages({ roles }: { roles: readonly string[] }) {
  const pages = memberPagesFor(roles).filter((p) => p.to !== MEMBER_AREA_PATH);
  if (pages.length === 0) return null;
  const groups = groupByArea(pages);
  return (
    <section aria-labelledby="mes-pages" className="mt-10">
      <h2 id="mes-pages" className="mb-4 text-xl font-semibold text-club-900">
        Mes pages
      </h2>
      {groups.length === 1 ? (
        <Cards links={pages} />
      ) : (
        groups.map((g) => (
          <div key={g.area} className="mt-6 first:mt-0">
            <h3 className="mb-3 text-lg font-semibold text-club-900">{g.label}</h3>
            <Cards links={g.links} />
          </div>
        ))
      )}
    </section>
  );
}

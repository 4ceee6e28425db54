/**
 * The member area's navigation (/espace-membre/*): the pages the account's roles open (the
 * permission table, app/lib/accounts/permissions.ts), grouped by area (nav-areas.ts).
 *
 * Rules:
 * - Derived in the component from the roles alone: the page receives the roles, never the
 *   entries (the table is code, in the browser too).
 * - Each entry is rendered once, as a `<Link>`; the page shown is marked `aria-current="page"`,
 *   computed once per render from the location. One entry is current, even when one page's path
 *   extends another's (contenu, contenu/grades): the longest one the path starts with, the
 *   area's home only for itself (`currentMemberEntry`).
 * - One list, two looks, switched by CSS alone (`.member-nav`, app/app.css): on phones one
 *   `<details>` per area, the area of the page shown open (works without JavaScript); on wide
 *   screens (lg and up) a side column, every area open under its name (the summary hidden).
 * - An account whose entries all lie in one area (a plain member) sees a short flat list, with
 *   no area names. An account with one entry has no navigation (the layout leaves it out).
 */
import { Link, useLocation } from "react-router";
import { Icon } from "~/components/ui/icon";
import { groupByArea } from "~/lib/accounts/nav-areas";
import { currentMemberEntry, memberPagesFor, type MemberNavLink } from "~/lib/accounts/permissions";

function Entries({ links, current }: { links: readonly MemberNavLink[]; current: string | undefined }) {
  return links.map((link) => (
    <li key={link.to}>
      <Link to={link.to} aria-current={link.to === current ? "page" : undefined}>
        {link.label}
      </Link>
    </li>
  ));
}

export function MemberNav({ roles }: { roles: readonly string[] }) {
  const { pathname } = useLocation();
  const pages = memberPagesFor(roles);
  const current = currentMemberEntry(
    pages.map((p) => p.to),
    pathname,
  );
  const groups = groupByArea(pages);
  if (groups.length === 1)
    return (
      <nav aria-label="Espace membre" className="member-nav">
        <ul>
          <Entries links={pages} current={current} />
        </ul>
      </nav>
    );
  return (
    <nav aria-label="Espace membre" className="member-nav">
      {groups.map((g) => (
        <details key={g.area} open={g.links.some((l) => l.to === current)}>
          <summary>
            <span id={`navigation-${g.area}`}>{g.label}</span>
            <Icon name="chevron-down" />
          </summary>
          {/* The area's name on wide screens, where the summary is hidden (the list is named by it). */}
          <p aria-hidden="true">{g.label}</p>
          <ul aria-labelledby={`navigation-${g.area}`}>
            <Entries links={g.links} current={current} />
          </ul>
        </details>
      ))}
    </nav>
  );
}

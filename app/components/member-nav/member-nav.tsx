/**
 * The member area's navigation (/espace-membre/*): the pages the account's roles open, grouped
 * by area (`memberNavFor`, from the permission table app/lib/accounts/permissions.ts).
 *
 * Rules:
 * - Ordinary hydrated React: each entry is a `NavLink`, which marks the page shown
 *   `aria-current="page"` and navigates in the browser.
 * - One entry is current, even when one page's path extends another's (contenu,
 *   contenu/grades): the longest one the path starts with, the area's home only for itself
 *   (`currentMemberEntry`). Every other entry gets `end`, so its NavLink marks its own address
 *   only, which is then not the page shown.
 * - The current entry is filled, bold and underlined: not marked by colour alone. The links are
 *   styled once in app/app.css (`.member-nav-side`, `.member-nav-pills`), not by a class list each.
 * - One `<nav aria-label="Espace membre">` holding two layouts, one shown at a time (the other is
 *   `display: none`, so neither read nor focusable): on wide screens (lg and up) a side column
 *   with the areas' names above their links; on phones one `<details>` per area, the area of
 *   the page shown open (works without JavaScript).
 * - An account whose roles open one area only (a plain member) sees a short flat list, with no
 *   area names.
 */
import { useId } from "react";
import { NavLink, useLocation } from "react-router";
import { Icon } from "~/components/ui/icon";
import { currentMemberEntry } from "~/lib/accounts/permissions";

export interface MemberNavLinks {
  label: string;
  links: { to: string; label: string }[];
}

const FOCUS = "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-club-700";

/** The links, styled by their list's class (`.member-nav-side`, `.member-nav-pills`: app/app.css). */
function Entries({ links, current }: { links: MemberNavLinks["links"]; current?: string }) {
  return links.map((link) => (
    <li key={link.to}>
      <NavLink to={link.to} end={link.to !== current}>
        {link.label}
      </NavLink>
    </li>
  ));
}

export function MemberNav({ groups }: { groups: readonly MemberNavLinks[] }) {
  const id = useId();
  const current = currentMemberEntry(
    groups.flatMap((g) => g.links.map((l) => l.to)),
    useLocation().pathname,
  );
  const flat = groups.length === 1;
  return (
    <nav aria-label="Espace membre" className="mb-8 lg:mb-0">
      {/* Wide screens: a side column. */}
      <div className="hidden lg:block">
        {flat ? (
          <ul className="member-nav-side space-y-1">
            <Entries links={groups[0]?.links ?? []} current={current} />
          </ul>
        ) : (
          groups.map((g, i) => (
            <div key={g.label} className={i > 0 ? "mt-5" : undefined}>
              <p id={`${id}-cote-${i}`} className="mb-1 px-3 text-xs font-bold tracking-wide text-slate-700 uppercase">
                {g.label}
              </p>
              <ul aria-labelledby={`${id}-cote-${i}`} className="member-nav-side space-y-1">
                <Entries links={g.links} current={current} />
              </ul>
            </div>
          ))
        )}
      </div>
      {/* Phones and tablets: a flat list of pills, or one collapsible group per area. */}
      <div className="border-b border-slate-200 pb-4 lg:hidden">
        {flat ? (
          <ul className="member-nav-pills flex flex-wrap gap-2">
            <Entries links={groups[0]?.links ?? []} current={current} />
          </ul>
        ) : (
          groups.map((g, i) => (
            <details
              key={g.label}
              open={g.links.some((l) => l.to === current)}
              className="group border-t border-slate-200 first:border-t-0"
            >
              <summary
                className={`flex cursor-pointer list-none items-center justify-between gap-2 rounded-md px-1 py-3 font-semibold text-club-900 hover:bg-club-50 [&::-webkit-details-marker]:hidden ${FOCUS}`}
              >
                <span id={`${id}-groupe-${i}`}>{g.label}</span>
                <Icon name="chevron-down" className="size-5 shrink-0 transition-transform group-open:rotate-180" />
              </summary>
              <ul aria-labelledby={`${id}-groupe-${i}`} className="member-nav-pills flex flex-wrap gap-2 pt-1 pb-3">
                <Entries links={g.links} current={current} />
              </ul>
            </details>
          ))
        )}
      </div>
    </nav>
  );
}

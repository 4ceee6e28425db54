/**
 * The member area's navigation (/espace-membre/*): its links, written on the server and kept as
 * is by the browser (`ServerHtml`, decisions 0051 and 0067), which never loads this code.
 *
 * Rules:
 * - The links depend on the account's roles (the permission table is code) and on the entry of
 *   the page shown, marked `aria-current="page"`: rendered once per set of roles and entry,
 *   then kept (`markupMemo`; a club has a handful of role sets, the area some twenty entries).
 * - One entry is current, even when one page's path extends another's (contenu,
 *   contenu/grades): the longest one the path starts with, the area's home only for itself
 *   (`currentMemberEntry`). After a navigation in the browser the block stays as it is and
 *   the member layout moves the mark with the same rule (routes/member/layout.tsx).
 * - The links are `SiteLink`s, given to React Router by the block's one click handler;
 *   without JavaScript they simply load. Styled once by `.member-nav` (app/app.css).
 */
import { SiteLink } from "~/components/layout/site-link";
import { currentMemberEntry, memberPagesFor } from "~/lib/accounts/permissions";
import { markupMemo } from "~/lib/http/server-html.server";

function MemberNavLinks({ roles, current }: { roles: string; current: string | null }) {
  return (
    <ul className="flex flex-wrap gap-2">
      {memberPagesFor(roles.split(",")).map((p) => (
        <li key={p.to}>
          <SiteLink to={p.to} current={p.to === current}>
            {p.label}
          </SiteLink>
        </li>
      ))}
    </ul>
  );
}

/** 200 role sets and entries: far more than a club has. */
const linksHtml = markupMemo(200, (input: { roles: string; current: string | null }) => <MemberNavLinks {...input} />);

/** The navigation's links for these roles, the page at `pathname` marked; `null` when it has one entry only (no navigation). */
export function memberNavMarkup(roles: readonly string[], pathname: string): string | null {
  const pages = memberPagesFor(roles);
  if (pages.length <= 1) return null;
  const current = currentMemberEntry(
    pages.map((p) => p.to),
    pathname,
  );
  return linksHtml({ roles: [...roles].sort().join(","), current: current ?? null });
}

/**
 * The links of the header's menus, written on the server and never hydrated,
 * as the footer's: the three desktop panels'
 * cards and the mobile menu's groups. The triggers, the open and closed
 * states, the keyboard and the pointer stay in React (desktop-menu.tsx,
 * mobile-menu.tsx); the titles, descriptions and icons of some twenty links
 * no longer reach the browser as code.
 *
 * Rules:
 *  - One block per desktop panel (`menu-art`, `menu-club`, `menu-infos`) and
 *    one for the mobile groups (`menu-mobile`): the site layout's loader sends
 *    them with `serverHtml` (once per page load).
 *  - The page shown is marked on the server (`aria-current="page"` on its link):
 *    without JavaScript the menus say where the visitor is. After a navigation
 *    in the browser, `markCurrentLinks` (current-links.ts) moves the mark; every
 *    style of a current link, and of the group holding it, comes from the mark
 *    in CSS, never from a class chosen here.
 *  - The mobile groups are buttons (`aria-expanded`, `aria-controls`) above a
 *    list `hidden` until opened: the mobile menu opens and closes them.
 *  - The markup depends only on what it shows (the teachers' and photos' cards,
 *    the current link): rendered once per such content and kept (`htmlMemo`: until a write).
 * Links and icons: site-link.tsx and ui/icon.tsx.
 */
import { navGroupsWith } from "~/components/layout/nav-groups.server";
import { SiteLink } from "~/components/layout/site-link";
import { Icon } from "~/components/ui/icon";
import { HOME_LINK, isCurrentLink, type NavGroup } from "~/lib/club/navigation";
import { menuPanelBlock, MOBILE_MENU_BLOCK } from "~/lib/http/safe-html";
import { htmlMemo } from "~/lib/http/server-html.server";
import type { SafeHtml } from "~/lib/http/safe-html";

export interface MenuInput {
  showTeachers: boolean;
  showGallery: boolean;
  /** The path of the page shown (its link is marked current). */
  pathname: string;
}

export interface MenuMarkup {
  /** By block name: the three panels, then the mobile groups. */
  blocks: Array<{ block: string; html: SafeHtml }>;
}

const gridCols: Record<number, string> = {
  1: "grid-cols-1",
  2: "grid-cols-2",
  3: "grid-cols-3",
  4: "grid-cols-4",
  5: "grid-cols-5",
};

const panelHtml = htmlMemo("menu-panels", 64, ({ group, current }: { group: NavGroup; current: string }) => (
  <PanelCards group={group} current={current} />
));
const mobileHtml = htmlMemo("menu-mobile", 32, ({ groups, current }: { groups: NavGroup[]; current: string }) => (
  <MobileGroups groups={groups} current={current} />
));

/** The menus' blocks for this content, rendered at their first use and then kept until a write. */
export function menuMarkup({ showTeachers, showGallery, pathname }: MenuInput): MenuMarkup {
  const groups = navGroupsWith({ showTeachers, showGallery });
  // The one link marked: the key stays small whatever the path (a page below a link marks that link).
  const links = [HOME_LINK.to, ...groups.flatMap((g) => g.items.map((item) => item.to))];
  const current = links.find((to) => isCurrentLink(pathname, to)) ?? "";
  const key = JSON.stringify([showTeachers, showGallery, current]);
  return {
    blocks: [
      ...groups.map((group) => ({
        block: menuPanelBlock(group.id),
        html: panelHtml({ group, current }, `${key}${group.id}`),
      })),
      { block: MOBILE_MENU_BLOCK, html: mobileHtml({ groups, current }, key) },
    ],
  };
}

function PanelCards({ group, current }: { group: NavGroup; current: string }) {
  return (
    <div className="mx-auto max-w-7xl px-6 py-6">
      <p className="text-lg font-bold text-club-900">{group.title}</p>
      <ul className={`mt-4 grid gap-4 ${gridCols[group.items.length] ?? "grid-cols-5"}`}>
        {group.items.map((item) => (
          <li key={item.to}>
            <SiteLink
              to={item.to}
              current={item.to === current}
              className="flex h-full gap-3 rounded-lg border border-slate-200 p-4 transition-colors hover:border-club-200 hover:bg-club-50 aria-[current=page]:border-club-200 aria-[current=page]:bg-club-50"
            >
              <Icon name={item.icon} className="mt-0.5 size-6 shrink-0 text-club-700" />
              <span>
                <span className="block font-semibold text-club-900">{item.title}</span>
                <span className="mt-1 block text-sm text-slate-600">{item.description}</span>
              </span>
            </SiteLink>
          </li>
        ))}
      </ul>
    </div>
  );
}

// The links' styles are set once on the list, not on each of its ~20 links: every page carries this markup.
const mobileList =
  "space-y-1 [&_a]:flex [&_a]:items-center [&_a]:gap-3 [&_a]:rounded-md [&_a]:px-3 [&_a]:py-2.5 [&_a]:font-medium [&_a]:text-slate-800 [&_a:hover]:bg-club-50 [&_a[aria-current=page]]:bg-club-50 [&_a[aria-current=page]]:text-club-800 [&_a>svg]:size-5 [&_a>svg]:shrink-0 [&_a>svg]:text-club-700";

function MobileGroups({ groups, current }: { groups: NavGroup[]; current: string }) {
  return (
    <nav aria-label="Menu mobile" className="px-4 py-4">
      <ul className={mobileList}>
        <li>
          <SiteLink to={HOME_LINK.to} current={current === HOME_LINK.to}>
            {HOME_LINK.title}
          </SiteLink>
        </li>
        {groups.map((group) => (
          <li key={group.id} className="group/groupe">
            <button
              type="button"
              aria-expanded="false"
              aria-controls={`menu-mobile-${group.id}`}
              className="group/bouton flex w-full items-center justify-between rounded-md px-3 py-2.5 text-left font-semibold text-slate-900 hover:bg-club-50 group-has-[[aria-current=page]]/groupe:text-club-800"
            >
              {group.label}
              <Icon
                name="chevron-down"
                className="size-5 transition-transform duration-200 group-aria-expanded/bouton:rotate-180"
              />
            </button>
            <ul id={`menu-mobile-${group.id}`} hidden className="ml-3 border-l-2 border-club-100 pl-2">
              {group.items.map((item) => (
                <li key={item.to}>
                  <SiteLink to={item.to} current={item.to === current}>
                    <Icon name={item.icon} />
                    {item.title}
                  </SiteLink>
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </nav>
  );
}

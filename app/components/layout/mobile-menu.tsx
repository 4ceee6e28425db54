/**
 * Mobile menu (below lg): a hamburger button opening a full-height panel
 * with Accueil, the three collapsible groups and the account area at the
 * bottom. Closes on every route change and on Escape.
 * The button needs JavaScript, so the panel's content is rendered only once
 * it is opened: the server sends the button and the empty, hidden panel
 * (decision 0038: a third of the header's HTML on every page, for nothing;
 * without JavaScript the footer reaches every page). Links and icons:
 * site-link.tsx and ui/icon.tsx.
 */
import { useEffect, useRef, useState, type KeyboardEvent } from "react";
import { useLocation } from "react-router";
import { MobileAccount } from "~/components/account-menu";
import { HOME_LINK, groupForPath, isCurrentLink, type NavGroup } from "~/lib/club/navigation";
import { useNavGroups } from "~/components/layout/use-nav-groups";
import { SiteLink } from "~/components/layout/site-link";
import { Icon } from "~/components/ui/icon";

const linkClass = (current: boolean) =>
  `block rounded-md px-3 py-2.5 font-medium ${current ? "bg-club-50 text-club-800" : "text-slate-800 hover:bg-club-50"}`;

export function MobileMenu() {
  const navGroups = useNavGroups();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const [expanded, setExpanded] = useState<Record<string, boolean>>({});
  const button = useRef<HTMLButtonElement>(null);

  // Menus close on every route change.
  useEffect(() => {
    setOpen(false);
    setExpanded({});
  }, [location.key]);

  function onKeyDown(e: KeyboardEvent<HTMLDivElement>) {
    if (e.key === "Escape" && open) {
      e.preventDefault();
      setOpen(false);
      button.current?.focus();
    }
  }

  return (
    <div className="lg:hidden" onKeyDown={onKeyDown}>
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls="menu-mobile"
        onClick={() => setOpen((o) => !o)}
        className="inline-flex items-center gap-2 rounded-md px-3 py-2 font-semibold text-club-900 hover:bg-club-50"
      >
        <Icon name={open ? "x" : "menu"} className="size-6" />
        <span>Menu</span>
      </button>
      <div
        id="menu-mobile"
        data-testid="menu-mobile"
        className={`fixed inset-x-0 bottom-0 top-[72px] overflow-y-auto overscroll-contain border-t border-slate-200 bg-white ${open ? "block" : "hidden"}`}
      >
        {open && (
          <MobilePanel
            navGroups={navGroups}
            pathname={location.pathname}
            expanded={expanded}
            onToggle={(id) => setExpanded((e) => ({ ...e, [id]: !e[id] }))}
          />
        )}
      </div>
    </div>
  );
}

/** The open panel (its groups' state stays with the menu: collapsed again after a navigation). */
function MobilePanel({
  navGroups,
  pathname,
  expanded,
  onToggle,
}: {
  navGroups: NavGroup[];
  pathname: string;
  expanded: Record<string, boolean>;
  onToggle: (id: string) => void;
}) {
  const currentGroup = groupForPath(pathname)?.id;
  const homeCurrent = isCurrentLink(pathname, HOME_LINK.to);
  return (
    <>
      <nav aria-label="Menu mobile" className="px-4 py-4">
        <ul className="space-y-1">
          <li>
            <SiteLink to={HOME_LINK.to} current={homeCurrent} className={linkClass(homeCurrent)}>
              {HOME_LINK.title}
            </SiteLink>
          </li>
          {navGroups.map((group) => {
            const isOpen = expanded[group.id] ?? false;
            return (
              <li key={group.id}>
                <button
                  type="button"
                  aria-expanded={isOpen}
                  aria-controls={`menu-mobile-${group.id}`}
                  onClick={() => onToggle(group.id)}
                  className={`flex w-full items-center justify-between rounded-md px-3 py-2.5 text-left font-semibold hover:bg-club-50 ${currentGroup === group.id ? "text-club-800" : "text-slate-900"}`}
                >
                  {group.label}
                  <Icon
                    name="chevron-down"
                    className={`size-5 transition-transform duration-200 ${isOpen ? "rotate-180" : ""}`}
                  />
                </button>
                <ul
                  id={`menu-mobile-${group.id}`}
                  className={`ml-3 border-l-2 border-club-100 pl-2 ${isOpen ? "block" : "hidden"}`}
                >
                  {group.items.map((item) => {
                    const current = isCurrentLink(pathname, item.to);
                    return (
                      <li key={item.to}>
                        <SiteLink
                          to={item.to}
                          current={current}
                          className={`${linkClass(current)} flex items-center gap-3`}
                        >
                          <Icon name={item.icon} className="size-5 shrink-0 text-club-700" />
                          {item.title}
                        </SiteLink>
                      </li>
                    );
                  })}
                </ul>
              </li>
            );
          })}
        </ul>
      </nav>
      <div className="border-t border-slate-200 px-4 py-4">
        <MobileAccount />
      </div>
    </>
  );
}

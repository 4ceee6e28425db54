/**
 * Mobile menu (below lg): a hamburger button opening a full-height panel
 * with Accueil, the three collapsible groups and the account area at the
 * bottom. Closes on every route change and on Escape.
 */
import { ChevronDown, Menu, X } from "lucide-react";
import { useEffect, useRef, useState, type KeyboardEvent } from "react";
import { NavLink, useLocation } from "react-router";
import { MobileAccount } from "~/components/account-menu";
import { HOME_LINK, groupForPath } from "~/lib/club/navigation";
import { useNavGroups } from "~/components/layout/use-nav-groups";

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `block rounded-md px-3 py-2.5 font-medium ${isActive ? "bg-club-50 text-club-800" : "text-slate-800 hover:bg-club-50"}`;

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

  const currentGroup = groupForPath(location.pathname)?.id;

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
        {open ? <X aria-hidden="true" className="size-6" /> : <Menu aria-hidden="true" className="size-6" />}
        <span>Menu</span>
      </button>
      <div
        id="menu-mobile"
        data-testid="menu-mobile"
        className={`fixed inset-x-0 bottom-0 top-[72px] overflow-y-auto overscroll-contain border-t border-slate-200 bg-white ${open ? "block" : "hidden"}`}
      >
        <nav aria-label="Menu mobile" className="px-4 py-4">
          <ul className="space-y-1">
            <li>
              <NavLink to={HOME_LINK.to} end className={linkClass}>
                {HOME_LINK.title}
              </NavLink>
            </li>
            {navGroups.map((group) => {
              const isOpen = expanded[group.id] ?? false;
              return (
                <li key={group.id}>
                  <button
                    type="button"
                    aria-expanded={isOpen}
                    aria-controls={`menu-mobile-${group.id}`}
                    onClick={() => setExpanded((e) => ({ ...e, [group.id]: !isOpen }))}
                    className={`flex w-full items-center justify-between rounded-md px-3 py-2.5 text-left font-semibold hover:bg-club-50 ${currentGroup === group.id ? "text-club-800" : "text-slate-900"}`}
                  >
                    {group.label}
                    <ChevronDown
                      aria-hidden="true"
                      className={`size-5 transition-transform duration-200 ${isOpen ? "rotate-180" : ""}`}
                    />
                  </button>
                  <ul
                    id={`menu-mobile-${group.id}`}
                    className={`ml-3 border-l-2 border-club-100 pl-2 ${isOpen ? "block" : "hidden"}`}
                  >
                    {group.items.map((item) => {
                      const Icon = item.icon;
                      return (
                        <li key={item.to}>
                          <NavLink to={item.to} className={(s) => `${linkClass(s)} flex items-center gap-3`}>
                            <Icon aria-hidden="true" className="size-5 shrink-0 text-club-700" />
                            {item.title}
                          </NavLink>
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
      </div>
    </div>
  );
}

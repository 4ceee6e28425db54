/**
 * Mobile menu (below lg): a hamburger button opening a full-height panel
 * with Accueil, the three collapsible groups and the account area at the
 * bottom. Closes on every route change and on Escape; the groups are
 * collapsed again at every route change.
 * Accueil and the groups are written on the server (menus.server.tsx),
 * in the hidden panel: this component opens the panel and
 * the groups (one click handler for the block: a group's button shows or
 * hides its list), and the page shown is marked on the links
 * (current-links.ts). The account area (account-menu.tsx) is rendered once
 * the panel is opened (written at once on a page served without React's scripts, whose inline
 * script opens the panel and the groups: static-page.tsx). Links and icons: site-link.tsx and ui/icon.tsx.
 */
import { useEffect, useRef, useState, type KeyboardEvent, type MouseEvent } from "react";
import { useLocation } from "react-router";
import { MobileAccount } from "~/components/account-menu";
import { useCurrentLinks } from "~/components/layout/current-links";
import type { MenuBlocks } from "~/components/layout/desktop-menu";
import { ServerHtml } from "~/components/server-html";
import { MOBILE_MENU_BLOCK } from "~/lib/http/safe-html";
import { Icon } from "~/components/ui/icon";
import { useIsStaticPage } from "./static-page";

/** Every group of the panel collapsed (after a navigation). */
function collapseGroups(panel: HTMLElement | null): void {
  for (const button of panel?.querySelectorAll<HTMLButtonElement>("[data-bloc] button[aria-controls]") ?? []) {
    toggleGroup(button, false);
  }
}

function toggleGroup(button: HTMLButtonElement, open: boolean): void {
  button.setAttribute("aria-expanded", String(open));
  const list = document.getElementById(button.getAttribute("aria-controls") ?? "");
  if (list) list.hidden = !open;
}

export function MobileMenu({ blocks }: { blocks: MenuBlocks }) {
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const staticPage = useIsStaticPage();
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  useCurrentLinks(panel, location.pathname);

  // Menus close on every route change, their groups collapsed.
  useEffect(() => {
    setOpen(false);
    collapseGroups(panel.current);
  }, [location.key]);

  function onKeyDown(e: KeyboardEvent<HTMLDivElement>) {
    if (e.key === "Escape" && open) {
      e.preventDefault();
      setOpen(false);
      button.current?.focus();
    }
  }

  // A group's button opens or closes its list.
  function onPanelClick(e: MouseEvent<HTMLDivElement>) {
    const toggle = (e.target as Element).closest("button[aria-controls]");
    if (!(toggle instanceof HTMLButtonElement) || !toggle.closest("[data-bloc]")) return;
    toggleGroup(toggle, toggle.getAttribute("aria-expanded") !== "true");
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
        ref={panel}
        id="menu-mobile"
        data-testid="menu-mobile"
        onClick={onPanelClick}
        className={`fixed inset-x-0 bottom-0 top-[72px] overflow-y-auto overscroll-contain border-t border-slate-200 bg-white ${open ? "block" : "hidden"}`}
      >
        <ServerHtml html={blocks?.[MOBILE_MENU_BLOCK] ?? null} block={MOBILE_MENU_BLOCK} />
        {(open || staticPage) && (
          <div className="border-t border-slate-200 px-4 py-4">
            <MobileAccount />
          </div>
        )}
      </div>
    </div>
  );
}

/**
 * Desktop menu (lg and up): Accueil and three dropdowns. Each dropdown opens
 * on hover (or click / keyboard) as a full-width panel with a title and a
 * row of link cards; it closes 200 ms after the pointer leaves the trigger
 * and the panel, on a card click, on Escape and on every route change.
 * Before hydration (or without JavaScript) the panels open with CSS on hover
 * and keyboard focus. Links and icons: site-link.tsx and ui/icon.tsx (plain
 * links, one sprite).
 * The panels' cards are written on the server (menus.server.tsx, decision
 * 0057): this component holds the triggers, the panels' frames and their
 * behaviour; the page shown is marked on the cards' links (current-links.ts),
 * and its group's trigger is underlined from that mark, in CSS.
 */
import {
  useCallback,
  useEffect,
  useRef,
  useState,
  type FocusEvent,
  type KeyboardEvent,
  type MouseEvent,
  type PointerEvent,
} from "react";
import { useLocation } from "react-router";
import { DROPDOWN_CLOSE_DELAY_MS, HOME_LINK, MENU_GROUPS, isCurrentLink } from "~/lib/club/navigation";
import { useCurrentLinks } from "~/components/layout/current-links";
import { SiteLink } from "~/components/layout/site-link";
import { ServerHtml } from "~/components/server-html";
import { menuPanelBlock, type SafeHtml } from "~/lib/http/safe-html";
import { Icon } from "~/components/ui/icon";

/** The header's server-written blocks (menus.server.tsx), by name; `null` on a page load. */
export type MenuBlocks = Record<string, SafeHtml | null> | undefined;

// Labels never wrap: narrower padding and text between 1024 and 1279 px.
// The group holding the page shown is underlined: its panel holds the marked link (current-links.ts).
const topLinkClass =
  "inline-flex items-center gap-1 whitespace-nowrap rounded-md px-2 py-2 text-sm font-semibold text-slate-800 hover:bg-club-50 hover:text-club-800 xl:px-3 xl:text-[0.95rem]";
const currentGroupClass =
  "group-has-[[aria-current=page]]:text-club-800 group-has-[[aria-current=page]]:underline group-has-[[aria-current=page]]:decoration-belt-red group-has-[[aria-current=page]]:decoration-2 group-has-[[aria-current=page]]:underline-offset-8";

export function DesktopMenu({ blocks }: { blocks: MenuBlocks }) {
  const location = useLocation();
  const nav = useRef<HTMLElement>(null);
  useCurrentLinks(nav, location.pathname);
  const [openId, setOpenId] = useState<string | null>(null);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const openedByHover = useRef(false);
  const triggers = useRef<Record<string, HTMLButtonElement | null>>({});
  const panels = useRef<Record<string, HTMLDivElement | null>>({});

  const cancelClose = useCallback(() => {
    clearTimeout(closeTimer.current);
    closeTimer.current = undefined;
  }, []);

  const close = useCallback(() => {
    cancelClose();
    setOpenId(null);
  }, [cancelClose]);

  // Menus close on every route change.
  useEffect(() => {
    close();
  }, [location.key, close]);

  useEffect(() => cancelClose, [cancelClose]);

  const homeCurrent = isCurrentLink(location.pathname, HOME_LINK.to);

  function cards(id: string): HTMLAnchorElement[] {
    return Array.from(panels.current[id]?.querySelectorAll<HTMLAnchorElement>("a[href]") ?? []);
  }

  // Card to focus once its panel is shown (ArrowDown / ArrowUp on a trigger).
  const pendingFocus = useRef<{ id: string; which: "first" | "last" } | null>(null);
  useEffect(() => {
    const pending = pendingFocus.current;
    if (!pending || pending.id !== openId) return;
    pendingFocus.current = null;
    const list = cards(pending.id);
    list[pending.which === "first" ? 0 : list.length - 1]?.focus();
  });

  function openAndFocus(id: string, which: "first" | "last") {
    cancelClose();
    openedByHover.current = false;
    pendingFocus.current = { id, which };
    if (openId === id) {
      const list = cards(id);
      list[which === "first" ? 0 : list.length - 1]?.focus();
      pendingFocus.current = null;
    } else setOpenId(id);
  }

  function onPointerEnter(id: string, e: PointerEvent) {
    if (e.pointerType !== "mouse" && e.pointerType !== "pen") return;
    cancelClose();
    if (openId !== id) {
      openedByHover.current = true;
      setOpenId(id);
    }
  }

  function onPointerLeave(e: PointerEvent) {
    if (e.pointerType !== "mouse" && e.pointerType !== "pen") return;
    if (openId === null) return;
    cancelClose();
    closeTimer.current = setTimeout(() => {
      closeTimer.current = undefined;
      setOpenId(null);
    }, DROPDOWN_CLOSE_DELAY_MS);
  }

  function onTriggerClick(id: string) {
    cancelClose();
    if (openId === id && openedByHover.current) {
      // Opened by hovering: a click keeps it open (pinned) rather than closing it.
      openedByHover.current = false;
      return;
    }
    openedByHover.current = false;
    setOpenId(openId === id ? null : id);
  }

  function onTriggerKeyDown(id: string, e: KeyboardEvent<HTMLButtonElement>) {
    if (e.key === "ArrowDown") {
      e.preventDefault();
      openAndFocus(id, "first");
    } else if (e.key === "ArrowUp") {
      e.preventDefault();
      openAndFocus(id, "last");
    } else if (e.key === "Escape" && openId === id) {
      e.preventDefault();
      close();
    }
  }

  function onPanelKeyDown(id: string, e: KeyboardEvent<HTMLDivElement>) {
    const list = cards(id);
    const index = list.indexOf(document.activeElement as HTMLAnchorElement);
    let next: HTMLAnchorElement | undefined;
    switch (e.key) {
      case "Escape":
        e.preventDefault();
        close();
        triggers.current[id]?.focus();
        return;
      case "ArrowRight":
      case "ArrowDown":
        next = list[(index + 1) % list.length];
        break;
      case "ArrowLeft":
      case "ArrowUp":
        next = list[(index - 1 + list.length) % list.length];
        break;
      case "Home":
        next = list[0];
        break;
      case "End":
        next = list[list.length - 1];
        break;
      default:
        return;
    }
    e.preventDefault();
    next?.focus();
  }

  function onGroupBlur(e: FocusEvent<HTMLLIElement>) {
    // Keyboard focus left the trigger and its panel: close.
    const to = e.relatedTarget as Node | null;
    if (to && !e.currentTarget.contains(to)) close();
  }

  return (
    <nav ref={nav} aria-label="Menu principal" className="hidden shrink-0 lg:block">
      <ul className="flex items-center gap-0.5">
        <li>
          <SiteLink
            to={HOME_LINK.to}
            current={homeCurrent}
            className={`${topLinkClass} ${homeCurrent ? "text-club-800 underline decoration-belt-red decoration-2 underline-offset-8" : ""}`}
          >
            {HOME_LINK.title}
          </SiteLink>
        </li>
        {MENU_GROUPS.map((group) => (
          <li
            key={group.id}
            className="group"
            data-menu-group={group.id}
            onPointerEnter={(e) => onPointerEnter(group.id, e)}
            onPointerLeave={onPointerLeave}
            onBlur={onGroupBlur}
          >
            <button
              type="button"
              ref={(el) => {
                triggers.current[group.id] = el;
              }}
              id={`menu-trigger-${group.id}`}
              aria-expanded={openId === group.id}
              aria-controls={`menu-panel-${group.id}`}
              onClick={() => onTriggerClick(group.id)}
              onKeyDown={(e) => onTriggerKeyDown(group.id, e)}
              className={`${topLinkClass} ${openId === group.id ? "bg-club-50 text-club-800" : ""} ${currentGroupClass}`}
            >
              {group.label}
              <Icon
                name="chevron-down"
                className={`size-4 transition-transform duration-200 ${openId === group.id ? "rotate-180" : ""}`}
              />
            </button>
            <Panel
              id={group.id}
              html={blocks?.[menuPanelBlock(group.id)] ?? null}
              open={openId === group.id}
              onKeyDown={(e) => onPanelKeyDown(group.id, e)}
              onCardClick={close}
              panelRef={(el) => {
                panels.current[group.id] = el;
              }}
            />
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** A dropdown's panel: its cards are the server's block `menu-<id>` (menus.server.tsx). */
function Panel({
  id,
  html,
  open,
  onKeyDown,
  onCardClick,
  panelRef,
}: {
  id: string;
  html: SafeHtml | null;
  open: boolean;
  onKeyDown: (e: KeyboardEvent<HTMLDivElement>) => void;
  onCardClick: () => void;
  panelRef: (el: HTMLDivElement | null) => void;
}) {
  return (
    <div
      ref={panelRef}
      id={`menu-panel-${id}`}
      data-testid={`menu-panel-${id}`}
      data-open={open}
      onKeyDown={onKeyDown}
      // A card followed closes the panel (the block's own handler navigates).
      onClick={(e: MouseEvent<HTMLDivElement>) => {
        if ((e.target as Element).closest("a")) onCardClick();
      }}
      className={`absolute inset-x-0 top-full border-t border-slate-200 bg-white shadow-xl ${open ? "block" : "hidden"} [html:not([data-hydrated])_.group:focus-within_&]:block [html:not([data-hydrated])_.group:hover_&]:block [.group[data-dismissed]_&]:hidden!`}
    >
      <ServerHtml html={html} block={menuPanelBlock(id)} />
    </div>
  );
}

/**
 * The inline script of a page served without React's scripts (static-page.tsx),
 * server-only: its text is written in the page, never loaded as a module.
 *
 * Rules: what the React page did after load, nothing more: the phone menu and its groups (the
 * markup of mobile-menu.tsx and menus.server.tsx: `aria-expanded`, the panel's `hidden` class,
 * Escape closes and returns to the button), the desktop panels' triggers (`aria-expanded` follows
 * the CSS that opens a panel on hover and focus; Escape closes it), the audience beacon (audience-beacon.tsx, decision
 * 0022: the same opt-out, Do Not Track, Global Privacy Control, the referrer's domain), the
 * attendance rosters forgotten (web-app.tsx), then `data-static="true"` on
 * `<html>`.
 */
import { AUDIENCE_ENDPOINT, AUDIENCE_OPT_OUT_KEY, AUDIENCE_OPT_OUT_VALUE, countedPath } from "~/lib/club/audience";
import { ROSTER_CACHE } from "~/lib/mat/roster-cache";

type StaticPageOptions = {
  /** The path to count, or null (countedPath). */
  page: string | null;
  endpoint: string;
  optOutKey: string;
  optOutValue: string;
  /** Source of the RegExp naming the attendance rosters' caches. */
  rosterCaches: string;
};

/**
 * The page's inline script, run as the parser reaches it (end of `<body>`). Self-contained:
 * its text is written in the page (`staticPageScriptSource`), so it uses nothing outside.
 */
function staticPageScript(o: StaticPageOptions): void {
  const button = document.querySelector<HTMLButtonElement>('button[aria-controls="menu-mobile"]');
  const panel = document.getElementById("menu-mobile");
  if (button && panel) {
    const icon = button.querySelector("use");
    const toggleGroup = (toggle: Element, open: boolean) => {
      toggle.setAttribute("aria-expanded", String(open));
      const list = document.getElementById(toggle.getAttribute("aria-controls") ?? "");
      if (list) list.hidden = !open;
    };
    const setOpen = (open: boolean) => {
      button.setAttribute("aria-expanded", String(open));
      panel.classList.toggle("hidden", !open);
      panel.classList.toggle("block", open);
      const href = icon?.getAttribute("href");
      if (icon && href) icon.setAttribute("href", href.replace(/#.*$/, open ? "#x" : "#menu"));
      if (!open) for (const g of panel.querySelectorAll("[data-bloc] button[aria-controls]")) toggleGroup(g, false);
    };
    button.addEventListener("click", () => setOpen(button.getAttribute("aria-expanded") !== "true"));
    panel.addEventListener("click", (e) => {
      const toggle = (e.target as Element).closest("button[aria-controls]");
      if (toggle && toggle.closest("[data-bloc]")) toggleGroup(toggle, toggle.getAttribute("aria-expanded") !== "true");
    });
    button.parentElement?.addEventListener("keydown", (e) => {
      if (e.key !== "Escape" || button.getAttribute("aria-expanded") !== "true") return;
      e.preventDefault();
      setOpen(false);
      button.focus();
    });
  }

  // The desktop panels open in CSS on hover and keyboard focus (desktop-menu.tsx): their
  // triggers say so (`aria-expanded`), and Escape closes the one open until the pointer or the
  // focus leaves it.
  for (const group of document.querySelectorAll<HTMLElement>("li[data-menu-group]")) {
    const trigger = group.querySelector("button[aria-controls]");
    if (!trigger) continue;
    const show = (open: boolean) => {
      trigger.setAttribute("aria-expanded", String(open));
      if (!open) delete group.dataset.dismissed;
    };
    group.addEventListener("pointerenter", () => show(true));
    group.addEventListener("pointerleave", () => show(group.contains(document.activeElement)));
    group.addEventListener("focusin", () => show(true));
    group.addEventListener("focusout", (e) => {
      if (!group.contains(e.relatedTarget as Node | null)) show(group.matches(":hover"));
    });
    group.addEventListener("keydown", (e) => {
      if (e.key !== "Escape" || trigger.getAttribute("aria-expanded") !== "true") return;
      e.preventDefault();
      trigger.setAttribute("aria-expanded", "false");
      group.dataset.dismissed = "true";
      (trigger as HTMLElement).focus();
    });
  }

  // After the page is shown, as the React page's effects: nothing in the way of its first paint
  // (not even the first read of localStorage, which can take milliseconds).
  const afterLoad = () => {
    // The audience beacon (audience-beacon.tsx): a document load is always a visit's first page.
    let refused = false;
    try {
      refused = window.localStorage.getItem(o.optOutKey) === o.optOutValue;
    } catch {
      // Storage blocked: the browser's other signals decide.
    }
    const nav = navigator as Navigator & { globalPrivacyControl?: boolean };
    refused = refused || nav.doNotTrack === "1" || nav.globalPrivacyControl === true;
    if (o.page && !refused) {
      const params = new URLSearchParams({ page: o.page });
      try {
        const from = new URL(document.referrer);
        const own = window.location.hostname.toLowerCase();
        const host = from.hostname.toLowerCase();
        if ((from.protocol === "http:" || from.protocol === "https:") && host && host !== own) {
          const domain = host.replace(/^www\./, "");
          if (/^[a-z0-9.-]{1,100}$/.test(domain)) params.set("ref", domain);
        }
      } catch {
        // No referrer, or not a URL: nothing to say.
      }
      const url = `${o.endpoint}?${params.toString()}`;
      void fetch(url, { credentials: "omit", keepalive: true, cache: "no-store" }).catch(() => undefined);
    }

    // Nobody is signed in on this page: the attendance pages kept on this device are forgotten.
    if (typeof caches !== "undefined") {
      const rosters = new RegExp(o.rosterCaches);
      void caches
        .keys()
        .then((keys) => Promise.all(keys.filter((k) => rosters.test(k)).map((k) => caches.delete(k))))
        .catch(() => undefined);
    }
  };
  const later = () => setTimeout(afterLoad);
  if (document.readyState === "complete") later();
  else window.addEventListener("load", later, { once: true });

  document.documentElement.dataset.static = "true";
}

/** The inline script's text for the page at `pathname`. */
export function staticPageScriptSource(pathname: string): string {
  const options: StaticPageOptions = {
    page: countedPath(pathname),
    endpoint: AUDIENCE_ENDPOINT,
    optOutKey: AUDIENCE_OPT_OUT_KEY,
    optOutValue: AUDIENCE_OPT_OUT_VALUE,
    rosterCaches: ROSTER_CACHE.source,
  };
  // `<` escaped: the options can never close the script element.
  return `(${staticPageScript.toString()})(${JSON.stringify(options).replace(/</g, "\\u003c")})`;
}

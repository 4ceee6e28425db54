/**
 * Markup written on the server and never hydrated, for signed-out public content only (the
 * public pages' text, the site's menus and footer, the calendar's month). Browser-safe: the type
 * and the names of the blocks, nothing that renders.
 *
 * Rules:
 * - `SafeHtml` is a string only React's renderer produced (`renderSafeHtml` and `htmlMemo` of
 *   server-html.server.ts): nothing typed by a person, read from the database or built by hand
 *   can be passed where markup is written (`<ServerHtml>`, components/server-html.tsx).
 * - A page has named blocks: its own content, the footer, the menus' panels, a form page's parts
 *   around the form. The browser finds a block by its name (`data-bloc`).
 */
declare const safeHtmlBrand: unique symbol;

/** Markup rendered by React on the server. */
export type SafeHtml = string & { readonly [safeHtmlBrand]: true };

/** The page's own block (one per page). */
export const PAGE_BLOCK = "contenu";
/** The site layout's footer. */
export const FOOTER_BLOCK = "pied-de-page";
/** The calendar's month, under the page's heading and month navigation (routes/club/calendar.tsx). */
export const MONTH_BLOCK = "mois";
/** A desktop menu panel's cards. */
export function menuPanelBlock(groupId: string): string {
  return `menu-${groupId}`;
}
/** The mobile menu's groups. */
export const MOBILE_MENU_BLOCK = "menu-mobile";
/** A public form page's text under its heading, and its side panel (the form itself is React). */
export const INTRO_BLOCK = "introduction";
export const ASIDE_BLOCK = "encadre";

/**
 * Pages served without React's scripts to a visitor who is not signed in.
 *
 * Rules:
 *  - A route declares it in its `handle` (`STATIC_FOR_VISITORS`); today only home, whose
 *    content is already written on the server and never hydrated. Signed in,
 *    the page keeps its scripts (the account menu, the sign-out that sends waiting marks).
 *  - Decided once, for the document the server writes: a page that has hydrated stays a React
 *    page, and a navigation in the browser to home keeps the router (`useStaticPage`).
 *  - Such a page loads no module, no router data and no modulepreload. Its links load the next
 *    page, its forms post as without JavaScript. One small inline script (nonce of the page,
 *    static-page-script.server.ts) does what the React page did after load: the phone menu and its
 *    groups (the same markup, `aria-expanded`, Escape returns to the button), the audience
 *    beacon (same rules, same opt-out), the attendance rosters forgotten
 *    (the page a no-JavaScript sign-out lands on), and `data-static="true"` on
 *    `<html>` once it is ready (browser tests wait for it as they wait for `data-hydrated`).
 */
import { createContext, useContext } from "react";
import { useMatches } from "react-router";

/** A route's `handle` (or part of it): served without scripts to a visitor. */
export const STATIC_FOR_VISITORS = { staticForVisitors: true } as const;

/** Whether the document being written is a static page (from the root layout, decided once). */
const StaticPage = createContext(false);
export const StaticPageProvider = StaticPage.Provider;
export function useIsStaticPage(): boolean {
  return useContext(StaticPage);
}

/** On the server: the inline script's text for a path (static-page-script.server.ts, given by entry.server.tsx). */
const StaticPageScript = createContext<((pathname: string) => string) | undefined>(undefined);
export const StaticPageScriptProvider = StaticPageScript.Provider;
export function useStaticPageScript(): ((pathname: string) => string) | undefined {
  return useContext(StaticPageScript);
}

/** Whether the matched page declares itself static, for a visitor not signed in. */
export function useStaticPage(signedIn: boolean): boolean {
  const matches = useMatches();
  if (signedIn) return false;
  return matches.some((m) => (m.handle as { staticForVisitors?: unknown } | undefined)?.staticForVisitors === true);
}

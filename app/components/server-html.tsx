/**
 * A block of a page written once on the server and never hydrated: the
 * browser keeps the server's markup as it is and loads none of the code that wrote it.
 *
 * Rules:
 *  - For content that nothing on the page changes after load (home's sections…). The markup
 *    comes from `serverHtml` (lib/http/server-html.server.ts) in the route's loader, so a
 *    navigation in the browser receives it with the page's data; the component that writes it
 *    lives in a `.server` module, so its code can never reach the browser.
 *  - Written once per page load: on a page load the loader's value is `null` and
 *    the markup comes from the request (`ServerMarkupProvider`, set by entry.server.tsx); in the
 *    browser, the block is taken from the page shown (`data-bloc`) the first time, and kept
 *    for later renders of the same data (the site layout's footer lives across navigations).
 *    A client navigation receives the markup in its data.
 *  - Its links are `SiteLink`s (`<a data-discover>`): the block's one click handler gives them
 *    to React Router, so they navigate in the browser as the layout's links do; without
 *    JavaScript they simply load.
 *  - React's own `createElement`: the app's JSX runtime would run the French typography over
 *    the markup again (it already went through it when it was written).
 */
import { createContext, createElement, useContext } from "react";
import { useSiteLinks } from "~/components/layout/site-link";
import { PAGE_BLOCK, type SafeHtml } from "~/lib/http/safe-html";

const ServerMarkup = createContext<ReadonlyMap<string, string> | undefined>(undefined);
/** On the server, for a page load: the blocks the loaders wrote (RequestInfo.serverMarkup). */
export const ServerMarkupProvider = ServerMarkup.Provider;

/** Blocks taken from the page the browser loaded, by name. */
const fromLoadedPage = new Map<string, string>();

function loadedPageBlock(block: string): string {
  if (typeof document === "undefined") return "";
  let html = fromLoadedPage.get(block);
  if (html === undefined) {
    html = document.querySelector(`[data-bloc="${block}"]`)?.innerHTML ?? "";
    fromLoadedPage.set(block, html);
  }
  return html;
}

export function ServerHtml({ html, block = PAGE_BLOCK }: { html: SafeHtml | null; block?: string }) {
  const onClick = useSiteLinks();
  const written = useContext(ServerMarkup);
  const markup = html ?? written?.get(block) ?? loadedPageBlock(block);
  return createElement("div", { "data-bloc": block, onClick, dangerouslySetInnerHTML: { __html: markup } });
}

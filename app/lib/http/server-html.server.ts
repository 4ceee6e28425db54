/**
 * The one API for markup written on the server and never hydrated, for signed-out public content
 * only (the public pages' text, the site's menus and footer, the calendar's month); the member
 * area and every form are React. Three functions: `renderSafeHtml` (the only producer of
 * `SafeHtml`, lib/http/safe-html.ts), `htmlMemo` (a shared block kept per input in a named
 * cache), and `serverHtml`, what a loader returns for a block shown by `<ServerHtml>`
 * (components/server-html.tsx).
 *
 * Rules:
 *  - Only elements whose code lives in `.server` modules or that the browser never needs for
 *    this block; links are `SiteLink`s (`ServerHtml`'s one click handler gives them to the router).
 *  - `serverHtml` on a page load returns `null`: the markup is kept in the request
 *    (`serverMarkup`) and written into the page once by `ServerHtml`, so the page's data does not
 *    carry it a second time (the browser then takes the block from the page it shows). On a
 *    navigation in the browser (`.data`) it returns the markup itself. docs/performance.md
 *    lists what this saves.
 */
import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import type { RouterContextProvider } from "react-router";
import { namedCache } from "~/lib/core/cache.server";
import { PAGE_BLOCK, type SafeHtml } from "~/lib/http/safe-html";
import { requestInfoContext } from "~/lib/http/context";

/** The one way to produce `SafeHtml`: React renders the element (text escaped, attributes quoted). */
export function renderSafeHtml(element: ReactElement): SafeHtml {
  return renderToStaticMarkup(element) as SafeHtml;
}

/**
 * The markup of a block that many requests share (the footer, a menu panel, a month of the
 * calendar), rendered once per input and kept in the named cache `name` (core/cache.server.ts:
 * at most `maxEntries`, the least recently used goes, any write clears it). Rule: the markup
 * depends on `input` alone, and `key` (JSON of the input unless given) names all of it.
 */
export function htmlMemo<T>(
  name: string,
  maxEntries: number,
  render: (input: T) => ReactElement,
): (input: T, key?: string) => SafeHtml {
  const cache = namedCache(name, { maxEntries });
  return (input, key = JSON.stringify(input)) => cache.readNow(key, () => ({ value: renderSafeHtml(render(input)) }));
}

/** A loader's block: its markup, or `null` on a page load (written into the page, not its data). */
export function serverHtml(
  context: Readonly<RouterContextProvider>,
  content: ReactElement | SafeHtml,
  block: string = PAGE_BLOCK,
): SafeHtml | null {
  const html = typeof content === "string" ? content : renderSafeHtml(content);
  const page = context.get(requestInfoContext).serverMarkup;
  if (!page) return html;
  page.set(block, html);
  return null;
}

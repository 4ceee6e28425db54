/**
 * The markup of a block written once on the server (decisions 0051, 0054), for `ServerHtml`
 * (components/server-html.tsx). Rule: only elements whose code lives in `.server` modules or
 * in components the browser never needs for this block; links are `SiteLink`s, not `<Link>`
 * (no router here).
 *
 * `serverHtml` is what a loader returns for its block:
 *  - on a page load, `null`: the markup is kept in the request (`serverMarkup`) and written into
 *    the page by `ServerHtml`, once; the page's data does not repeat it (the browser takes the
 *    block from the page it shows);
 *  - on a client navigation (`.data`), the markup itself, which the browser writes.
 */
import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import type { RouterContextProvider } from "react-router";
import { PAGE_BLOCK } from "~/components/server-html";
import { requestInfoContext } from "~/lib/http/context";

export function renderServerHtml(element: ReactElement): string {
  return renderToStaticMarkup(element);
}

/** A loader's block: its markup, or `null` on a page load (written into the page, not its data). */
export function serverHtml(
  context: Readonly<RouterContextProvider>,
  content: ReactElement | string,
  block: string = PAGE_BLOCK,
): string | null {
  const html = typeof content === "string" ? content : renderServerHtml(content);
  const page = context.get(requestInfoContext).serverMarkup;
  if (!page) return html;
  page.set(block, html);
  return null;
}

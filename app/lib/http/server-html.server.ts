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
 *
 * `markupMemo` keeps the markup of a pure piece (a list's row) by its input, so the same row
 * shown again is not written again (decision 0065).
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

/**
 * The markup of a pure piece of a block (a row of a management list), kept by its input: the
 * same input is written once, and shown again from here (issue 12, decision 0065).
 * Rules: `render`'s markup depends on `input` alone (plain data: JSON is its key), never on
 * the request, the clock or the visitor; so nothing kept can be stale, and no write has to
 * drop it. At most `maxEntries` kept (the oldest goes first).
 */
export function markupMemo<T>(maxEntries: number, render: (input: T) => ReactElement): (input: T) => string {
  const kept = new Map<string, string>();
  return (input) => {
    const key = JSON.stringify(input);
    let html = kept.get(key);
    if (html === undefined) {
      html = renderServerHtml(render(input));
      if (kept.size >= maxEntries) kept.delete(kept.keys().next().value as string);
      kept.set(key, html);
    }
    return html;
  };
}

/**
 * The markup of a block written once on the server (decision 0051), for `ServerHtml`
 * (components/server-html.tsx). Rule: only elements whose code lives in `.server` modules or
 * in components the browser never needs for this block; links are `SiteLink`s, not `<Link>`
 * (no router here).
 */
import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";

export function renderServerHtml(element: ReactElement): string {
  return renderToStaticMarkup(element);
}

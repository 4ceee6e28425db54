/**
 * A block of a page written once on the server and never hydrated (decision 0051): the
 * browser keeps the server's markup as it is and loads none of the code that wrote it.
 *
 * Rules:
 *  - For content that nothing on the page changes after load (home's sections…). The markup
 *    comes from `renderServerHtml` (lib/http/server-html.server.ts) in the route's loader, so a
 *    navigation in the browser receives it with the page's data; the component that writes it
 *    lives in a `.server` module, so its code can never reach the browser.
 *  - Its links are `SiteLink`s (`<a data-discover>`): the block's one click handler gives them
 *    to React Router, so they navigate in the browser as the layout's links do; without
 *    JavaScript they simply load.
 *  - React's own `createElement`: the app's JSX runtime would run the French typography over
 *    the markup again (it already went through it when it was written).
 */
import { createElement } from "react";
import { useSiteLinks } from "~/components/layout/site-link";

export function ServerHtml({ html }: { html: string }) {
  const onClick = useSiteLinks();
  return createElement("div", { onClick, dangerouslySetInnerHTML: { __html: html } });
}

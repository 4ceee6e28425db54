/**
 * The mark of the page shown on the links of a block written on the server
 * (the header's menus, decision 0057).
 *
 * Rules: the server marks the link of the page it writes (`aria-current="page"`);
 * after a navigation in the browser the block stays as it is (it is never
 * hydrated), so this moves the mark: every `<a data-discover>` of the block
 * whose path holds the new page (`isCurrentLink`) gets it, every other loses it.
 * Styles follow the mark in CSS, so nothing else changes.
 * A block with its own rule (the member navigation marks one entry only) passes it as `rule`.
 */
import { useEffect, type RefObject } from "react";
import { isCurrentLink } from "~/lib/club/navigation";

/** Which links of a block mark the page at `pathname`, given the addresses of all its links. */
export type CurrentRule = (pathname: string, hrefs: readonly string[]) => (href: string) => boolean;

/** Every link whose path holds the page shown (the header's menus). */
const holdsPage: CurrentRule = (pathname) => (href) => isCurrentLink(pathname, href);

export function markCurrentLinks(root: ParentNode, pathname: string, rule: CurrentRule = holdsPage): void {
  const links = [...root.querySelectorAll<HTMLAnchorElement>("[data-bloc] a[data-discover]")];
  const isCurrent = rule(
    pathname,
    links.map((link) => link.getAttribute("href") ?? ""),
  );
  for (const link of links) {
    if (isCurrent(link.getAttribute("href") ?? "")) link.setAttribute("aria-current", "page");
    else link.removeAttribute("aria-current");
  }
}

/** After each navigation, the links of `root`'s server-written blocks mark the page shown (`rule`: a module constant). */
export function useCurrentLinks(
  root: RefObject<HTMLElement | null>,
  pathname: string,
  rule: CurrentRule = holdsPage,
): void {
  useEffect(() => {
    if (root.current) markCurrentLinks(root.current, pathname, rule);
  }, [root, pathname, rule]);
}

/**
 * The mark of the page shown on the links of a block written on the server
 * (the header's menus).
 *
 * Rules: the server marks the link of the page it writes (`aria-current="page"`);
 * after a navigation in the browser the block stays as it is (it is never
 * hydrated), so this moves the mark: every `<a data-discover>` of the block
 * whose path holds the new page (`isCurrentLink`) gets it, every other loses it.
 * Styles follow the mark in CSS, so nothing else changes.
 */
import { useEffect, type RefObject } from "react";
import { isCurrentLink } from "~/lib/club/navigation";

/** Every link of `root`'s blocks whose path holds the page shown gets the mark, the others lose it. */
function markCurrentLinks(root: ParentNode, pathname: string): void {
  const links = [...root.querySelectorAll<HTMLAnchorElement>("[data-bloc] a[data-discover]")];
  for (const link of links) {
    if (isCurrentLink(pathname, link.getAttribute("href") ?? "")) link.setAttribute("aria-current", "page");
    else link.removeAttribute("aria-current");
  }
}

/** After each navigation, the links of `root`'s server-written blocks mark the page shown. */
export function useCurrentLinks(root: RefObject<HTMLElement | null>, pathname: string): void {
  useEffect(() => {
    if (root.current) markCurrentLinks(root.current, pathname);
  }, [root, pathname]);
}

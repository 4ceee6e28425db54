/**
 * The layout's links (menus, footer, account area): a plain `<a href>` each,
 * and ONE click handler per block (the header, the footer, the member
 * navigation) that gives a plain click to React Router, so they navigate on
 * the client as `<Link>`s do.
 * Why: a `<Link>` resolves its path and builds its own click handler at every
 * render; the layout has some forty of them on every page.
 *
 * Rules:
 *  - `to` is a path of this site (`/…`). The link carries `data-discover`, as a
 *    `<Link>` does, so React Router learns its route before the click.
 *  - `useSiteLinks()` gives the block's `onClick`: a click on such a link with
 *    the main button, without Ctrl, Cmd, Shift or Alt, without `target` or
 *    `download`, and not already handled (`defaultPrevented`) becomes
 *    `navigate(path)`; the current address is replaced, not pushed, like a
 *    `<Link>` to the page already shown. Anything else is left to the browser
 *    (new tab, download…), and without JavaScript every link simply loads.
 *  - `current`: the link points at the page shown (`aria-current="page"`),
 *    what `<NavLink>` said; the caller decides with `isCurrentLink`.
 */
import type { ComponentProps, MouseEvent } from "react";
import { useNavigate } from "react-router";

type SiteLinkProps = Omit<ComponentProps<"a">, "href"> & { to: string; current?: boolean };

export function SiteLink({ to, current, ...rest }: SiteLinkProps) {
  return <a {...rest} href={to} aria-current={current ? "page" : undefined} data-discover="true" />;
}

export function useSiteLinks(): (event: MouseEvent<HTMLElement>) => void {
  const navigate = useNavigate();
  return (event) => {
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
    const link = (event.target as Element | null)?.closest?.("a[data-discover]");
    if (!(link instanceof HTMLAnchorElement) || !event.currentTarget.contains(link)) return;
    if ((link.target && link.target !== "_self") || link.hasAttribute("download")) return;
    const url = new URL(link.href);
    if (url.origin !== window.location.origin) return;
    event.preventDefault();
    const to = url.pathname + url.search + url.hash;
    const here = window.location.pathname + window.location.search + window.location.hash;
    void navigate(to, { replace: to === here });
  };
}

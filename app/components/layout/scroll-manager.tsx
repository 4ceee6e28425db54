/**
 * Scroll on route changes: smoothly to the top, or to the #anchor of the URL
 * (waiting up to 10 s for its element, the spec's anchor helper), just under
 * the fixed top bar. Back/forward (POP) is left to <ScrollRestoration/> in
 * root.tsx, which restores the previous position; so are links and forms
 * with `preventScrollReset` (e.g. the calendar's month navigation).
 */
import { useContext, useEffect, useRef } from "react";
import { NavigationType, UNSAFE_DataRouterStateContext, useLocation, useNavigationType } from "react-router";
import { anchorScrollTop, isHomePath } from "~/lib/club/navigation";
import { scrollToAnchor } from "~/lib/http/scroll";

function behavior(): ScrollBehavior {
  return window.matchMedia("(prefers-reduced-motion: reduce)").matches ? "auto" : "smooth";
}

/** Scrolls so that `element` sits just below the top bar (and the banner while it shows). */
function scrollToElement(element: HTMLElement, home: boolean) {
  const main = document.getElementById("contenu");
  let contentTop = element.getBoundingClientRect().top + window.scrollY;
  if (main) {
    const padding = parseFloat(getComputedStyle(main).paddingTop) || 0;
    contentTop -= padding;
  }
  window.scrollTo({ top: anchorScrollTop(contentTop, { home }), behavior: behavior() });
}

export function ScrollManager() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const firstRender = useRef(true);
  // The router's own flag for <Link preventScrollReset> / navigate(…, { preventScrollReset }).
  const preventScrollReset = useContext(UNSAFE_DataRouterStateContext)?.preventScrollReset ?? false;

  useEffect(() => {
    const first = firstRender.current;
    firstRender.current = false;
    const home = isHomePath(location.pathname);
    const controller = new AbortController();
    if (location.hash && (first || navigationType !== NavigationType.Pop)) {
      void scrollToAnchor<HTMLElement>(location.hash, {
        signal: controller.signal,
        scroll: (el) => scrollToElement(el, home),
      });
    } else if (!first && navigationType !== NavigationType.Pop && !preventScrollReset) {
      window.scrollTo({ top: 0, behavior: behavior() });
    }
    return () => controller.abort();
    // Runs once per location (its key changes on every navigation).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location.key]);

  return null;
}

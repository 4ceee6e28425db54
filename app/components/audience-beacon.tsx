/**
 * The audience beacon: after each page is shown, one
 * same-origin GET with the page's path (and, on the first page only, the
 * domain of the site the visitor came from). No cookie is sent or set
 * (credentials: "omit"), nothing else is read. Nothing is sent for the
 * not-found page, excluded paths, or a browser that refused (opt-out on the
 * legal page, Do Not Track, Global Privacy Control).
 */
import { useEffect, useRef } from "react";
import { useLocation, useMatches } from "react-router";
import { AUDIENCE_ENDPOINT, browserRefusesCounting, countedPath, referrerDomain } from "~/lib/club/audience";

export function AudienceBeacon() {
  const { pathname } = useLocation();
  const matches = useMatches();
  const notFound = matches.some((m) => m.id === "routes/not-found");
  const first = useRef(true);

  useEffect(() => {
    const isFirst = first.current;
    first.current = false;
    if (notFound || browserRefusesCounting()) return;
    const path = countedPath(pathname);
    if (!path) return;
    const params = new URLSearchParams({ page: path });
    const ref = isFirst ? referrerDomain(document.referrer, window.location.host) : null;
    if (ref) params.set("ref", ref);
    void fetch(`${AUDIENCE_ENDPOINT}?${params.toString()}`, {
      credentials: "omit",
      keepalive: true,
      cache: "no-store",
    }).catch(() => undefined);
  }, [pathname, notFound]);

  return null;
}

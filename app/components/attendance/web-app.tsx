/**
 * The attendance pages as an installable web app, browser-safe:
 * registers the small service worker `public/appel-sw.js` with the scope of
 * the attendance pages only (/espace-membre/appel/), so it never sees, nor
 * keeps, any other page of the member area. Pages using it also name the web
 * app's manifest through their route `handle` (`ATTENDANCE_HANDLE`), which
 * the root layout links instead of the site's one.
 * Without service workers (or JavaScript) the pages work as plain pages.
 * Once the worker is there, a page asks it to keep, for use without network,
 * the attendance pages it names (the list: itself and the sessions it shows;
 * a session: itself), from the first visit on: the page itself was
 * loaded before the worker controlled it, so nothing else would keep it.
 * Every page signed out forgets the attendance pages the service worker kept
 * on this device (`useForgetRostersWhenSignedOut` of forget-rosters.ts, in the root).
 */
import { useEffect, useState } from "react";
import { ATTENDANCE_MANIFEST_PATH, ATTENDANCE_PATH, ATTENDANCE_SW_PATH } from "~/lib/mat/attendance-paths";

export const ATTENDANCE_HANDLE = { manifest: ATTENDANCE_MANIFEST_PATH };

/** React Router's manifest version, which its route list requests name (`/__manifest?version=`). */
function manifestVersion(): string | undefined {
  return (window as { __reactRouterManifest?: { version?: string } }).__reactRouterManifest?.version;
}

/**
 * Registers the worker, then asks it to keep `pages` (attendance paths) for use without network;
 * how many it kept once it answered (null before, or without a worker). `uncontrolledOnly`: only
 * when this page was loaded without the worker (a page loaded through it is kept already).
 */
export function useAttendanceWebApp(pages: readonly string[], uncontrolledOnly = false): number | null {
  const [kept, setKept] = useState<number | null>(null);
  const key = pages.join(",");
  useEffect(() => {
    if (!("serviceWorker" in navigator)) return;
    const container = navigator.serviceWorker;
    const wanted = uncontrolledOnly && container.controller ? "" : key;
    let live = true;
    const onMessage = (event: MessageEvent<{ type?: string; pages?: number }>) => {
      if (live && event.data?.type === "garde" && typeof event.data.pages === "number") setKept(event.data.pages);
    };
    container.addEventListener("message", onMessage);
    container.startMessages();
    container
      .register(ATTENDANCE_SW_PATH, { scope: ATTENDANCE_PATH })
      .then(() => container.ready)
      .then((registration) => {
        if (live && wanted)
          registration.active?.postMessage({
            type: "garder",
            pages: wanted.split(","),
            manifestVersion: manifestVersion(),
          });
      })
      .catch(() => {
        // No service worker (private browsing, old browser): the pages still work online.
      });
    return () => {
      live = false;
      container.removeEventListener("message", onMessage);
    };
  }, [key, uncontrolledOnly]);
  return kept;
}

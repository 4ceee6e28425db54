/**
 * The attendance pages as an installable web app (decision 0026), browser-safe:
 * registers the small service worker `public/appel-sw.js` with the scope of
 * the attendance pages only (/espace-membre/appel/), so it never sees, nor
 * keeps, any other page of the member area. Pages using it also name the web
 * app's manifest through their route `handle` (`ATTENDANCE_HANDLE`), which
 * the root layout links instead of the site's one.
 * Without service workers (or JavaScript) the pages work as plain pages.
 * Every page signed out forgets the attendance pages the service worker kept
 * on this device (`useForgetRostersWhenSignedOut`, in the root; decision 0031).
 */
import { useEffect } from "react";
import { ATTENDANCE_MANIFEST_PATH, ATTENDANCE_PATH, ATTENDANCE_SW_PATH } from "~/lib/mat/attendance-paths";
import { forgetRosters } from "~/lib/mat/roster-cache";

export const ATTENDANCE_HANDLE = { manifest: ATTENDANCE_MANIFEST_PATH };

export function useAttendanceWebApp(): void {
  useEffect(() => {
    if (!("serviceWorker" in navigator)) return;
    navigator.serviceWorker.register(ATTENDANCE_SW_PATH, { scope: ATTENDANCE_PATH }).catch(() => {
      // No service worker (private browsing, old browser): the pages still work online.
    });
  }, []);
}

/** On a page seen signed out (after a sign-out, a session ended or expired): the kept rosters are deleted. */
export function useForgetRostersWhenSignedOut(signedIn: boolean): void {
  useEffect(() => {
    if (signedIn) return;
    forgetRosters().catch(() => {
      // Storage unavailable (private browsing): nothing was kept.
    });
  }, [signedIn]);
}

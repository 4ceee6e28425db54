/**
 * The rosters this device keeps, forgotten on sign-out,
 * browser-safe.
 *
 * Rules:
 *  - The attendance web app's service worker (public/appel-sw.js, decision
 *    0026) keeps copies of the attendance pages, so an instructor can reopen a
 *    session without network, in the Cache API under `appel-<version>-pages`:
 *    they hold children's names. The hashed build files it keeps
 *    (`appel-<version>-fichiers`) hold nothing personal and stay.
 *  - Any page that knows nobody is signed in deletes those copies: after the
 *    top bar's sign-out (with JavaScript, or posted before the page was
 *    interactive), after a session ended by an admin or expired. It first
 *    tells the worker (`oublier`), so that a keeping under way (the
 *    list keeps the coming sessions) puts nothing back. The service worker
 *    itself drops them when an attendance page answers with the sign-in page.
 *  - The marks taken offline and not yet sent are not there (localStorage,
 *    mark-queue.ts): forgetting the rosters never loses a mark.
 */

import { ATTENDANCE_PATH } from "./attendance-paths";

/** The names of the caches holding attendance pages (every version of the service worker). */
export const ROSTER_CACHE = /^appel-.+-pages$/;

/** Deletes the kept attendance pages on this device; how many caches were deleted. */
export async function forgetRosters(): Promise<number> {
  if (typeof caches === "undefined") return 0; // no Cache API (old browser, insecure origin): nothing kept
  if ("serviceWorker" in navigator)
    (await navigator.serviceWorker.getRegistration(ATTENDANCE_PATH))?.active?.postMessage({ type: "oublier" });
  let deleted = 0;
  for (const key of await caches.keys()) if (ROSTER_CACHE.test(key) && (await caches.delete(key))) deleted++;
  return deleted;
}

/**
 * Every page seen signed out (after a sign-out, a session ended or expired) forgets the attendance
 * pages the service worker kept on this device. Browser-safe, used by the root on every page; the
 * rest of the attendance web app (web-app.tsx) loads with the attendance pages only.
 */
import { useEffect } from "react";
import { forgetRosters } from "~/lib/mat/roster-cache";

export function useForgetRostersWhenSignedOut(signedIn: boolean): void {
  useEffect(() => {
    if (signedIn) return;
    forgetRosters().catch(() => {
      // Storage unavailable (private browsing): nothing was kept.
    });
  }, [signedIn]);
}

import { href } from "react-router";
/**
 * The attendance web app's addresses, browser-safe. Their own module: the root
 * registers the web app's pieces on every page (components/attendance/web-app.tsx), so whatever
 * sits beside them reaches every visitor's browser; the rest of attendance.ts stays with the
 * attendance pages.
 */
export const ATTENDANCE_PATH = href("/espace-membre/appel");
/** Where the attendance web app's service worker is registered (its scope: the attendance pages only). */
export const ATTENDANCE_SW_PATH = "/appel-sw.js";
export const ATTENDANCE_MANIFEST_PATH = "/appel.webmanifest";

/*
 * Service worker of the attendance web app (decision 0026), registered with
 * the scope /espace-membre/appel only (app/components/attendance/web-app.tsx):
 * it never controls, nor keeps, any other page of the site or the member area.
 *
 * Rules:
 *  - Attendance pages (and their .data requests): network first; a copy of the
 *    last answer is kept so an instructor can reopen the session page without
 *    network. Only GET answers of /espace-membre/appel… that are 200 and not
 *    redirects are kept; the sending of marks (POST) is never cached nor
 *    replayed here: the page keeps its own queue (app/lib/mat/mark-queue.ts).
 *  - Hashed build files (/assets/…) the pages use: cache first (they never
 *    change under the same name).
 *  - A new version of this file empties the caches of the older ones.
 *  - Kept copies are the attendance pages of the instructor who opened them
 *    (the roster's names, the marks): nothing else of the member area. They
 *    are dropped as soon as an attendance page answers with the sign-in page,
 *    and by any page of the site seen signed out (app/lib/mat/roster-cache.ts,
 *    decision 0031), which deletes the caches named `appel-<version>-pages`.
 */
const VERSION = "appel-v1";
const PAGES = `${VERSION}-pages`;
const ASSETS = `${VERSION}-fichiers`;
const SCOPE_PATH = "/espace-membre/appel";

self.addEventListener("install", () => self.skipWaiting());

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const key of await caches.keys()) if (!key.startsWith(VERSION)) await caches.delete(key);
      await self.clients.claim();
    })(),
  );
});

async function networkFirst(request) {
  const cache = await caches.open(PAGES);
  try {
    const answer = await fetch(request);
    if (answer.ok && !answer.redirected && answer.type === "basic") await cache.put(request, answer.clone());
    // Sent to the sign-in page (signed out, or another account's session ended): drop every copy.
    else if (answer.redirected && new URL(answer.url).pathname === "/connexion") await caches.delete(PAGES);
    return answer;
  } catch (err) {
    const kept = await cache.match(request);
    if (kept) return kept;
    throw err;
  }
}

async function cacheFirst(request) {
  const cache = await caches.open(ASSETS);
  const kept = await cache.match(request);
  if (kept) return kept;
  const answer = await fetch(request);
  if (answer.ok && answer.type === "basic") await cache.put(request, answer.clone());
  return answer;
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname.startsWith("/assets/")) {
    event.respondWith(cacheFirst(request));
    return;
  }
  if (url.pathname === SCOPE_PATH || url.pathname.startsWith(`${SCOPE_PATH}/`) || url.pathname.startsWith(`${SCOPE_PATH}.data`)) {
    // The emergency sheet is read online only: its opening is logged, and it holds phone numbers.
    if (url.pathname.includes("/urgence")) return;
    event.respondWith(networkFirst(request));
  }
});

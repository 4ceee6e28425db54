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
 *  - From the first visit (issue 56): an attendance page posts `garder` with
 *    its own address and, for the list, those of the sessions it shows (today
 *    and the coming days). The worker fetches each one, its .data answer and
 *    every hashed build file the page names (scripts, styles, and what the
 *    styles name), plus the route list React Router asks for (`/__manifest`)
 *    so that a link followed without network finds its page; then answers
 *    `garde` with how many pages it kept. A page opened before the worker was
 *    there is thus kept without a second visit. One keeping at a time.
 *  - Offline, a .data or /__manifest request is answered with the kept copy
 *    of the same path (whatever its query).
 *  - Hashed build files (/assets/…) the pages use: cache first (they never
 *    change under the same name).
 *  - A new version of this file empties the caches of the older ones.
 *  - Kept copies are the attendance pages of the instructor who opened them
 *    (the roster's names, the marks): nothing else of the member area. They
 *    are dropped as soon as an attendance page answers with the sign-in page,
 *    and by any page of the site seen signed out (app/lib/mat/roster-cache.ts,
 *    decision 0031), which deletes the caches named `appel-<version>-pages` and
 *    posts `oublier`: a keeping under way then stops and keeps nothing more.
 *  - The emergency sheet is never kept (read online only).
 */
const VERSION = "appel-v2";
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

/** Sent to the sign-in page (signed out, or another account's session ended): every copy is dropped. */
function signedOut(answer) {
  return answer.redirected && new URL(answer.url).pathname === "/connexion";
}

function keepable(answer) {
  return answer.status === 200 && !answer.redirected && answer.type === "basic";
}

/** A .data or /__manifest request offline: the kept copy of the same path, whatever its query. */
function anyQuery(url) {
  return url.pathname.endsWith(".data") || url.pathname === "/__manifest";
}

async function networkFirst(request) {
  const cache = await caches.open(PAGES);
  try {
    const answer = await fetch(request);
    if (keepable(answer)) await cache.put(request, answer.clone());
    else if (signedOut(answer)) await caches.delete(PAGES);
    return answer;
  } catch (err) {
    const kept =
      (await cache.match(request)) ??
      (anyQuery(new URL(request.url)) ? await cache.match(request, { ignoreSearch: true }) : undefined);
    if (kept) return kept;
    throw err;
  }
}

/** An attendance page the worker may keep: in its scope, never the emergency sheet. */
function attendancePage(path) {
  if (typeof path !== "string" || !path.startsWith("/")) return false;
  const url = new URL(path, self.location.origin);
  if (url.origin !== self.location.origin || url.pathname.includes("/urgence")) return false;
  return url.pathname === SCOPE_PATH || url.pathname.startsWith(`${SCOPE_PATH}/`);
}

/** The hashed build files a page or a style sheet names. */
function assetsIn(text) {
  return [...new Set(text.match(/\/assets\/[\w.\-/]+\.\w+/g) ?? [])];
}

// Bumped by `oublier`: a keeping under way stops putting anything.
let generation = 0;
let keeping = Promise.resolve();

async function keepAsset(path) {
  const cache = await caches.open(ASSETS);
  if (await cache.match(path)) return;
  const answer = await fetch(path);
  if (keepable(answer)) {
    const copy = answer.clone();
    await cache.put(path, answer);
    if (path.endsWith(".css")) for (const inner of assetsIn(await copy.text())) await keepAsset(inner);
  }
}

/** Fetches and keeps the pages, their .data, their build files and the route list; how many pages were kept. */
async function keep(pages, manifestVersion) {
  const started = generation;
  const cache = await caches.open(PAGES);
  const still = () => generation === started;
  let kept = 0;
  for (const page of pages) {
    const answer = await fetch(page, { credentials: "same-origin" });
    if (signedOut(answer)) {
      await caches.delete(PAGES);
      return 0;
    }
    if (!keepable(answer) || !still()) continue;
    const html = await answer.clone().text();
    await cache.put(page, answer);
    for (const asset of assetsIn(html)) await keepAsset(asset).catch(() => undefined);
    const data = await fetch(`${page}.data`, { credentials: "same-origin" });
    if (keepable(data) && still()) await cache.put(`${page}.data`, data);
    kept++;
  }
  if (kept > 0 && typeof manifestVersion === "string" && still()) {
    const query = new URLSearchParams({ paths: pages.join(","), version: manifestVersion });
    const manifest = await fetch(`/__manifest?${query}`, { credentials: "same-origin" });
    if (keepable(manifest) && still()) await cache.put(`/__manifest?${query}`, manifest);
  }
  return still() ? kept : 0;
}

self.addEventListener("message", (event) => {
  const message = event.data;
  if (message?.type === "oublier") {
    generation++;
    return;
  }
  if (message?.type !== "garder" || !Array.isArray(message.pages)) return;
  const pages = [...new Set(message.pages.filter(attendancePage))].slice(0, 50);
  const task = keeping.then(() => keep(pages, message.manifestVersion)).catch(() => 0); // offline: nothing kept
  keeping = task;
  event.waitUntil(task.then((count) => event.source?.postMessage({ type: "garde", pages: count })));
});

/** The route list online as it is (never kept from here: `keep` keeps the one the attendance pages need). */
async function networkFirstManifest(request) {
  try {
    return await fetch(request);
  } catch (err) {
    const kept = await (await caches.open(PAGES)).match(request, { ignoreSearch: true });
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
  if (url.pathname === "/__manifest") {
    event.respondWith(networkFirstManifest(request));
    return;
  }
  if (url.pathname === SCOPE_PATH || url.pathname.startsWith(`${SCOPE_PATH}/`) || url.pathname.startsWith(`${SCOPE_PATH}.data`)) {
    // The emergency sheet is read online only: its opening is logged, and it holds phone numbers.
    if (url.pathname.includes("/urgence")) return;
    event.respondWith(networkFirst(request));
  }
});

/**
 * The public pages of the route table (app/routes.ts), in menu order, and the
 * paths the layout links to. Zod-free: the layout imports it on every page.
 */

/** Shown in the menu once a teacher is entered. */
export const TEACHERS_PATH = "/la-vie-du-club/enseignants";
/** Shown in the menu once a photo is published. */
export const GALLERY_PATH = "/la-vie-du-club/photos";

/** Pages meant for search engines (the sitemap). */
export const INDEXED_PAGES = [
  "/",
  "/le-vovinam-viet-vo-dao/presentation",
  "/le-vovinam-viet-vo-dao/histoire",
  "/le-vovinam-viet-vo-dao/philosophie",
  "/le-vovinam-viet-vo-dao/grades",
  "/la-vie-du-club/actualites",
  "/la-vie-du-club/calendrier",
  "/la-vie-du-club/bd-humour",
  "/tarifs-horaires",
  "/adresse-acces",
  "/inscription-documents",
  "/equipement",
  "/contact",
  "/cours-d-essai",
  "/faire-un-don",
  "/credits-photo",
  "/mentions-legales",
] as const;

/** Every public page, the account pages included (tests, benchmarks). */
export const PUBLIC_PAGES = [...INDEXED_PAGES, "/connexion", "/inscription", "/mot-de-passe-oublie"] as const;

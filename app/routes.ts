/**
 * Route table: mirrors section 2 of the specification. Every path here is a
 * lazily loaded module (React Router code-splits each route).
 */
import { type RouteConfig, index, layout, prefix, route } from "@react-router/dev/routes";
import { memberAreaRoutes } from "./lib/accounts/member-routes";

export default [
  // Resource routes (no layout).
  route("healthz", "routes/resources/healthz.ts"),
  route("robots.txt", "routes/resources/robots.ts"),
  route("sitemap.xml", "routes/resources/sitemap.ts"),
  route("la-vie-du-club/calendrier.ics", "routes/resources/calendar-feed.ts"),
  route("calendrier/membre/:token.ics", "routes/resources/member-calendar-feed.ts"),
  route("api/auth/*", "routes/resources/auth-api.ts"),
  route("media/*", "routes/resources/media.ts"),
  // Public site: drawn news illustrations and the audience counter.
  route("illustrations/:name", "routes/resources/illustration.ts"),
  route("api/audience", "routes/resources/audience.ts"),
  // HelloAsso's notification URL (registration payments).
  route("api/helloasso/notification", "routes/resources/helloasso-notification.ts"),

  // Main layout: top bar, banner, footer.
  layout("routes/site-layout.tsx", [
    index("routes/home.tsx"),

    ...prefix("le-vovinam-viet-vo-dao", [
      index("routes/art/index.ts"),
      route("presentation", "routes/art/presentation.tsx"),
      route("histoire", "routes/art/history.tsx"),
      route("philosophie", "routes/art/philosophy.tsx"),
      route("grades", "routes/art/grades.tsx"),
    ]),

    ...prefix("la-vie-du-club", [
      route("actualites", "routes/club/news.tsx"),
      route("actualites/:articleId", "routes/club/article.tsx"),
      route("calendrier", "routes/club/calendar.tsx"),
      route("bd-humour", "routes/club/comics.tsx"),
      // Hidden (404, no menu link) while no teacher is entered.
      route("enseignants", "routes/club/teachers.tsx"),
      route("photos", "routes/club/gallery.tsx"),
    ]),

    route("tarifs-horaires", "routes/info/prices.tsx"),
    route("adresse-acces", "routes/info/access.tsx"),
    route("inscription-documents", "routes/info/registration.tsx"),
    route("equipement", "routes/info/equipment.tsx"),
    route("contact", "routes/info/contact.tsx"),
    // A visitor books a trial class.
    route("cours-d-essai", "routes/info/trial-class.tsx"),
    route("credits-photo", "routes/legal/credits.tsx"),
    route("mentions-legales", "routes/legal/legal-notice.tsx"),
    route("faire-un-don", "routes/donate.tsx"),

    route("connexion", "routes/auth/sign-in.tsx"),
    route("inscription", "routes/auth/sign-up.tsx"),
    route("mot-de-passe-oublie", "routes/auth/forgot-password.tsx"),
    route("reinitialiser-mot-de-passe", "routes/auth/reset-password.tsx"),
    route("confirmer-email", "routes/auth/confirm-email.tsx"),
    route("deconnexion", "routes/auth/sign-out.ts"),
    route("compte-supprime", "routes/member/account-deleted.tsx"),
    // First run: creates the first administrator (404 once one exists).
    route("installation", "routes/operations/setup.tsx"),

    // Member area (spec sections 2 and 6): the layout's middleware signs the
    // visitor in and checks the roles of the page's section; its pages, their
    // sections, roles and navigation entries are ONE table:
    // app/lib/accounts/permissions.ts (MEMBER_AREA).
    route("espace-membre", "routes/member/layout.tsx", memberAreaRoutes()),

    route("*", "routes/not-found.tsx"),
  ]),
] satisfies RouteConfig;

import { useEffect, useState } from "react";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useLocation, useMatches } from "react-router";
import type { Route } from "./+types/root";
import "./app.css";
import { env } from "./lib/core/env.server";
import { useNonce } from "./lib/http/nonce";
import { getSetting } from "./lib/club/settings.server";
import { clubDisplayName } from "./lib/club/identity";
import { getSessionUser, publicUser } from "./lib/accounts/session.server";
import { sessionProfileSummary } from "./lib/members/profiles.server";
import { canonicalCaseMiddleware } from "./lib/http/canonical-path";
import { useForgetRostersWhenSignedOut } from "./components/attendance/forget-rosters";
import { ErrorPageMessage } from "./components/layout/error-page-message";
import { useRootData, type RootData } from "./components/layout/root-data";
import { StaticPageProvider, useStaticPage, useStaticPageScript } from "./components/layout/static-page";

/** Any case variant of a path (`/CONTACT`) goes to the canonical one (301). */
export const middleware: Route.MiddlewareFunction[] = [canonicalCaseMiddleware];

export async function loader({ request, context }: Route.LoaderArgs): Promise<RootData> {
  const [identity, user] = await Promise.all([getSetting("identity"), getSessionUser(request, context)]);
  // Session context (spec section 4), server-rendered: no signed-out flash. The page's loader
  // reads the same profiles (home, grades…): one query for both.
  const selectedProfile = user ? await sessionProfileSummary(user) : null;
  return {
    baseUrl: env().BASE_URL,
    // The club's name only: the rest of its identity is written on the server (footer, pages).
    // Until the club enters it, the art's name stands in, never another club's.
    clubName: clubDisplayName(identity),
    user: user ? publicUser(user) : null,
    selectedProfile,
    isAdmin: user?.isAdmin ?? false,
  };
}

export function links(): Route.LinkDescriptors {
  return [
    { rel: "icon", href: "/favicon.ico", sizes: "32x32" },
    { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  ];
}

/** The web app manifest: the site's, or the one a page names in its `handle` (the attendance web app). */
function useManifest(): string {
  const named = useMatches()
    .map((m) => (m.handle as { manifest?: unknown } | undefined)?.manifest)
    .findLast((h): h is string => typeof h === "string");
  return named ?? "/site.webmanifest";
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const manifest = useManifest();
  // A page declared static, for a visitor: no React scripts, its own inline script.
  // Decided once for the document: a page that hydrated stays a React page.
  const declared = useStaticPage(Boolean(useRootData()?.user));
  const [staticPage] = useState(declared);
  const staticScript = useStaticPageScript();
  const { pathname } = useLocation();
  return (
    <html lang="fr">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#17449b" />
        <Meta />
        <link rel="manifest" href={manifest} />
        <Links />
      </head>
      <body className="min-h-screen bg-white text-slate-900 antialiased">
        <StaticPageProvider value={staticPage}>{children}</StaticPageProvider>
        {staticPage ? (
          <script nonce={nonce} dangerouslySetInnerHTML={{ __html: staticScript?.(pathname) ?? "" }} />
        ) : (
          <>
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        )}
      </body>
    </html>
  );
}

export default function App() {
  // Signed out: the attendance pages kept on this device (children's names) are forgotten.
  useForgetRostersWhenSignedOut(Boolean(useRootData()?.user));
  useEffect(() => {
    // Lets browser tests (and curious developers) know the page is interactive.
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return <Outlet />;
}

/**
 * Last-resort error page (the root's own data failed, e.g. the database is out of reach): the
 * layouts' French message (error-message.tsx), never a stack trace; its code loads only here.
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <main id="contenu">
      <ErrorPageMessage error={error} />
    </main>
  );
}

/**
 * Account area of the top bar (owned by the accounts module). The user comes
 * from the root loader (server-rendered: no signed-out flash).
 *  - signed out: a 'Connexion' link (desktop and mobile);
 *  - signed in, desktop: first name, first role ('_' -> space, 'Membre' when
 *    none), a link to the member space and a logout button;
 *  - signed in, mobile: full name, all roles, 'Mon Espace' and 'Déconnexion'.
 * Logout is a plain POST form to /deconnexion (works without JavaScript;
 * with it, marks of attendance still on the phone leave first: sign-out-form.tsx).
 * Desktop widths (issue 13): the first name and role never shrink or wrap;
 * the logout button shows its icon (its name stays "Déconnexion"), and the
 * member-space link its icon only between 1024 and 1279 px.
 * Links and icons: the layout's plain links (the header's click handler
 * navigates on the client) and its sprite (components/ui/icon.tsx).
 * A signed-in user's area is in account-signed-in.tsx, loaded with React's
 * `lazy` only when someone is signed in: a visitor's pages never load it. The
 * server writes it in the page (entry.server.tsx sends a page once all of it is
 * ready); the browser keeps that markup until the file is there, then brings it
 * to life.
 */
import { lazy, Suspense } from "react";
import { useLocation } from "react-router";
import { SiteLink } from "~/components/layout/site-link";
import { Icon } from "~/components/ui/icon";
import { useRootData } from "~/components/layout/root-data";

const SignedInDesktop = lazy(() => import("./account-signed-in").then((m) => ({ default: m.SignedInDesktop })));
const SignedInMobile = lazy(() => import("./account-signed-in").then((m) => ({ default: m.SignedInMobile })));

function useSessionUser() {
  return useRootData()?.user ?? null;
}

/** The sign-in link remembers the page the visitor is on (except the auth pages themselves). */
function useSignInHref(): string {
  const location = useLocation();
  const here = location.pathname + location.search;
  const skip = [
    "/",
    "/connexion",
    "/inscription",
    "/mot-de-passe-oublie",
    "/reinitialiser-mot-de-passe",
    "/deconnexion",
  ];
  return skip.includes(location.pathname) ? "/connexion" : `/connexion?redirectTo=${encodeURIComponent(here)}`;
}

export function DesktopAccount() {
  const user = useSessionUser();
  const signInHref = useSignInHref();
  if (!user) {
    return (
      <SiteLink
        to={signInHref}
        data-testid="desktop-sign-in"
        className="inline-flex items-center gap-2 rounded-md px-3 py-2 font-semibold whitespace-nowrap text-club-800 hover:bg-club-50"
      >
        <Icon name="user-round" className="size-5" />
        Connexion
      </SiteLink>
    );
  }
  return (
    <Suspense fallback={null}>
      <SignedInDesktop user={user} />
    </Suspense>
  );
}

export function MobileAccount() {
  const user = useSessionUser();
  const signInHref = useSignInHref();
  if (!user) {
    return (
      <SiteLink
        to={signInHref}
        data-testid="mobile-sign-in"
        className="block rounded-md px-3 py-2 font-semibold text-club-800 hover:bg-club-50"
      >
        Connexion
      </SiteLink>
    );
  }
  return (
    <Suspense fallback={null}>
      <SignedInMobile user={user} />
    </Suspense>
  );
}

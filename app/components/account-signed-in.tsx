/**
 * The account area of a signed-in user (account-menu.tsx), in its own file: a visitor's pages
 * never load it. Desktop: first name, first role ('_' -> space, 'Membre' when
 * none), the member space and the logout button; mobile: full name, all roles, 'Mon Espace' and
 * 'Déconnexion'. Logout is a plain POST form to /deconnexion (sign-out-form.tsx).
 * Desktop widths: the first name and role never shrink or wrap; the logout button
 * shows its icon (its name stays "Déconnexion"), and the member-space link its icon only between
 * 1024 and 1279 px. Links and icons: the layout's plain links and its sprite.
 */
import { SiteLink } from "~/components/layout/site-link";
import { Icon } from "~/components/ui/icon";
import { SignOutForm } from "~/components/sign-out-form";
import { displayRole } from "~/lib/accounts/roles";
import { href } from "react-router";

/** What the area shows of the session's user (the root loader's `user`). */
interface AccountUser {
  prenom: string;
  nom: string;
  roles: readonly string[];
}

export function SignedInDesktop({ user }: { user: AccountUser }) {
  return (
    <div data-testid="desktop-account" className="flex shrink-0 items-center gap-2">
      <div className="text-right leading-tight whitespace-nowrap">
        <p className="font-semibold text-slate-900" data-testid="account-first-name">
          {user.prenom}
        </p>
        <p className="text-sm text-slate-600" data-testid="account-role">
          {displayRole(user.roles)}
        </p>
      </div>
      <SiteLink
        to={href("/espace-membre")}
        title="Espace membre"
        className="inline-flex items-center gap-1 rounded-md bg-club-700 px-2.5 py-2 text-sm font-semibold whitespace-nowrap text-white hover:bg-club-800 xl:px-3"
      >
        <Icon name="layout-dashboard" className="size-4 xl:hidden" />
        <span className="sr-only xl:not-sr-only xl:whitespace-nowrap">Espace membre</span>
      </SiteLink>
      <SignOutForm>
        <button
          type="submit"
          title="Déconnexion"
          className="inline-flex items-center rounded-md p-2 text-sm font-semibold text-club-800 hover:bg-club-50"
        >
          <Icon name="log-out" className="size-5" />
          <span className="sr-only">Déconnexion</span>
        </button>
      </SignOutForm>
    </div>
  );
}

export function SignedInMobile({ user }: { user: AccountUser }) {
  const fullName = `${user.prenom} ${user.nom}`.trim();
  return (
    <div data-testid="mobile-account">
      <p className="px-3 font-semibold text-slate-900" data-testid="account-full-name">
        {fullName}
      </p>
      <p className="px-3 text-sm text-slate-600" data-testid="account-roles">
        {user.roles.length ? user.roles.map((r) => r.replace(/_/g, " ")).join(", ") : "Membre"}
      </p>
      <ul className="mt-3 space-y-1">
        <li>
          <SiteLink
            to={href("/espace-membre")}
            className="block rounded-md px-3 py-2 font-semibold text-club-800 hover:bg-club-50"
          >
            Mon Espace
          </SiteLink>
        </li>
        <li>
          <SignOutForm>
            <button
              type="submit"
              className="block w-full rounded-md px-3 py-2 text-left font-semibold text-club-800 hover:bg-club-50"
            >
              Déconnexion
            </button>
          </SignOutForm>
        </li>
      </ul>
    </div>
  );
}

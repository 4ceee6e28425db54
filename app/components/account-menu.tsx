/**
 * Account area of the top bar (owned by the accounts module): sign-in link
 * when signed out; name, role, member-space link and logout when signed in.
 */
import { Link } from "react-router";

export function DesktopAccount() {
  return (
    <Link to="/connexion" className="rounded-md px-3 py-2 font-semibold text-club-800 hover:bg-club-50">
      Connexion
    </Link>
  );
}

export function MobileAccount() {
  return (
    <Link to="/connexion" className="block rounded-md px-3 py-2 font-semibold text-club-800 hover:bg-club-50">
      Connexion
    </Link>
  );
}

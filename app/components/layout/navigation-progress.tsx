/**
 * Pending-navigation indicator: a thin belt-coloured bar at the very top
 * while a navigation (lazy route module, loader, form) is under way, and an
 * announced status. Going into the member area it says « Vérification de
 * l'accès... » (the guard of the specification) next to a spinner.
 */
import { href, useNavigation } from "react-router";
import { matchesPrefix } from "~/lib/club/navigation";
import { Icon } from "~/components/ui/icon";

export const ACCESS_CHECK_TEXT = "Vérification de l'accès...";

export function NavigationProgress() {
  const navigation = useNavigation();
  const pending = navigation.state !== "idle";
  const toMemberArea =
    pending && !!navigation.location && matchesPrefix(navigation.location.pathname, href("/espace-membre"));
  return (
    <>
      {pending && (
        <div
          role="progressbar"
          aria-label="Chargement de la page"
          data-testid="navigation-progress"
          className="fixed inset-x-0 top-0 z-[60] h-1 overflow-hidden transition-opacity delay-150 duration-300 starting:opacity-0"
        >
          <div className="h-full w-full animate-pulse bg-linear-to-r from-club-500 via-belt-yellow to-belt-red" />
        </div>
      )}
      <div
        role="status"
        data-testid="navigation-status"
        className={
          toMemberArea
            ? "fixed left-1/2 top-20 z-[60] flex -translate-x-1/2 items-center gap-2 rounded-full bg-white px-4 py-2 font-medium text-club-900 shadow-lg ring-1 ring-slate-200"
            : "sr-only"
        }
      >
        {toMemberArea ? (
          <>
            <Icon name="loader-circle" className="size-5 animate-spin text-club-700" />
            {ACCESS_CHECK_TEXT}
          </>
        ) : pending ? (
          "Chargement…"
        ) : null}
      </div>
    </>
  );
}

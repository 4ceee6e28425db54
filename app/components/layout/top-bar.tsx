/**
 * Fixed top bar (72 px): belt-coloured gradient strip, logo and club name
 * linking home, the desktop menu, the account area, and the mobile menu.
 * Its links are the layout's plain links (site-link.tsx).
 */
import { SiteLink } from "~/components/layout/site-link";
import { DesktopAccount } from "~/components/account-menu";
import { DesktopMenu, type MenuBlocks } from "./desktop-menu";
import { MobileMenu } from "./mobile-menu";

/** `menus`: the menus' blocks written on the server (the site layout's loader). */
export function TopBar({ clubName, menus }: { clubName: string; menus: MenuBlocks }) {
  return (
    <div className="relative z-20 h-[72px] bg-white shadow-md" data-testid="top-bar">
      <div aria-hidden="true" className="h-1 bg-linear-to-r from-club-600 via-belt-yellow to-belt-red" />
      <div className="mx-auto flex h-[68px] max-w-7xl items-center gap-3 px-4 sm:px-6">
        <SiteLink
          to="/"
          aria-label={`${clubName}, accueil`}
          className="mr-auto flex min-w-0 items-center gap-3 rounded-md"
        >
          <img src="/logo.svg" alt="" width={48} height={48} className="size-12 shrink-0" />
          {/* 1024–1279 px: the logo alone (the link's name says the club), so the menu fits on one line. */}
          <span className="max-w-[11rem] text-base leading-tight font-bold text-club-900 sm:max-w-none lg:hidden xl:inline xl:max-w-[12rem]">
            {clubName}
          </span>
        </SiteLink>
        <DesktopMenu blocks={menus} />
        <div className="hidden lg:block">
          <DesktopAccount />
        </div>
        <MobileMenu blocks={menus} />
      </div>
    </div>
  );
}

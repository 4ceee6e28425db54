/**
 * Main layout of the site: skip link, fixed header (top bar + section
 * banner), content, footer; navigation progress and scroll handling.
 * Content top padding: 0 on home, 72 px when scrolled, 264 px otherwise
 * (the server renders the not-scrolled state, so there is no flash).
 * An error below (403/404/500) renders inside the same frame: top bar and
 * footer stay, with a French message (components/layout/error-message.tsx).
 * The header's and footer's links are plain links, each block with one click
 * handler navigating on the client (components/layout/site-link.tsx).
 * The footer and the menus' links are written on the server and never hydrated: this loader
 * sends their markup (components/layout/footer.server.tsx, menus.server.tsx), once per page load.
 */
import { Outlet, useLocation, useRouteLoaderData, type ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/site-layout";
import { AudienceBeacon } from "~/components/audience-beacon";
import { ErrorPageMessage } from "~/components/layout/error-page-message";
import { Banner } from "~/components/layout/banner";
import { footerMarkup } from "~/components/layout/footer.server";
import { menuMarkup } from "~/components/layout/menus.server";
import { NavigationProgress } from "~/components/layout/navigation-progress";
import { ScrollManager } from "~/components/layout/scroll-manager";
import { ServerHtml } from "~/components/server-html";
import { FOOTER_BLOCK } from "~/lib/http/safe-html";
import { serverHtml } from "~/lib/http/server-html.server";
import { TopBar } from "~/components/layout/top-bar";
import { useSiteLinks } from "~/components/layout/site-link";
import { useScrolled } from "~/components/layout/use-scrolled";
import { contentPaddingTop, isHomePath } from "~/lib/club/navigation";
import { useRootData } from "~/components/layout/root-data";
import { getSetting } from "~/lib/club/settings.server";
import { hasTeachers } from "~/lib/club/teachers.server";
import { parisDate } from "~/lib/core/time";
import { bannerOverrides as readBannerOverrides, galleryHasPhotos } from "~/lib/content/public-reads.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  const [bannerOverrides, showTeachers, showGallery, identity] = await Promise.all([
    readBannerOverrides(),
    hasTeachers(),
    galleryHasPhotos(),
    getSetting("identity"),
  ]);
  const year = Number(parisDate().slice(0, 4));
  const menus = menuMarkup({ showTeachers, showGallery, pathname: new URL(request.url).pathname });
  return {
    bannerOverrides,
    showTeachers,
    showGallery,
    footerHtml: serverHtml(context, footerMarkup({ identity, year, showTeachers, showGallery }), FOOTER_BLOCK),
    menuHtml: Object.fromEntries(menus.blocks.map(({ block, html }) => [block, serverHtml(context, html, block)])),
  };
}

/** Banner images and the footer change only through the admins' forms: skip the reload on plain navigations. */
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod ? defaultShouldRevalidate : false;
}

export default function SiteLayout() {
  return (
    <SiteFrame>
      <Outlet />
      <AudienceBeacon />
    </SiteFrame>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <SiteFrame>
      <ErrorPageMessage error={error} />
    </SiteFrame>
  );
}

function SiteFrame({ children }: { children: React.ReactNode }) {
  const data = useRootData();
  // Absent when this layout's own loader failed: the default banners then.
  const layoutData = useRouteLoaderData<typeof loader>("routes/site-layout");
  const bannerOverrides = layoutData?.bannerOverrides;
  const clubName = data?.clubName ?? "Vovinam Viet Vo Dao";
  const { pathname } = useLocation();
  const scrolled = useScrolled();
  const home = isHomePath(pathname);
  const onLinkClick = useSiteLinks();

  return (
    <div
      data-testid="site-layout"
      data-scrolled={scrolled}
      data-home={home}
      className="flex min-h-screen flex-col [overflow-anchor:none]"
    >
      <a
        href="#contenu"
        className="sr-only left-4 top-4 z-[70] rounded-md bg-white px-4 py-2 font-semibold text-club-900 shadow-lg focus:not-sr-only focus:fixed"
      >
        Aller au contenu
      </a>
      <NavigationProgress />
      <ScrollManager />
      <header className="fixed inset-x-0 top-0 z-50" onClick={onLinkClick}>
        <TopBar clubName={clubName} menus={layoutData?.menuHtml} />
        {!home && <Banner pathname={pathname} clubName={clubName} collapsed={scrolled} overrides={bannerOverrides} />}
      </header>
      <main
        id="contenu"
        tabIndex={-1}
        className="min-h-screen flex-1 transition-[padding-top] duration-500 ease-in-out focus:outline-none"
        style={{ paddingTop: contentPaddingTop(pathname, scrolled) }}
      >
        {children}
      </main>
      {layoutData && <ServerHtml html={layoutData.footerHtml} block={FOOTER_BLOCK} />}
    </div>
  );
}

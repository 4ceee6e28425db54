/**
 * Section banner under the top bar (every page except home): a decorative
 * picture with the current section's name, 192 px high; it collapses to 0
 * when the page is scrolled past 50 px, with a 500 ms transition.
 */
import { BANNER_HEIGHT_PX, bannerImageForPath, sectionForPath } from "~/lib/club/navigation";

export function Banner({
  pathname,
  clubName,
  collapsed,
  overrides,
}: {
  pathname: string;
  clubName: string;
  collapsed: boolean;
  /** Images uploaded by the admins, by section prefix. */
  overrides?: Record<string, string>;
}) {
  const section = sectionForPath(pathname, clubName);
  return (
    <div
      data-testid="banner"
      data-collapsed={collapsed}
      className="relative overflow-hidden bg-club-900 transition-[height] duration-500 ease-in-out"
      style={{ height: collapsed ? 0 : BANNER_HEIGHT_PX }}
    >
      <img
        src={bannerImageForPath(pathname, overrides)}
        alt=""
        width={1600}
        height={BANNER_HEIGHT_PX}
        className="absolute inset-x-0 top-0 h-[192px] w-full object-cover"
      />
      <div
        aria-hidden="true"
        className="absolute inset-x-0 top-0 h-[192px] bg-linear-to-r from-club-900/85 via-club-900/55 to-club-900/10"
      />
      <div className="relative mx-auto flex h-[192px] max-w-7xl items-center px-4 sm:px-6">
        <p
          data-testid="banner-title"
          className="text-3xl font-bold tracking-tight text-white drop-shadow-md sm:text-4xl"
        >
          {section}
        </p>
      </div>
    </div>
  );
}

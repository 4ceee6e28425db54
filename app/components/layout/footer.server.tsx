/**
 * Site footer: club name and sports complex address, navigation to every
 * public section (so every page is reachable without JavaScript), donation
 * and social-media links, copyright line, photo credits and legal notice.
 *
 * Rules:
 *  - Written once on the server, never hydrated: the site
 *    layout's loader sends `footerMarkup(…)` and the layout writes it with
 *    `ServerHtml`, whose one click handler gives the `SiteLink`s to React
 *    Router. Nothing in the footer reacts to the visitor, so its code never
 *    reaches the browser.
 *  - The markup depends only on what it shows (the club's identity, the year,
 *    the teachers' and photos' links): it is rendered once per such content and
 *    kept, so a change of identity gives new markup at once and nothing is
 *    ever stale (`htmlMemo`: a named cache, cleared by any write).
 * Icons: ui/icon.tsx (one sprite).
 */
import type { Settings } from "~/lib/club/settings-schemas";
import { SiteLink } from "~/components/layout/site-link";
import { Icon } from "~/components/ui/icon";
import { HOME_LINK } from "~/lib/club/navigation";
import { footerGroupsWith } from "~/components/layout/nav-groups.server";
import { htmlMemo } from "~/lib/http/server-html.server";
import type { SafeHtml } from "~/lib/http/safe-html";
import { clubDisplayName, venueLines } from "~/lib/club/identity";
import { href } from "react-router";

type FooterIdentity = Pick<
  Settings["identity"],
  "clubName" | "associationName" | "sportsComplex" | "street" | "postalCode" | "city" | "facebookUrl"
>;

export interface FooterInput {
  identity: FooterIdentity;
  /** The year of the copyright line (Paris time). */
  year: number;
  showTeachers: boolean;
  showGallery: boolean;
}

/** The footer's markup per content: rendered at its first use, kept until a write. */
const footerHtml = htmlMemo("footer", 16, (input: FooterInput) => <Footer {...input} />);

/** The footer's markup for this content. */
export function footerMarkup({ identity, year, showTeachers, showGallery }: FooterInput): SafeHtml {
  const { clubName, associationName, sportsComplex, street, postalCode, city, facebookUrl } = identity;
  return footerHtml({
    identity: { clubName, associationName, sportsComplex, street, postalCode, city, facebookUrl },
    year,
    showTeachers,
    showGallery,
  });
}

const footerLink = "rounded text-club-100 underline-offset-4 hover:text-white hover:underline";

function Footer({ identity, year, showTeachers, showGallery }: FooterInput) {
  const footerGroups = footerGroupsWith({ showTeachers, showGallery });
  // Only what the club entered: an empty address line is left out.
  const clubName = clubDisplayName({ clubName: identity.clubName, shortName: "" });
  const venue = venueLines(identity);
  return (
    <footer className="bg-club-900 text-club-50" data-testid="site-footer">
      <div aria-hidden="true" className="h-1 bg-linear-to-r from-club-500 via-belt-yellow to-belt-red" />
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 lg:grid-cols-[1fr_2.4fr]">
        <div>
          <p className="flex items-center gap-3 text-lg font-bold text-white">
            {/* Lazy: below the fold, and React would otherwise write a preload link into the markup. */}
            <img
              src="/logo.svg"
              alt=""
              width={40}
              height={40}
              loading="lazy"
              className="size-10 rounded-full bg-white"
            />
            {clubName}
          </p>
          {venue.length > 0 ? (
            <address className="mt-4 flex gap-2 not-italic text-club-100">
              <Icon name="map-pin" className="mt-0.5 size-5 shrink-0" />
              <span>
                {venue.map((line) => (
                  <span key={line} className="block">
                    {line}
                  </span>
                ))}
              </span>
            </address>
          ) : null}
          <div className="mt-6 flex flex-wrap items-center gap-4">
            <SiteLink
              to="/faire-un-don"
              className="inline-flex items-center gap-2 rounded-md bg-belt-yellow px-4 py-2 font-semibold text-club-900 hover:bg-white"
            >
              <Icon name="hand-heart" className="size-5" />
              Faire un don
            </SiteLink>
            {identity.facebookUrl && (
              <a
                href={identity.facebookUrl}
                target="_blank"
                rel="noopener noreferrer"
                aria-label={`Facebook : la page du club ${clubName} (nouvel onglet)`}
                className={`inline-flex items-center gap-2 font-semibold ${footerLink}`}
              >
                Facebook
                <Icon name="external-link" className="size-4" />
              </a>
            )}
          </div>
        </div>
        <nav aria-label="Plan du site" className="grid grid-cols-2 gap-8 sm:grid-cols-4">
          <div>
            <h2 className="text-sm font-bold uppercase tracking-wide text-white">Le site</h2>
            <ul className="mt-3 space-y-2">
              <li>
                <SiteLink to={HOME_LINK.to} className={footerLink}>
                  {HOME_LINK.title}
                </SiteLink>
              </li>
              <li>
                <SiteLink to={href("/espace-membre")} className={footerLink}>
                  Espace membre
                </SiteLink>
              </li>
            </ul>
          </div>
          {footerGroups.map((group) => (
            <div key={group.title}>
              <h2 className="text-sm font-bold uppercase tracking-wide text-white">{group.title}</h2>
              <ul className="mt-3 space-y-2">
                {group.links.map((link) => (
                  <li key={link.to}>
                    <SiteLink to={link.to} className={footerLink}>
                      {link.title}
                    </SiteLink>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </nav>
      </div>
      <div className="border-t border-white/15">
        <div className="mx-auto flex max-w-7xl flex-col gap-3 px-4 py-5 text-sm text-club-100 sm:flex-row sm:items-center sm:justify-between sm:px-6">
          <p data-testid="copyright">
            © {year} {identity.associationName.trim() || clubName}
          </p>
          <ul className="flex flex-wrap gap-x-6 gap-y-2">
            <li>
              <SiteLink to="/credits-photo" className={footerLink}>
                Crédits photo
              </SiteLink>
            </li>
            <li>
              <SiteLink to="/mentions-legales" className={footerLink}>
                Mentions légales
              </SiteLink>
            </li>
          </ul>
        </div>
      </div>
    </footer>
  );
}

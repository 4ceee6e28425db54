/**
 * The site footer, written on the server and never hydrated: what
 * the layout's loader sends is what every visitor reads at the bottom of every page, and a
 * change made by the managers shows in it at once.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { setSetting } from "~/lib/club/settings.server";
import { TEST_CLUB } from "../../../tests/helpers/test-club";
import { footerMarkup } from "~/components/layout/footer.server";
import { loader } from "~/routes/site-layout";
import { loaderArgs } from "../../../tests/helpers/request-context";

const NB = "\u00a0";

async function footer(): Promise<string> {
  const html = (await loader(loaderArgs())).footerHtml;
  if (html === null) throw new Error("a client navigation receives the footer's markup");
  return html;
}

afterEach(() => vi.useRealTimers());

describe("the site footer", () => {
  it("shows the club's address, a site map of every public section and the copyright line", async () => {
    const html = await footer();
    const { identity } = TEST_CLUB;
    expect(html).toMatch(/^<footer [^>]*data-testid="site-footer"/);
    expect(html).toContain(`<address`);
    expect(html).toContain(identity.sportsComplex);
    expect(html).toContain(`${identity.postalCode} ${identity.city}`);
    const hrefs = [...html.matchAll(/href="([^"]+)"/g)].map((m) => m[1]);
    for (const path of [
      "/",
      "/espace-membre",
      "/le-vovinam-viet-vo-dao/presentation",
      "/la-vie-du-club/calendrier",
      "/tarifs-horaires",
      "/contact",
      "/faire-un-don",
      "/credits-photo",
      "/mentions-legales",
    ])
      expect(hrefs).toContain(path);
    // Every internal link is a SiteLink: the layout's one click handler navigates in the browser.
    expect(html).not.toMatch(/<a (?![^>]*data-discover)[^>]*href="\//);
    // No social link the club has not filled in (the default has none).
    expect(html).not.toContain("Facebook");
    expect(html).not.toMatch(/ on[a-z]+=/);
  });

  it("dates the copyright line in Paris time: the new year from midnight in Paris", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-12-31T22:30:00Z"));
    expect(await footer()).toContain(`© 2026 ${TEST_CLUB.identity.associationName}`);
    vi.setSystemTime(new Date("2026-12-31T23:30:00Z"));
    expect(await footer()).toContain(`© 2027 ${TEST_CLUB.identity.associationName}`);
  });

  it("shows a change of the club's identity at once, with the French typography", async () => {
    await footer();
    await setSetting("identity", {
      ...TEST_CLUB.identity,
      clubName: "Vovinam Club Renommé",
      sportsComplex: "Gymnase Nouveau",
      facebookUrl: "https://www.facebook.com/club-renomme",
    });
    const html = await footer();
    expect(html).toContain("Vovinam Club Renommé");
    expect(html).toContain("Gymnase Nouveau");
    expect(html).not.toContain(TEST_CLUB.identity.sportsComplex);
    expect(html).toContain('href="https://www.facebook.com/club-renomme"');
    expect(html).toContain(`aria-label="Facebook${NB}: la page du club Vovinam Club Renommé (nouvel onglet)"`);
    expect(html).toContain('rel="noopener noreferrer"');
  });

  it("links the teachers' and photos' pages only when the club shows them", () => {
    const input = { identity: TEST_CLUB.identity, year: 2026, showTeachers: false, showGallery: false };
    const without = footerMarkup(input);
    expect(without).not.toContain('href="/la-vie-du-club/enseignants"');
    expect(without).not.toContain('href="/la-vie-du-club/photos"');
    const withBoth = footerMarkup({ ...input, showTeachers: true, showGallery: true });
    expect(withBoth).toContain(">Les enseignants</a>");
    expect(withBoth).toContain(">Photos</a>");
    // The same content gives the same markup.
    expect(footerMarkup(input)).toBe(without);
  });
});

import { describe, expect, it } from "vitest";
import {
  BANNER_COLLAPSE_THRESHOLD_PX,
  BANNER_HEIGHT_PX,
  BANNER_TRANSITION_MS,
  DEFAULT_BANNER,
  DROPDOWN_CLOSE_DELAY_MS,
  anchorScrollTop,
  bannerImageForPath,
  contentPaddingTop,
  footerGroups,
  isCurrentLink,
  isHomePath,
  isScrolled,
  matchesPrefix,
  navGroups,
  normalizePath,
  sectionForPath,
} from "./navigation";

const CLUB = "Vovinam Viet Vo Dao Créteil";

describe("constants of the specification", () => {
  it("match section 9", () => {
    expect(DROPDOWN_CLOSE_DELAY_MS).toBe(200);
    expect(BANNER_COLLAPSE_THRESHOLD_PX).toBe(50);
    expect(BANNER_HEIGHT_PX).toBe(192);
    expect(BANNER_TRANSITION_MS).toBe(500);
  });
});

describe("menu structure", () => {
  it("has the three dropdowns with their entries in order", () => {
    expect(navGroups.map((g) => g.label)).toEqual(["Le Vovinam Viet Vo Dao", "La vie du club", "Infos pratiques"]);
    expect(navGroups.map((g) => g.items.map((i) => `${i.title} ${i.to}`))).toEqual([
      [
        "Présentation /le-vovinam-viet-vo-dao/presentation",
        "Histoire /le-vovinam-viet-vo-dao/histoire",
        "Philosophie /le-vovinam-viet-vo-dao/philosophie",
        "Les Grades /le-vovinam-viet-vo-dao/grades",
      ],
      [
        "Calendrier /la-vie-du-club/calendrier",
        "Actualités /la-vie-du-club/actualites",
        "BD humour /la-vie-du-club/bd-humour",
      ],
      [
        "Tarifs & Horaires /tarifs-horaires",
        "Adresse & Accès /adresse-acces",
        "Inscription /inscription-documents",
        "Équipement /equipement",
        "Contact /contact",
      ],
    ]);
  });

  it("gives every card an icon and a short description", () => {
    for (const item of navGroups.flatMap((g) => g.items)) {
      expect(item.icon).toBeTruthy();
      expect(item.description.length).toBeGreaterThan(10);
      expect(item.description.length).toBeLessThan(80);
    }
  });

  it("lists every menu entry in the footer", () => {
    expect(footerGroups.flatMap((g) => g.links.map((l) => l.to))).toEqual(
      navGroups.flatMap((g) => g.items.map((i) => i.to)),
    );
  });
});

describe("path helpers", () => {
  it("normalizes paths", () => {
    expect(normalizePath("")).toBe("/");
    expect(normalizePath("/")).toBe("/");
    expect(normalizePath("/contact/")).toBe("/contact");
    expect(normalizePath("/contact?x=1#y")).toBe("/contact");
  });

  it("matches prefixes on whole segments", () => {
    expect(matchesPrefix("/inscription", "/inscription")).toBe(true);
    expect(matchesPrefix("/inscription-documents", "/inscription")).toBe(false);
    expect(matchesPrefix("/la-vie-du-club/actualites/12", "/la-vie-du-club/actualites")).toBe(true);
    expect(matchesPrefix("/la-vie-du-club/actualites-2", "/la-vie-du-club/actualites")).toBe(false);
    expect(matchesPrefix("/anything", "/")).toBe(true);
  });

  it("recognizes home", () => {
    expect(isHomePath("/")).toBe(true);
    expect(isHomePath("")).toBe(true);
    expect(isHomePath("/contact")).toBe(false);
  });
});

describe("sectionForPath (longest matching prefix)", () => {
  it.each([
    ["/le-vovinam-viet-vo-dao", "Le Vovinam Viet Vo Dao"],
    ["/le-vovinam-viet-vo-dao/histoire", "Histoire"],
    ["/le-vovinam-viet-vo-dao/grades", "Les Grades"],
    ["/le-vovinam-viet-vo-dao/inconnu", "Le Vovinam Viet Vo Dao"],
    ["/la-vie-du-club", "La vie du club"],
    ["/la-vie-du-club/actualites", "Actualités"],
    ["/la-vie-du-club/actualites/42", "Actualités"],
    ["/la-vie-du-club/actualites/", "Actualités"],
    ["/la-vie-du-club/calendrier", "Calendrier"],
    ["/la-vie-du-club/bd-humour", "BD humour"],
    ["/tarifs-horaires", "Tarifs & Horaires"],
    ["/adresse-acces", "Adresse & Accès"],
    ["/inscription-documents", "Inscription"],
    ["/inscription", "Créer un compte"],
    ["/equipement", "Équipement"],
    ["/contact", "Contact"],
    ["/faire-un-don", "Faire un don"],
    ["/credits-photo", "Crédits photo"],
    ["/mentions-legales", "Mentions légales"],
    ["/connexion", "Connexion"],
    ["/mot-de-passe-oublie", "Mot de passe oublié"],
    ["/espace-membre", "Espace membre"],
    ["/espace-membre/utilisateurs/modifier/3", "Espace membre"],
  ])("%s -> %s", (path, name) => {
    expect(sectionForPath(path, CLUB)).toBe(name);
  });

  it("defaults to the club name", () => {
    expect(sectionForPath("/page-inconnue", CLUB)).toBe(CLUB);
    expect(sectionForPath("/contacts", CLUB)).toBe(CLUB);
    expect(sectionForPath("/", CLUB)).toBe(CLUB);
    expect(sectionForPath("/page-inconnue")).toBe("Vovinam Viet Vo Dao");
  });
});

describe("banner images", () => {
  it("choose a picture per section, by longest prefix", () => {
    expect(bannerImageForPath("/le-vovinam-viet-vo-dao/histoire")).toBe("/banners/bambou.svg");
    expect(bannerImageForPath("/le-vovinam-viet-vo-dao/grades")).toBe("/banners/ceintures.svg");
    expect(bannerImageForPath("/la-vie-du-club/actualites/3")).toBe("/banners/vagues.svg");
    expect(bannerImageForPath("/espace-membre/profil")).toBe("/banners/salut.svg");
    expect(bannerImageForPath("/inconnu")).toBe(DEFAULT_BANNER);
  });
});

describe("scroll-dependent layout", () => {
  it("collapses strictly past 50 px", () => {
    expect(isScrolled(0)).toBe(false);
    expect(isScrolled(50)).toBe(false);
    expect(isScrolled(51)).toBe(true);
  });

  it("pads the content: 0 on home, 72 when scrolled, 264 otherwise", () => {
    expect(contentPaddingTop("/", false)).toBe(0);
    expect(contentPaddingTop("/", true)).toBe(0);
    expect(contentPaddingTop("/contact", true)).toBe(72);
    expect(contentPaddingTop("/contact", false)).toBe(264);
  });

  it("puts an anchor just under the bar, whatever the banner state", () => {
    // 1000 px into the content: expanded it sits at 1264, collapsed at 1072;
    // scrolling to 984 leaves it 88 px (bar + margin) below the top of the window.
    expect(anchorScrollTop(1000, { home: false })).toBe(984);
    expect(1000 + 72 - 984).toBe(88);
    // Near the top the banner stays: the element is shown below it.
    expect(anchorScrollTop(10, { home: false })).toBe(0);
    expect(anchorScrollTop(1000, { home: true })).toBe(912);
    expect(anchorScrollTop(1000, { home: false, margin: 0 })).toBe(1000);
  });
});

describe("current entries", () => {
  it("finds the current link", () => {
    expect(isCurrentLink("/", "/")).toBe(true);
    expect(isCurrentLink("/contact", "/")).toBe(false);
    expect(isCurrentLink("/la-vie-du-club/actualites/5", "/la-vie-du-club/actualites")).toBe(true);
  });
});

describe("banner images uploaded by the admins", () => {
  it("replace a section's image, and '/' replaces the default", async () => {
    const { bannerImageForPath, DEFAULT_BANNER, sectionBanners } = await import("./navigation");
    const overrides = { "/la-vie-du-club": "/media/abc/1600.webp", "/": "/media/def/1600.webp" };
    expect(bannerImageForPath("/la-vie-du-club/actualites", overrides)).toBe("/media/abc/1600.webp");
    expect(bannerImageForPath("/tarifs-horaires", overrides)).toBe(sectionBanners["/tarifs-horaires"]);
    expect(bannerImageForPath("/credits-photo", overrides)).toBe("/media/def/1600.webp");
    expect(bannerImageForPath("/credits-photo")).toBe(DEFAULT_BANNER);
  });
});

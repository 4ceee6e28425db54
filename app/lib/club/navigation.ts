/**
 * Site navigation: the menu structure (desktop dropdowns, mobile groups,
 * footer), the banner section names and images by path prefix, and the
 * layout constants of the specification (section 9).
 */
import type { IconName } from "~/components/ui/icon-names";
import { href } from "react-router";

/** Dropdown close delay after the pointer leaves (ms). */
export const DROPDOWN_CLOSE_DELAY_MS = 200;
/** The banner collapses when the page is scrolled more than this (px). */
export const BANNER_COLLAPSE_THRESHOLD_PX = 50;
/** Banner height when shown (px). */
export const BANNER_HEIGHT_PX = 192;
/** Banner collapse/expand transition (ms). */
export const BANNER_TRANSITION_MS = 500;
/** Height of the fixed top bar, gradient strip included (px). */
export const TOP_BAR_HEIGHT_PX = 72;

export interface NavCard {
  title: string;
  description: string;
  to: string;
  /** Its icon in the layout's sprite. */
  icon: IconName;
}

export interface NavGroup {
  id: string;
  /** Trigger label in the menu. */
  label: string;
  /** Title shown at the top of the dropdown panel. */
  title: string;
  items: NavCard[];
}

export const HOME_LINK = { title: "Accueil", to: "/" } as const;

/**
 * The menus' groups as the browser needs them: the desktop menu's triggers. Their links
 * (`navGroups`) are written on the server (components/layout/menus.server.tsx).
 */
export const MENU_GROUPS = [
  { id: "art", label: "Le Vovinam Viet Vo Dao" },
  { id: "club", label: "La vie du club" },
  { id: "infos", label: "Infos pratiques" },
] as const;

export const navGroups: NavGroup[] = [
  {
    ...MENU_GROUPS[0],
    title: "Découvrir le Vovinam Viet Vo Dao",
    items: [
      {
        title: "Présentation",
        description: "Un art martial vietnamien complet, pour tous les âges.",
        to: "/le-vovinam-viet-vo-dao/presentation",
        icon: "book-open",
      },
      {
        title: "Histoire",
        description: "De Nguyễn Lộc à aujourd'hui, en France et dans le monde.",
        to: "/le-vovinam-viet-vo-dao/histoire",
        icon: "history",
      },
      {
        title: "Philosophie",
        description: "« Être fort pour être utile » : la voie du bambou.",
        to: "/le-vovinam-viet-vo-dao/philosophie",
        icon: "lightbulb",
      },
      {
        title: "Les Grades",
        description: "Les ceintures, du bleu clair au blanc, et leur sens.",
        to: "/le-vovinam-viet-vo-dao/grades",
        icon: "award",
      },
    ],
  },
  {
    ...MENU_GROUPS[1],
    title: "La vie du club",
    items: [
      {
        title: "Calendrier",
        description: "Cours, stages, passages de grade et événements.",
        to: "/la-vie-du-club/calendrier",
        icon: "calendar-days",
      },
      {
        title: "Actualités",
        description: "Les dernières nouvelles et les comptes rendus du club.",
        to: "/la-vie-du-club/actualites",
        icon: "newspaper",
      },
      {
        title: "BD humour",
        description: "Les planches humoristiques de la vie au dojo.",
        to: "/la-vie-du-club/bd-humour",
        icon: "laugh",
      },
    ],
  },
  {
    ...MENU_GROUPS[2],
    title: "Infos pratiques",
    items: [
      {
        title: "Tarifs & Horaires",
        description: "Les cotisations de la saison et les créneaux des cours.",
        to: "/tarifs-horaires",
        icon: "clock",
      },
      {
        title: "Adresse & Accès",
        description: "Le gymnase, les transports et le stationnement.",
        to: "/adresse-acces",
        icon: "map-pin",
      },
      {
        title: "Inscription",
        description: "Les étapes pour s'inscrire et les documents à fournir.",
        to: "/inscription-documents",
        icon: "clipboard-list",
      },
      {
        title: "Équipement",
        description: "La tenue et le matériel pour pratiquer.",
        to: "/equipement",
        icon: "shirt",
      },
      {
        title: "Contact",
        description: "Une question ? Écrivez-nous.",
        to: "/contact",
        icon: "mail",
      },
    ],
  },
];

/** Banner section names, by path prefix (the longest matching prefix wins). */
export const sectionNames: Record<string, string> = {
  "/le-vovinam-viet-vo-dao": "Le Vovinam Viet Vo Dao",
  "/le-vovinam-viet-vo-dao/presentation": "Présentation",
  "/le-vovinam-viet-vo-dao/histoire": "Histoire",
  "/le-vovinam-viet-vo-dao/philosophie": "Philosophie",
  "/le-vovinam-viet-vo-dao/grades": "Les Grades",
  "/la-vie-du-club": "La vie du club",
  "/la-vie-du-club/calendrier": "Calendrier",
  "/la-vie-du-club/actualites": "Actualités",
  "/la-vie-du-club/bd-humour": "BD humour",
  "/tarifs-horaires": "Tarifs & Horaires",
  "/adresse-acces": "Adresse & Accès",
  "/inscription-documents": "Inscription",
  "/equipement": "Équipement",
  "/contact": "Contact",
  "/cours-d-essai": "Cours d'essai",
  "/credits-photo": "Crédits photo",
  "/mentions-legales": "Mentions légales",
  "/faire-un-don": "Faire un don",
  "/connexion": "Connexion",
  "/inscription": "Créer un compte",
  "/mot-de-passe-oublie": "Mot de passe oublié",
  "/reinitialiser-mot-de-passe": "Nouveau mot de passe",
  "/deconnexion": "Déconnexion",
  [href("/espace-membre")]: "Espace membre",
};

/** Banner image (in public/) by path prefix; the longest matching prefix wins. */
export const sectionBanners: Record<string, string> = {
  "/le-vovinam-viet-vo-dao": "/banners/bambou.svg",
  "/le-vovinam-viet-vo-dao/grades": "/banners/ceintures.svg",
  "/la-vie-du-club": "/banners/vagues.svg",
  "/tarifs-horaires": "/banners/ceintures.svg",
  "/adresse-acces": "/banners/ceintures.svg",
  "/inscription-documents": "/banners/ceintures.svg",
  "/equipement": "/banners/ceintures.svg",
  "/contact": "/banners/ceintures.svg",
  "/cours-d-essai": "/banners/ceintures.svg",
  [href("/espace-membre")]: "/banners/salut.svg",
  "/connexion": "/banners/salut.svg",
  "/inscription": "/banners/salut.svg",
  "/mot-de-passe-oublie": "/banners/salut.svg",
  "/reinitialiser-mot-de-passe": "/banners/salut.svg",
};
export const DEFAULT_BANNER = "/banners/dojo.svg";

/** "/a/b/" -> "/a/b"; "" -> "/". */
export function normalizePath(pathname: string): string {
  const path = pathname.split(/[?#]/)[0] || "/";
  const trimmed = path.replace(/\/+$/, "");
  return trimmed === "" ? "/" : trimmed;
}

/** Whether `prefix` matches `pathname` on whole path segments ("/inscription" ≠ "/inscription-documents"). */
export function matchesPrefix(pathname: string, prefix: string): boolean {
  const path = normalizePath(pathname);
  const p = normalizePath(prefix);
  if (p === "/") return true;
  return path === p || path.startsWith(`${p}/`);
}

/** The value of the longest prefix of `table` matching `pathname`, or undefined. */
export function longestPrefixMatch<T>(pathname: string, table: Record<string, T>): T | undefined {
  let best: string | undefined;
  for (const prefix of Object.keys(table)) {
    if (matchesPrefix(pathname, prefix) && (best === undefined || prefix.length > best.length)) best = prefix;
  }
  return best === undefined ? undefined : table[best];
}

export function isHomePath(pathname: string): boolean {
  return normalizePath(pathname) === "/";
}

/** The banner's section name: longest matching prefix, the club name by default. */
export function sectionForPath(pathname: string, clubName = "Vovinam Viet Vo Dao"): string {
  return longestPrefixMatch(pathname, sectionNames) ?? clubName;
}

/**
 * Banner image of a path: longest matching prefix among the defaults and the
 * images uploaded by the admins (`overrides`, where "/" replaces the default).
 */
export function bannerImageForPath(pathname: string, overrides: Record<string, string> = {}): string {
  return longestPrefixMatch(pathname, { ...sectionBanners, ...overrides }) ?? DEFAULT_BANNER;
}

/** Whether the banner is collapsed for this scroll position. */
export function isScrolled(scrollY: number): boolean {
  return scrollY > BANNER_COLLAPSE_THRESHOLD_PX;
}

/** Content top padding (px): 0 on home, 72 when scrolled, 264 otherwise. */
export function contentPaddingTop(pathname: string, scrolled: boolean): number {
  if (isHomePath(pathname)) return 0;
  return scrolled ? TOP_BAR_HEIGHT_PX : TOP_BAR_HEIGHT_PX + BANNER_HEIGHT_PX;
}

/** Whether a menu link points at the current page (or one of its children). */
export function isCurrentLink(pathname: string, to: string): boolean {
  return to === "/" ? isHomePath(pathname) : matchesPrefix(pathname, to);
}

/**
 * Where to scroll (window Y) so that an anchor ends up just under the fixed
 * top bar, whatever the banner state. `contentTop` is the element's document
 * Y measured without the layout's top padding (its offset inside the content
 * box of <main>), so the answer does not depend on a running transition.
 * Off home, the expanded layout needs the element below bar + banner, the
 * collapsed one (content moved up by the banner height) below the bar: both
 * give the same scroll position.
 */
export function anchorScrollTop(contentTop: number, options: { home: boolean; margin?: number }): number {
  const margin = options.margin ?? 16;
  const padding = contentPaddingTop(options.home ? "/" : "/page", false);
  const covered = options.home ? TOP_BAR_HEIGHT_PX : TOP_BAR_HEIGHT_PX + BANNER_HEIGHT_PX;
  return Math.max(0, Math.round(contentTop + padding - covered - margin));
}

/** Footer navigation: every public section (credits and legal notice have their own links). */
// Marked pure: the browser, which never draws the menus' links, drops it and `navGroups`.
export const footerGroups: { title: string; links: { title: string; to: string }[] }[] = /* @__PURE__ */ (() =>
  navGroups.map((g) => ({ title: g.label, links: g.items.map(({ title, to }) => ({ title, to })) })))();

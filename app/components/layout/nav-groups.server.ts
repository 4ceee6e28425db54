/**
 * The menu groups and footer groups as this page shows them: the spec's
 * static navigation (app/lib/club/navigation.ts), plus, in « La vie du club »,
 * the teachers' card when the club has entered teachers and the photos' card
 * when photos are shown (the site layout's loader says so).
 * Never a link to an empty page. Server only: the menus and the footer are
 * written on the server.
 */
import { footerGroups, navGroups, type NavCard, type NavGroup } from "~/lib/club/navigation";
import { GALLERY_PATH, TEACHERS_PATH } from "~/lib/club/public-pages";

const TEACHERS_CARD: NavCard = {
  title: "Les enseignants",
  description: "Qui enseigne au club, leurs grades et leurs cours.",
  to: TEACHERS_PATH,
  icon: "users",
};

const GALLERY_CARD: NavCard = {
  title: "Photos",
  description: "Les photos des cours, stages et démonstrations.",
  to: GALLERY_PATH,
  icon: "camera",
};

interface ExtraPages {
  showTeachers?: boolean;
  showGallery?: boolean;
}

function extraCards(pages: ExtraPages | undefined): NavCard[] {
  return [
    ...(pages?.showTeachers === true ? [TEACHERS_CARD] : []),
    ...(pages?.showGallery === true ? [GALLERY_CARD] : []),
  ];
}

/** The menus' groups (written on the server, components/layout/menus.server.tsx). */
export function navGroupsWith(pages: ExtraPages): NavGroup[] {
  const extra = extraCards(pages);
  if (extra.length === 0) return navGroups;
  return navGroups.map((g) => (g.id === "club" ? { ...g, items: [...g.items, ...extra] } : g));
}

/** The footer's groups (written on the server, components/layout/footer.server.tsx). */
export function footerGroupsWith(pages: ExtraPages): typeof footerGroups {
  const extra = extraCards(pages);
  if (extra.length === 0) return footerGroups;
  const clubLabel = navGroups.find((g) => g.id === "club")?.label;
  return footerGroups.map((g) =>
    g.title === clubLabel ? { ...g, links: [...g.links, ...extra.map(({ title, to }) => ({ title, to }))] } : g,
  );
}

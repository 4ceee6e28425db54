/**
 * The menu groups and footer groups as this page shows them: the spec's
 * static navigation (app/lib/club/navigation.ts), plus the teachers' card in
 * « La vie du club » only when the club has entered teachers (the site
 * layout's loader says so; decision 0022). Never a link to an empty page.
 */
import { useRouteLoaderData } from "react-router";
import { Users } from "lucide-react";
import { footerGroups, navGroups, type NavCard, type NavGroup } from "~/lib/club/navigation";
import { TEACHERS_PATH } from "~/lib/club/teachers";

export const TEACHERS_CARD: NavCard = {
  title: "Les enseignants",
  description: "Qui enseigne au club, leurs grades et leurs cours.",
  to: TEACHERS_PATH,
  icon: Users,
};

function useShowTeachers(): boolean {
  const data = useRouteLoaderData<{ showTeachers?: boolean }>("routes/site-layout");
  return data?.showTeachers === true;
}

export function useNavGroups(): NavGroup[] {
  const show = useShowTeachers();
  if (!show) return navGroups;
  return navGroups.map((g) => (g.id === "club" ? { ...g, items: [...g.items, TEACHERS_CARD] } : g));
}

export function useFooterGroups(): typeof footerGroups {
  const show = useShowTeachers();
  if (!show) return footerGroups;
  const clubLabel = navGroups.find((g) => g.id === "club")?.label;
  return footerGroups.map((g) =>
    g.title === clubLabel ? { ...g, links: [...g.links, { title: TEACHERS_CARD.title, to: TEACHERS_CARD.to }] } : g,
  );
}

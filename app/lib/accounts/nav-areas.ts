/**
 * The areas of the member navigation and of member home's « Mes pages », in the order shown.
 * Browser-safe: no server import.
 *
 * Rules:
 *  - Each navigation entry of the permission table (permissions.ts) names one of these areas:
 *    the one a club volunteer would look in.
 *  - Entries are grouped in this order of areas, each area keeping the order of the table; an
 *    area without an entry for the account is not shown.
 */
export const MEMBER_NAV_AREAS = [
  { id: "moi", label: "Moi et ma famille" },
  { id: "saison", label: "La saison" },
  { id: "tatami", label: "Sur le tatami" },
  { id: "contenu", label: "Le contenu du site" },
  { id: "association", label: "L'association" },
  { id: "exploitation", label: "L'exploitation" },
] as const;

export type MemberNavArea = (typeof MEMBER_NAV_AREAS)[number]["id"];

export interface AreaGroup<T> {
  area: MemberNavArea;
  label: string;
  links: T[];
}

/** The entries by area: the areas in `MEMBER_NAV_AREAS` order, the empty ones left out. */
export function groupByArea<T extends { area: MemberNavArea }>(entries: readonly T[]): AreaGroup<T>[] {
  const groups: AreaGroup<T>[] = [];
  for (const { id, label } of MEMBER_NAV_AREAS) {
    const links = entries.filter((e) => e.area === id);
    if (links.length > 0) groups.push({ area: id, label, links });
  }
  return groups;
}

/** Event categories and the calendar month type: client-safe (pages and server share them). */
export const EVENT_CATEGORIES = [
  "cours",
  "stage",
  "competition",
  "passage-de-grades",
  "demonstration",
  "fermeture",
  "autre",
] as const;
export type EventCategory = (typeof EVENT_CATEGORIES)[number];

export const EVENT_CATEGORY_LABELS: Record<EventCategory, string> = {
  cours: "Cours",
  stage: "Stage",
  competition: "Compétition",
  "passage-de-grades": "Passage de grades",
  demonstration: "Démonstration",
  fermeture: "Fermeture",
  autre: "Autre",
};

/** French label of a stored category (unknown values read as « Autre »). */
export function categoryLabel(category: string): string {
  return EVENT_CATEGORY_LABELS[category as EventCategory] ?? EVENT_CATEGORY_LABELS.autre;
}

export interface Month {
  year: number;
  /** 1-12 */
  month: number;
}

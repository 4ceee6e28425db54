/**
 * Which page numbers a pagination shows (the news list): the first, the last,
 * and two on each side of the current one, with a gap ("…") between — never one link per page
 * (5,000 articles made 556 links, most of the news page's HTML).
 * Rule: pure and browser-safe; a gap of a single page shows that page instead.
 */
export type PageSlot = number | "gap";

export function pageWindow(page: number, pageCount: number, around = 2): PageSlot[] {
  const shown = new Set<number>([1, pageCount]);
  for (let p = page - around; p <= page + around; p++) if (p >= 1 && p <= pageCount) shown.add(p);
  const sorted = [...shown].sort((a, b) => a - b);
  const slots: PageSlot[] = [];
  for (const p of sorted) {
    const last = slots.at(-1);
    if (typeof last === "number" && p - last === 2) slots.push(last + 1);
    else if (typeof last === "number" && p - last > 2) slots.push("gap");
    slots.push(p);
  }
  return slots;
}

/**
 * The frame of the operations page's cards (/espace-membre/exploitation): a
 * titled section, a list of facts (term, value) and the French sizes.
 *
 * Rules: every card is a `section` named by its heading; sizes in Ko, Mo, Go
 * with a decimal comma and a no-break space; an unmeasured size says
 * « inconnu », never a number.
 */
import type { ReactNode } from "react";

/** Bytes in Ko (at least 1) or Mo; « inconnu » when not measured. */
export const mo = (bytes: number | null) =>
  bytes === null
    ? "inconnu"
    : bytes < 1024 * 1024
      ? `${Math.max(1, Math.round(bytes / 1024))}\u00a0Ko`
      : `${(bytes / 1024 / 1024).toFixed(1).replace(".", ",")}\u00a0Mo`;

/** Bytes in Go. */
export const go = (bytes: number) => `${(bytes / 1024 ** 3).toFixed(1).replace(".", ",")}\u00a0Go`;

export function Card({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <h2 id={id} className="text-xl font-bold text-club-900">
        {title}
      </h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}

export function Facts({ items }: { items: Array<[string, ReactNode]> }) {
  return (
    <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
      {items.map(([term, value]) => (
        <div key={term}>
          <dt className="text-sm font-semibold text-slate-600">{term}</dt>
          <dd className="text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

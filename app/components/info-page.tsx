/**
 * Shared frame of the practical, legal and donation pages: a readable column,
 * the page's single h1 and an optional introduction.
 */
import type { ReactNode } from "react";

export function InfoPage({
  title,
  intro,
  children,
  wide = false,
}: {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
  wide?: boolean;
}) {
  return (
    <div className={`mx-auto ${wide ? "max-w-5xl" : "max-w-3xl"} px-4 py-10 sm:px-6`}>
      <h1 className="text-3xl font-bold tracking-tight text-club-900 sm:text-4xl">{title}</h1>
      {intro ? <div className="mt-4 text-lg leading-relaxed text-slate-700">{intro}</div> : null}
      <div className="mt-8 space-y-12">{children}</div>
    </div>
  );
}

/** A titled section whose h2 labels it for assistive technologies. */
export function InfoSection({
  id,
  title,
  icon,
  children,
}: {
  id: string;
  title: string;
  icon?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={`${id}-titre`} className="scroll-mt-24">
      <h2 id={`${id}-titre`} className="flex items-center gap-2 text-2xl font-bold text-club-900">
        {icon ? (
          <span aria-hidden="true" className="text-club-700">
            {icon}
          </span>
        ) : null}
        {title}
      </h2>
      <div className="mt-4 space-y-4 leading-relaxed text-slate-800">{children}</div>
    </section>
  );
}

export const linkClass = "font-semibold text-club-700 underline underline-offset-2 hover:text-club-900";

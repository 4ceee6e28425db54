/**
 * Shared frame of the art pages (presentation, histoire, philosophie,
 * grades): the page's <h1> and lead, then titled sections. The site layout
 * provides the banner, the <main> landmark and the footer.
 */
import type { ReactNode } from "react";

const textStyles =
  "space-y-4 leading-relaxed text-slate-800 [&_a]:font-semibold [&_a]:text-club-700 [&_a]:underline [&_a]:underline-offset-2 [&_a:hover]:text-club-900";

export function ArtPage({ title, lead, children }: { title: string; lead: string; children: ReactNode }) {
  return (
    <article className="mx-auto max-w-4xl px-4 py-10 sm:py-12">
      <header>
        <h1 className="text-3xl font-bold text-club-900 sm:text-4xl">{title}</h1>
        <p className="mt-3 text-lg text-slate-700">{lead}</p>
      </header>
      <div className="mt-10 space-y-12">{children}</div>
    </article>
  );
}

export function ArtSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-titre`} id={id} className="scroll-mt-24">
      <h2 id={`${id}-titre`} className="mb-4 text-2xl font-bold text-club-900">
        {title}
      </h2>
      <div className={textStyles}>{children}</div>
    </section>
  );
}

/** A Vietnamese word or phrase, announced with the right language by screen readers. */
export function Vi({ children }: { children: ReactNode }) {
  return <span lang="vi">{children}</span>;
}

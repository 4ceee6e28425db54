/**
 * A management list of the site's content (/espace-membre/articles, /espace-membre/evenements):
 * the heading with its « Nouvel… » button, the notices, the confirmation of a deletion, the
 * search form, the count, the table and its page links. Each page gives its words, its filters
 * and its columns; the list is built the same way for every kind of content.
 *
 * Rules:
 * - Plain GET and POST forms and links: the list works without JavaScript. The list as shown
 *   (search, filters, page) is in the address: `back`.
 * - « Supprimer » asks for a confirmation on the same page (`back` + `supprimer=<id>`); the
 *   confirmation takes the focus on its heading, « Annuler » goes back to `back`.
 * - Every action link names its item for a screen reader (« Modifier « titre » »).
 * - The count is a live region: it is on the page before its text changes.
 * - Under 640 px the table is stacked as cards (app.css .stack-table): the page never widens.
 */
import { useEffect, useRef, type ReactNode } from "react";
import { Form, Link } from "react-router";
import { Button, buttonClasses } from "~/components/ui/button";
import { formatCount } from "~/lib/core/count";

export interface ContentListItem {
  id: number;
  title: string;
}

export interface ContentListProps<Item extends ContentListItem> {
  heading: string;
  newItem: { href: string; label: string };
  /** The messages above the list (saved, deleted, refused). */
  notices: ReactNode;
  /** The item whose deletion is asked (`?supprimer=`): its confirmation's heading and text. */
  confirm: { id: number; heading: string; text: string } | null;
  /** The search form: its name, its fields' id prefix, and its filters after « Titre contient ». */
  search: { label: string; idPrefix: string; q: string; filters: ReactNode };
  /** « 3 articles », « Aucun article ne correspond. » */
  countText: string;
  caption: string;
  /** The columns' headings before « Actions ». */
  columns: readonly string[];
  items: readonly Item[];
  /** An item's cells before « Actions ». */
  cells: (item: Item) => ReactNode;
  editHref: (item: Item) => string;
  /** Links between « Modifier » and « Supprimer » (each in its `<li>`). */
  moreActions?: (item: Item) => ReactNode;
  /** The list as shown (search, filters, page). */
  back: string;
  pages: { label: string; page: number; pageCount: number; prevHref: string | null; nextHref: string | null };
}

const actionLink = "text-club-700 underline hover:text-club-900";

export function ContentList<Item extends ContentListItem>(props: ContentListProps<Item>) {
  const { heading, newItem, notices, confirm, search, countText, caption, columns, items, back, pages } = props;
  const confirmRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (confirm) confirmRef.current?.focus();
  }, [confirm]);
  const deleteHref = (id: number) => `${back}${back.includes("?") ? "&" : "?"}supprimer=${id}`;

  return (
    <>
      <div className="mb-6 flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-bold text-club-900">{heading}</h1>
        <Link to={newItem.href} className={buttonClasses()}>
          {newItem.label}
        </Link>
      </div>

      {notices}

      {confirm ? (
        <section aria-labelledby="confirm-title" className="mb-6 rounded-md border-l-4 border-red-700 bg-red-50 p-4">
          <h2
            id="confirm-title"
            ref={confirmRef}
            tabIndex={-1}
            className="mb-2 text-xl font-bold text-red-900 focus:outline-none"
          >
            {confirm.heading}
          </h2>
          <p className="mb-4 text-red-900">{confirm.text}</p>
          <Form method="post" className="flex flex-wrap gap-3">
            <input type="hidden" name="intent" value="delete" />
            <input type="hidden" name="id" value={confirm.id} />
            <Button type="submit" variant="danger">
              Confirmer la suppression
            </Button>
            <Link to={back} className={buttonClasses({ variant: "neutral" })}>
              Annuler
            </Link>
          </Form>
        </section>
      ) : null}

      <Form method="get" role="search" aria-label={search.label} className="mb-6 flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor={`${search.idPrefix}-q`} className="mb-1 block font-medium text-slate-800">
            Titre contient
          </label>
          <input
            id={`${search.idPrefix}-q`}
            type="search"
            name="q"
            defaultValue={search.q}
            className="rounded-md border border-slate-400 px-3 py-2 text-slate-900 focus:outline-none focus:ring-2 focus:ring-club-600"
          />
        </div>
        {search.filters}
        <Button type="submit" variant="secondary">
          Filtrer
        </Button>
      </Form>

      <p className="mb-2 text-slate-700" aria-live="polite">
        {countText}
      </p>

      {items.length > 0 ? (
        <table className="stack-table w-full border-collapse text-left">
          <caption className="sr-only">{caption}</caption>
          <thead>
            <tr className="border-b-2 border-slate-300">
              {columns.map((column) => (
                <th key={column} scope="col" className="py-2 pr-4">
                  {column}
                </th>
              ))}
              <th scope="col" className="py-2">
                Actions
              </th>
            </tr>
          </thead>
          <tbody>
            {items.map((item) => (
              <tr key={item.id} className="border-b border-slate-200 align-top">
                {props.cells(item)}
                <td className="py-3 text-sm">
                  <ul className="flex flex-wrap gap-x-3 gap-y-1">
                    <li>
                      <Link to={props.editHref(item)} className={actionLink}>
                        Modifier<span className="sr-only"> « {item.title} »</span>
                      </Link>
                    </li>
                    {props.moreActions?.(item)}
                    <li>
                      <Link to={deleteHref(item.id)} className="text-red-700 underline hover:text-red-900">
                        Supprimer<span className="sr-only"> « {item.title} »</span>
                      </Link>
                    </li>
                  </ul>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}

      {pages.pageCount > 1 ? (
        <nav aria-label={pages.label} className="mt-6 flex items-center gap-4">
          {pages.prevHref ? (
            <Link to={pages.prevHref} className="text-club-700 underline">
              ← Page précédente
            </Link>
          ) : null}
          <span className="text-slate-700">
            Page {pages.page} sur {pages.pageCount}
          </span>
          {pages.nextHref ? (
            <Link to={pages.nextHref} className="text-club-700 underline">
              Page suivante →
            </Link>
          ) : null}
        </nav>
      ) : null}
    </>
  );
}

/** « Aucun article ne correspond. », « 1 article », « 12 articles »: the count of a list. */
export function countLine(total: number, words: { none: string; one: string; many: string }): string {
  return total === 0 ? words.none : total === 1 ? `1 ${words.one}` : `${formatCount(total)} ${words.many}`;
}

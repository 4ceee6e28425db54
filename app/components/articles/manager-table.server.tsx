/**
 * The managers' articles list (/espace-membre/articles): its table and its page links, written
 * on the server (`serverHtml` in the route's loader) and kept as is by the browser (`ServerHtml`),
 * which never loads this code (a `.server` module, decisions 0051 and 0062).
 *
 * Rules:
 * - Nothing here reacts to the visitor: « Modifier », « Supprimer » (the page's confirmation,
 *   `?supprimer=`) and the page links are `SiteLink`s, given to React Router by the block's one
 *   click handler; « Voir » opens the article in a new tab, as a plain link.
 * - A row's markup depends on its `ArticleRow` and the list's address alone: written once and
 *   kept by them (`markupMemo`, decision 0065), as the users list's rows.
 * - Under 640 px the table is stacked as cards (app.css .stack-table): the page never widens.
 * - The count above the table (`aria-live`) stays in the page's React part: a live region must
 *   be on the page before its text changes, and this block is written anew with each list.
 */
import { createElement } from "react";
import { SiteLink } from "~/components/layout/site-link";
import { markupMemo } from "~/lib/http/server-html.server";

const ARTICLES_PATH = "/espace-membre/articles";

/** What one row shows, written by the loader (dates in Paris time, labels). */
export interface ArticleRow {
  id: number;
  title: string;
  status: string;
  statusLabel: string;
  author: string | null;
  path: string;
  visible: boolean;
  scheduled: string | null;
  created: string;
  published: string | null;
  updated: string;
}

export interface ArticlesTableProps {
  items: ArticleRow[];
  /** The list as shown (search, status, page): where « Supprimer » asks for its confirmation. */
  back: string;
  page: number;
  pageCount: number;
  prevHref: string | null;
  nextHref: string | null;
}

const STATUS_BADGE: Record<string, string> = {
  brouillon: "bg-slate-200 text-slate-900",
  publie: "bg-green-100 text-green-900",
  programme: "bg-amber-100 text-amber-900",
};

/** One article's row: its markup is kept by what it shows and where « Supprimer » returns (markupMemo). */
function ArticleRowView({ a, back }: { a: ArticleRow; back: string }) {
  return (
    <tr className="border-b border-slate-200 align-top">
      <td className="py-3 pr-4 font-medium break-words text-slate-900">{a.title}</td>
      <td data-label="Statut" className="py-3 pr-4">
        <span className={`inline-block rounded-full px-2 py-0.5 text-sm font-semibold ${STATUS_BADGE[a.status] ?? ""}`}>
          {a.statusLabel}
        </span>
        {a.scheduled ? <span className="block text-sm text-slate-700">{a.scheduled}</span> : null}
      </td>
      <td data-label="Dates" className="py-3 pr-4 text-sm text-slate-700">
        <span className="block">{a.created}</span>
        {a.published ? <span className="block">{a.published}</span> : null}
        <span className="block">{a.updated}</span>
      </td>
      <td data-label="Auteur" className="py-3 pr-4 text-sm text-slate-700">
        {a.author ?? "—"}
      </td>
      <td className="py-3 text-sm">
        <ul className="flex flex-wrap gap-x-3 gap-y-1">
          <li>
            <SiteLink to={`${ARTICLES_PATH}/modifier/${a.id}`} className="text-club-700 underline hover:text-club-900">
              Modifier<span className="sr-only"> « {a.title} »</span>
            </SiteLink>
          </li>
          <li>
            <a href={a.path} target="_blank" rel="noreferrer" className="text-club-700 underline hover:text-club-900">
              {a.visible ? "Voir" : "Aperçu"}
              <span className="sr-only"> « {a.title} » (nouvel onglet)</span>
            </a>
          </li>
          <li>
            <SiteLink
              to={`${back}${back.includes("?") ? "&" : "?"}supprimer=${a.id}`}
              className="text-red-700 underline hover:text-red-900"
            >
              Supprimer<span className="sr-only"> « {a.title} »</span>
            </SiteLink>
          </li>
        </ul>
      </td>
    </tr>
  );
}

/** 2,000 rows: the pages a few managers go through. */
const rowHtml = markupMemo(2000, (row: { a: ArticleRow; back: string }) => <ArticleRowView {...row} />);

export function ArticlesTable({ items, back, page, pageCount, prevHref, nextHref }: ArticlesTableProps) {
  return (
    <>
      {items.length > 0 ? (
        <table className="stack-table w-full border-collapse text-left">
          <caption className="sr-only">Articles, du plus récent au plus ancien</caption>
          <thead>
            <tr className="border-b-2 border-slate-300">
              <th scope="col" className="py-2 pr-4">
                Titre
              </th>
              <th scope="col" className="py-2 pr-4">
                Statut
              </th>
              <th scope="col" className="py-2 pr-4">
                Dates
              </th>
              <th scope="col" className="py-2 pr-4">
                Auteur
              </th>
              <th scope="col" className="py-2">
                Actions
              </th>
            </tr>
          </thead>
          {/* React's own createElement: the rows' markup already went through the French typography. */}
          {createElement("tbody", {
            dangerouslySetInnerHTML: { __html: items.map((a) => rowHtml({ a, back })).join("") },
          })}
        </table>
      ) : null}
      {pageCount > 1 ? (
        <nav aria-label="Pages de la liste des articles" className="mt-6 flex items-center gap-4">
          {prevHref ? (
            <SiteLink to={prevHref} className="text-club-700 underline">
              ← Page précédente
            </SiteLink>
          ) : null}
          <span className="text-slate-700">
            Page {page} sur {pageCount}
          </span>
          {nextHref ? (
            <SiteLink to={nextHref} className="text-club-700 underline">
              Page suivante →
            </SiteLink>
          ) : null}
        </nav>
      ) : null}
    </>
  );
}

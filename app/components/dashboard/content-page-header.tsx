/**
 * The head of every page under the content dashboard (/espace-membre/contenu/…):
 * the link back to the dashboard, the page's one h1, then its introduction
 * (children). One component, so these pages read and move alike.
 */
import type { ReactNode } from "react";
import { href, Link } from "react-router";

export function ContentPageHeader({ title, children }: { title: ReactNode; children?: ReactNode }) {
  return (
    <div>
      <p className="mb-2 text-sm">
        <Link to={href("/espace-membre/contenu")} className="text-club-800 underline">
          Tableau de bord du contenu
        </Link>
      </p>
      <h1 className="text-3xl font-bold text-slate-900">{title}</h1>
      {children}
    </div>
  );
}

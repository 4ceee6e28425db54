import { notFound } from "~/lib/http/responses";
import { Link } from "react-router";
import { pageMeta } from "~/lib/http/seo";
import type { Route } from "./+types/not-found";
import { buttonClasses } from "~/components/ui/button";
import { PageTitle } from "~/components/layout/page-title";

export function loader() {
  notFound("Page introuvable");
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Page introuvable",
    description: "Cette page n'existe pas ou a été déplacée.",
    noindex: true,
    titleInBoundary: true,
  });

export function ErrorBoundary() {
  return (
    <div className="mx-auto max-w-2xl px-4 py-16 text-center">
      <PageTitle title="Page introuvable" />
      <h1 className="text-3xl font-bold text-club-900">Page introuvable</h1>
      <p className="mt-4 text-slate-700">
        La page que vous cherchez n'existe pas ou a été déplacée. Vérifiez l'adresse, ou repartez de l'accueil.
      </p>
      <p className="mt-8 flex flex-wrap justify-center gap-4">
        <Link to="/" className={buttonClasses()}>
          Retour à l'accueil
        </Link>
        <Link to="/contact" className={buttonClasses({ variant: "secondary" })}>
          Nous contacter
        </Link>
      </p>
    </div>
  );
}

export default function NotFound() {
  return null;
}

/**
 * The French message of an error page (403, 404, 500...), rendered by the
 * error boundaries of the site and member layouts, so that the top bar,
 * footer and member navigation stay around it.
 * Rules: a page that stops with `notFound("<phrase en français>")` (or `forbidden`,
 * `badRequest`, `refusedWith`: app/lib/http/responses.ts) gets its phrase shown
 * under the title (it explains why); anything else gets
 * a generic French message. Never a stack trace or an internal message in
 * production (the development build shows the error's message, to debug).
 */
import { isRouteErrorResponse, Link } from "react-router";
import { PageTitle } from "./page-title";

const TITLES: Record<number, { title: string; message: string }> = {
  400: { title: "Demande invalide", message: "La demande envoyée n'a pas pu être comprise." },
  403: { title: "Accès refusé", message: "Vous n'avez pas accès à cette page." },
  404: { title: "Page introuvable", message: "La page que vous cherchez n'existe pas ou a été déplacée." },
  409: { title: "Conflit", message: "Cette page a changé entre-temps\u00a0: rechargez-la avant de recommencer." },
  413: { title: "Envoi trop volumineux", message: "Ce que vous avez envoyé dépasse la taille permise." },
};
const SERVER_ERROR = {
  title: "Une erreur est survenue",
  message: "Le serveur n'a pas pu afficher cette page. Réessayez dans quelques instants.",
};

/** A route's own explanation: a short phrase, not a framework message. */
function explanation(data: unknown): string | null {
  if (typeof data !== "string") return null;
  const text = data.trim();
  if (!text || text.length > 300) return null;
  if (/^(error\b|no route matches|not found|forbidden|unauthorized|bad request)/i.test(text)) return null;
  return text;
}

export function errorTexts(error: unknown): { status: number; title: string; message: string; detail: string | null } {
  if (isRouteErrorResponse(error)) {
    const known = TITLES[error.status] ?? (error.status >= 500 ? SERVER_ERROR : TITLES[400]!);
    const detail = explanation(error.data);
    return { status: error.status, title: known.title, message: detail ?? known.message, detail };
  }
  return { status: 500, ...SERVER_ERROR, detail: null };
}

export function ErrorMessage({ error }: { error: unknown }) {
  const { status, title, message } = errorTexts(error);
  const debug = import.meta.env.DEV && error instanceof Error ? error.message : null;
  return (
    <div className="mx-auto max-w-2xl px-4 py-16 text-center" data-testid="error-page" data-status={status}>
      <PageTitle title={title} />
      <h1 className="text-3xl font-bold text-club-900">{title}</h1>
      <p className="mt-4 text-slate-700">{message}</p>
      {debug ? <pre className="mt-6 overflow-x-auto text-left text-xs text-slate-500">{debug}</pre> : null}
      <p className="mt-8 flex flex-wrap justify-center gap-4">
        <Link to="/" className="font-semibold text-club-700 underline">
          Retour à l'accueil
        </Link>
        <Link to="/contact" className="font-semibold text-club-700 underline">
          Nous contacter
        </Link>
      </p>
    </div>
  );
}

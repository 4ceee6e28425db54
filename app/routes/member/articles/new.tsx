import { href, Link, type ShouldRevalidateFunctionArgs } from "react-router";
import { userContext } from "~/lib/accounts/auth-context";
import type { Route } from "./+types/new";
import { ArticleForm } from "~/components/article-form";
import { articleAction } from "~/lib/content/article-actions.server";
import { pageMeta } from "~/lib/http/seo";
import { newSubmissionToken } from "~/lib/http/submissions.server";

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    title: "Nouvel article",
    description: "Rédiger un nouvel article pour les actualités du club.",
    noindex: true,
  });
}

export async function loader() {
  return { values: { status: "brouillon" } as Record<string, string>, submissionToken: newSubmissionToken() };
}

export async function action({ request, context }: Route.ActionArgs) {
  return articleAction(request, context.get(userContext).id, null);
}

export function shouldRevalidate({ formData, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formData?.get("intent") === "upload-image" ? false : defaultShouldRevalidate;
}

export default function NewArticle({ loaderData, actionData }: Route.ComponentProps) {
  const failed = actionData && actionData.intent === "save" ? actionData : null;
  // Without JavaScript, a refused form comes back with a new token: the form is sent once from there.
  return (
    <>
      <p className="mb-2">
        <Link to={href("/espace-membre/articles")} className="text-club-700 underline hover:text-club-900">
          ← Retour aux articles
        </Link>
      </p>
      <h1 className="mb-6 text-3xl font-bold text-club-900">Nouvel article</h1>
      <ArticleForm
        values={loaderData.values}
        lastResult={failed?.result}
        submissionToken={loaderData.submissionToken}
        submitLabel="Enregistrer l’article"
      />
    </>
  );
}

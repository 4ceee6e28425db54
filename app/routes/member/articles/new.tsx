import { data, Link, redirect, type ShouldRevalidateFunctionArgs } from "react-router";
import { userContext } from "~/lib/accounts/auth-context";
import type { Route } from "./+types/new";
import { ArticleForm } from "~/components/article-form";
import { saveArticle, uploadBodyImage } from "~/lib/content/article-editing.server";
import { pageMeta } from "~/lib/http/seo";
import { oversizedRequest } from "~/lib/content/uploads.server";
import { readForm, UPLOAD_BODY_LIMIT } from "~/lib/http/request.server";

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    title: "Nouvel article",
    description: "Rédiger un nouvel article pour les actualités du club.",
    noindex: true,
  });
}

export async function loader() {
  return { values: { status: "brouillon" } as Record<string, string> };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = context.get(userContext);
  const tooLarge = await oversizedRequest(request);
  // No value sent back: with JavaScript the form stays as typed (the browser checks sizes first anyway).
  if (tooLarge) return data({ intent: "save" as const, errors: { cover: tooLarge.message }, values: undefined, conflict: false }, { status: tooLarge.status });
  const formData = await readForm(request, { limit: UPLOAD_BODY_LIMIT });
  if (formData.get("intent") === "upload-image") {
    return { intent: "upload-image" as const, ...(await uploadBodyImage(formData, user.id)) };
  }
  const result = await saveArticle(null, formData, user.id);
  if (!result.ok) return data({ intent: "save" as const, errors: result.errors, values: result.values, conflict: false }, { status: 400 });
  return redirect(`/espace-membre/articles/modifier/${result.article.id}?enregistre=cree`);
}

export function shouldRevalidate({ formData, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formData?.get("intent") === "upload-image" ? false : defaultShouldRevalidate;
}

export default function NewArticle({ loaderData, actionData }: Route.ComponentProps) {
  const failed = actionData && actionData.intent === "save" ? actionData : null;
  return (
    <>
      <p className="mb-2">
        <Link to="/espace-membre/articles" className="text-club-700 underline hover:text-club-900">
          ← Retour aux articles
        </Link>
      </p>
      <h1 className="mb-6 text-3xl font-bold text-club-900">Nouvel article</h1>
      <ArticleForm values={failed?.values ?? loaderData.values} errors={failed?.errors} submitLabel="Enregistrer l’article" />
    </>
  );
}

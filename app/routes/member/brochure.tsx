import type { Route } from "./+types/brochure";
import { pageMeta } from "~/lib/http/seo";
import { getSetting } from "~/lib/club/settings.server";
import { getMedia, mediaUrl } from "~/lib/content/uploads.server";
import { buttonClasses } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Brochure du club",
    description: "La brochure du club à lire en ligne ou à télécharger au format PDF.",
    noindex: true,
  });

export async function loader() {
  const setting = await getSetting("brochure");
  const file = setting.mediaId ? await getMedia(setting.mediaId) : null;
  if (!file || file.kind !== "pdf") return { brochure: null };
  return {
    brochure: {
      title: setting.title || "Brochure du club",
      url: mediaUrl(file),
      sizeKb: Math.max(1, Math.round(file.size / 1024)),
    },
  };
}

function sizeText(kb: number): string {
  return kb >= 1024 ? `${(kb / 1024).toFixed(1).replace(".", ",")} Mo` : `${kb} Ko`;
}

export default function Brochure({ loaderData }: Route.ComponentProps) {
  const { brochure } = loaderData;
  return (
    <div className="max-w-5xl">
      <h1 className="mb-4 text-3xl font-bold text-club-900">{brochure?.title ?? "Brochure du club"}</h1>
      {brochure ? (
        <>
          <p className="mb-4">
            <a href={brochure.url} download className={buttonClasses({ size: "lg" })}>
              <Icon name="download" className="h-5 w-5" />
              Télécharger la brochure (PDF, {sizeText(brochure.sizeKb)})
            </a>
          </p>
          <iframe
            src={brochure.url}
            title={`${brochure.title} (document PDF)`}
            className="h-[80vh] min-h-[30rem] w-full rounded-lg border border-slate-300 bg-slate-100"
          />
          <p className="mt-2 text-sm text-slate-700">
            Si le document ne s'affiche pas dans la page, utilisez le bouton de téléchargement ci-dessus.
          </p>
        </>
      ) : (
        <p className="rounded-md border-l-4 border-club-600 bg-club-50 px-4 py-3 text-club-900" role="status">
          La brochure n'a pas encore été publiée.
        </p>
      )}
    </div>
  );
}

/**
 * /la-vie-du-club/photos: the club's photos, each with its
 * description as alt text, its caption and its article. Only photos still
 * shown (consent not withdrawn) and not belonging to an unpublished article.
 * None: 404, and the menu hides the link.
 */
import { notFound } from "~/lib/http/responses";
import { Link } from "react-router";
import { ResponsiveImage } from "~/components/responsive-image";
import { listGalleryPhotos } from "~/lib/content/photos.server";
import { pageMeta } from "~/lib/http/seo";
import type { Route } from "./+types/gallery";

export async function loader() {
  const photos = await listGalleryPhotos();
  if (photos.length === 0) notFound();
  return { photos };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Photos du club",
    description:
      "Les photos de la vie du club de Vovinam Viet Vo Dao, publiées avec l'accord des personnes reconnaissables.",
  });

export default function Gallery({ loaderData }: Route.ComponentProps) {
  const { photos } = loaderData;
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight text-club-900 sm:text-4xl">Photos du club</h1>
      <p className="mt-4 max-w-3xl text-lg leading-relaxed text-slate-700">
        Cours, stages et démonstrations&nbsp;: les photos sont publiées avec l’accord des personnes reconnaissables, qui
        peuvent le retirer à tout moment auprès du club.
      </p>
      <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {photos.map((p) => (
          <li key={p.id}>
            <figure
              className="overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm"
              data-testid="gallery-photo"
            >
              <ResponsiveImage
                image={p.image}
                alt={p.alt}
                sizes="(min-width: 1024px) 360px, (min-width: 640px) 50vw, 100vw"
                className="aspect-[4/3] h-auto w-full object-cover"
              />
              {p.caption || p.article ? (
                <figcaption className="space-y-1 px-4 py-3 text-sm text-slate-700">
                  {p.caption ? <p>{p.caption}</p> : null}
                  {p.article ? (
                    <p>
                      <Link to={p.article.path} className="font-semibold text-club-700 underline">
                        {p.article.title}
                      </Link>
                    </p>
                  ) : null}
                </figcaption>
              ) : null}
            </figure>
          </li>
        ))}
      </ul>
    </div>
  );
}

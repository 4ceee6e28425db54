/**
 * The photos of an article, below its text: each with its
 * description as alt text and its caption. Only photos still shown are
 * given here (a withdrawn photo has no image any more).
 */
import { ResponsiveImage, type ResponsiveImageSources } from "~/components/responsive-image";

export function ArticlePhotos({
  photos,
}: {
  photos: ReadonlyArray<{ id: number; alt: string; caption: string; image: ResponsiveImageSources }>;
}) {
  if (photos.length === 0) return null;
  return (
    <section aria-labelledby="photos-titre" className="mt-10">
      <h2 id="photos-titre" className="text-2xl font-bold text-club-900">
        Photos
      </h2>
      <ul className="mt-4 grid gap-4 sm:grid-cols-2">
        {photos.map((p) => (
          <li key={p.id}>
            <figure className="overflow-hidden rounded-lg border border-slate-200 bg-white" data-testid="article-photo">
              <ResponsiveImage
                image={p.image}
                alt={p.alt}
                sizes="(min-width: 640px) 360px, 100vw"
                className="aspect-[4/3] h-auto w-full object-cover"
              />
              {p.caption ? <figcaption className="px-3 py-2 text-sm text-slate-700">{p.caption}</figcaption> : null}
            </figure>
          </li>
        ))}
      </ul>
    </section>
  );
}

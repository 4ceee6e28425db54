import { ResponsiveImage } from "~/components/responsive-image";
import { listComics } from "~/lib/content/comics.server";
import { formatDate } from "~/lib/core/time";
import { pageMeta } from "~/lib/http/seo";
import type { Route } from "./+types/comics";
import { Icon } from "~/components/ui/icon";

/** The strips shipped with the site (public/comics) are all drawn at this size: four panels in a column. */
const SHIPPED_STRIP = { width: 600, height: 1656 };
/**
 * Their wide-screen layout (scripts/make-comic-rows.mjs): the same panels two
 * by two, shown from 1024 px instead of a ~2,000 px tall column.
 */
const SHIPPED_ROWS = { width: 1190, height: 832 };
const shippedRows = (src: string) => src.replace(/^\/comics\/([\w-]+\.svg)$/, "/comics/rangees/$1");

export async function loader() {
  // Dates written here: the page needs no date code in the browser.
  const strips = await listComics();
  return { strips: strips.map((strip) => ({ ...strip, publishedLabel: formatDate(strip.publishedAt) })) };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "BD humour",
    description:
      "Les bandes dessinées du club : la vie d'un cours de Vovinam Viet Vo Dao vue avec humour, de la tenue bleue aux fameux ciseaux.",
  });

export default function Comics({ loaderData }: Route.ComponentProps) {
  const { strips } = loaderData;
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6 lg:max-w-6xl">
      <h1 className="text-3xl font-bold tracking-tight text-club-900 sm:text-4xl">BD humour</h1>
      <p className="mt-4 max-w-3xl text-lg leading-relaxed text-slate-700">
        La vie d'un cours de Vovinam vue avec le sourire : débutants, ciseaux, devise du club… Toute ressemblance avec
        des pratiquants existants serait bien sûr purement fortuite.
      </p>
      {strips.length === 0 ? (
        <p className="mt-10 flex items-center gap-2 rounded-md bg-slate-50 p-6 text-slate-700">
          <Icon name="smile" className="h-6 w-6 text-club-700" />
          Aucune planche pour le moment : les dessinateurs du club sont à l'entraînement.
        </p>
      ) : (
        <ul className="mt-10 space-y-14">
          {strips.map((strip, i) => (
            <li key={strip.id}>
              <article aria-labelledby={`bd-${strip.id}`}>
                <h2 id={`bd-${strip.id}`} className="text-2xl font-bold text-club-900">
                  {strip.title}
                </h2>
                <p className="mt-1 text-sm text-slate-600">
                  <time dateTime={strip.publishedAt.toISOString()}>{strip.publishedLabel}</time>
                </p>
                <figure
                  className={`mt-4 overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm ${
                    strip.image ? "lg:max-w-3xl" : ""
                  }`}
                >
                  {strip.image ? (
                    <ResponsiveImage
                      image={strip.image}
                      alt={strip.alt}
                      sizes="(min-width: 768px) 720px, 100vw"
                      loading={i === 0 ? "eager" : "lazy"}
                    />
                  ) : strip.src && shippedRows(strip.src) !== strip.src ? (
                    <picture>
                      <source media="(min-width: 1024px)" srcSet={shippedRows(strip.src)} {...SHIPPED_ROWS} />
                      <img
                        src={strip.src}
                        alt={strip.alt}
                        {...SHIPPED_STRIP}
                        loading={i === 0 ? "eager" : "lazy"}
                        decoding="async"
                        className="h-auto w-full"
                      />
                    </picture>
                  ) : (
                    <img
                      src={strip.src ?? ""}
                      alt={strip.alt}
                      {...(strip.src?.startsWith("/comics/") ? SHIPPED_STRIP : {})}
                      loading={i === 0 ? "eager" : "lazy"}
                      decoding="async"
                      className="h-auto w-full lg:max-w-3xl"
                    />
                  )}
                </figure>
              </article>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

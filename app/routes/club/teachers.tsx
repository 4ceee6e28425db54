/**
 * /la-vie-du-club/enseignants: the club's teachers as the admins entered them
 * (teachers setting): name, grade, diploma, a few words, the
 * weekly classes they teach, a photo only while its consent stands.
 * No teacher entered: 404 (never invented names), and the menu hides the link.
 */
import { notFound } from "~/lib/http/responses";
import { ResponsiveImage } from "~/components/responsive-image";
import { publicTeachers } from "~/lib/club/teachers.server";
import { pageMeta } from "~/lib/http/seo";
import type { Route } from "./+types/teachers";

export async function loader() {
  const teachers = await publicTeachers();
  if (teachers.length === 0) notFound();
  return { teachers };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Les enseignants du club",
    description: "Qui enseigne au club de Vovinam Viet Vo Dao : grades, diplômes et cours de chaque enseignant.",
  });

export default function Teachers({ loaderData }: Route.ComponentProps) {
  const { teachers } = loaderData;
  return (
    <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight text-club-900 sm:text-4xl">Les enseignants du club</h1>
      <p className="mt-4 max-w-3xl text-lg leading-relaxed text-slate-700">
        Les cours sont encadrés par des pratiquants gradés et diplômés, bénévoles du club.
      </p>
      <ul className="mt-10 grid gap-6 md:grid-cols-2">
        {teachers.map((t) => (
          <li key={t.id} data-testid="teacher">
            <article
              aria-labelledby={`enseignant-${t.id}`}
              className="flex h-full flex-col gap-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:flex-row"
            >
              {t.photo ? (
                <div className="w-full shrink-0 sm:w-36">
                  <ResponsiveImage
                    image={t.photo.image}
                    alt={t.photo.alt}
                    sizes="(min-width: 640px) 144px, 100vw"
                    className="aspect-square h-auto w-full rounded-lg object-cover"
                  />
                </div>
              ) : null}
              <div>
                <h2 id={`enseignant-${t.id}`} className="text-xl font-bold text-club-900">
                  {t.name}
                </h2>
                <p className="mt-1 font-medium text-slate-800">
                  {t.grade}
                  {t.diploma ? `, ${t.diploma}` : ""}
                </p>
                {t.text ? <p className="mt-3 leading-relaxed text-slate-700">{t.text}</p> : null}
                {t.classes.length > 0 ? (
                  <>
                    <h3 className="mt-4 text-sm font-semibold uppercase tracking-wide text-slate-700">Ses cours</h3>
                    <ul className="mt-1 list-disc pl-5 text-slate-800">
                      {t.classes.map((c) => (
                        <li key={c.id}>{c.label}</li>
                      ))}
                    </ul>
                  </>
                ) : null}
              </div>
            </article>
          </li>
        ))}
      </ul>
    </div>
  );
}

import { gradeBelt } from "~/lib/members/belt-colours";
import { badRequest, forbidden, notFound } from "~/lib/http/responses";
import { data, Link, redirect, useFetcher } from "react-router";
import { orErrorPage } from "~/lib/http/forms";
import { z } from "zod";
import { userContext } from "~/lib/accounts/auth-context";
import type { Route } from "./+types/revision";
import { Belt } from "~/components/belt";
import { ProfileSelector } from "~/components/profile-selector";
import { VideoEmbed } from "~/components/video-embed";
import { listGrades, type Grade } from "~/lib/members/grades.server";
import { currentAndNextGrade, getGradeHistory } from "~/lib/members/profile-status.server";
import {
  getSelectedProfile,
  profileName,
  selectProfile,
  selectorData,
  type MemberContext,
} from "~/lib/members/profiles.server";
import { getRevisionMaterial, itemBelongsToGrade, setItemDone, type RevisionItem } from "~/lib/members/revision.server";
import { pageMeta } from "~/lib/http/seo";
import { id } from "~/lib/http/fields";
import { readForm } from "~/lib/http/request.server";
import { positiveId } from "~/lib/http/ids.server";
import { Icon } from "~/components/ui/icon";
import { de } from "~/lib/typography/elision";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Révisions",
    description: "Les techniques et les vidéos à réviser pour le prochain grade, et la progression de chaque profil.",
    noindex: true,
  });

/** The grades this profile may study (up to its next grade) and the one asked for. */
async function gradeScope(ctx: MemberContext, requested: string | null) {
  const [table, history] = [await listGrades(), await getGradeHistory(ctx.profile.id)];
  const { current, next } = currentAndNextGrade(table, history);
  const limit = next ?? table.find((g) => g.id === current?.gradeId) ?? table[0];
  const allowed = limit ? table.filter((g) => g.position <= limit.position) : [];
  let shown: Grade | undefined = limit;
  if (requested !== null) {
    const id = positiveId(requested) ?? 0;
    const grade = table.find((g) => g.id === id);
    if (!grade) notFound("Grade introuvable");
    if (!allowed.some((g) => g.id === id)) {
      forbidden(
        "Ce grade est au-delà du prochain grade de ce profil\u00a0: son programme s'ouvre quand le grade précédent est obtenu.",
      );
    }
    shown = grade;
  }
  return { allowed, shown: shown ?? null, nextId: next?.id ?? null, currentId: current?.gradeId ?? null };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = context.get(userContext);
  const url = new URL(request.url);
  // ?profil=ID (the link of an exam convocation): shows that profile of the family.
  const asked = url.searchParams.get("profil");
  if (asked !== null) {
    await orErrorPage(() => selectProfile(user.sessionId, user.id, positiveId(asked) ?? 0));
    url.searchParams.delete("profil");
    throw redirect(url.pathname + url.search);
  }
  const ctx = await getSelectedProfile(user);
  const scope = await gradeScope(ctx, url.searchParams.get("grade"));
  const material = scope.shown ? await getRevisionMaterial(ctx.profile.id, scope.shown.id) : null;
  const pick = (g: Grade) => ({ id: g.id, ...gradeBelt(g) });
  return {
    selector: selectorData(ctx),
    profileName: profileName(ctx.profile),
    grades: scope.allowed.map(pick),
    shown: scope.shown ? pick(scope.shown) : null,
    nextId: scope.nextId,
    currentId: scope.currentId,
    material,
  };
}

const toggleSchema = z.object({
  gradeId: id("Grade introuvable."),
  itemType: z.enum(["technique", "video"]),
  itemId: id(),
  done: z.enum(["0", "1"]),
});

export async function action({ request, context }: Route.ActionArgs) {
  const ctx = await getSelectedProfile(context.get(userContext));
  const parsed = toggleSchema.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) badRequest("Demande invalide");
  const { gradeId, itemType, itemId, done } = parsed.data;
  // Only the material of a grade this profile may study.
  await gradeScope(ctx, String(gradeId));
  if (!(await itemBelongsToGrade(itemType, itemId, gradeId))) notFound("Élément introuvable");
  await setItemDone(ctx.profile.id, itemType, itemId, done === "1");
  return data({ ok: true });
}

function ItemToggle({ item, gradeId }: { item: RevisionItem; gradeId: number }) {
  const fetcher = useFetcher();
  const pending = fetcher.formData ? fetcher.formData.get("done") === "1" : null;
  const done = pending ?? item.done;
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="gradeId" value={gradeId} />
      <input type="hidden" name="itemType" value={item.type} />
      <input type="hidden" name="itemId" value={item.id} />
      <input type="hidden" name="done" value={done ? "0" : "1"} />
      <button
        type="submit"
        aria-pressed={done}
        className={`inline-flex items-center gap-2 rounded-md border px-3 py-1.5 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-club-700 ${
          done
            ? "border-green-800 bg-green-50 text-green-900"
            : "border-slate-400 bg-white text-slate-800 hover:bg-slate-50"
        }`}
      >
        <Icon name={done ? "check-square" : "square"} className="h-5 w-5" />
        Travaillé<span className="sr-only"> : {item.title}</span>
      </button>
    </fetcher.Form>
  );
}

export default function Revision({ loaderData }: Route.ComponentProps) {
  const { selector, profileName: name, grades, shown, nextId, currentId, material } = loaderData;
  return (
    <div className="max-w-5xl">
      <h1 className="mb-2 text-3xl font-bold text-club-900">Révisions</h1>
      <p className="mb-6 text-slate-700">
        Le programme à travailler par {name} : cochez ce qui a été pratiqué, la progression est gardée pour chaque
        profil.
      </p>
      <ProfileSelector profiles={selector.profiles} selectedId={selector.selectedId} />

      {grades.length > 1 ? (
        <nav aria-label="Programmes des grades" className="mb-6">
          <ul className="flex flex-wrap gap-2">
            {grades.map((g) => (
              <li key={g.id}>
                <Link
                  to={`?grade=${g.id}`}
                  aria-current={shown?.id === g.id ? "page" : undefined}
                  className={`inline-block rounded-full border px-3 py-1 text-sm ${
                    shown?.id === g.id
                      ? "border-club-800 bg-club-800 font-semibold text-white"
                      : "border-slate-300 bg-white text-slate-800 hover:border-club-700"
                  }`}
                >
                  <span lang="vi">{g.vietnameseName}</span>
                  {g.id === nextId ? " (prochain grade)" : g.id === currentId ? " (grade actuel)" : ""}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}

      {shown && material ? (
        <section aria-labelledby="programme">
          <div className="mb-4 flex flex-wrap items-center gap-4">
            <Belt {...shown} className="h-auto w-36 max-w-full" />
            <h2 id="programme" className="text-2xl font-semibold text-club-900">
              Programme de <span lang="vi">{shown.vietnameseName}</span>
              <span className="block text-base font-normal text-slate-700">
                {shown.frenchName}
                {shown.id === nextId ? " — le prochain grade" : ""}
              </span>
            </h2>
          </div>

          <div className="mb-8 rounded-lg border border-slate-200 p-4">
            <p id="progression-label" className="mb-2 font-semibold text-slate-900">
              Progression {de(name)}
            </p>
            <div
              role="progressbar"
              aria-labelledby="progression-label"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={material.percent}
              aria-valuetext={`${material.percent} %`}
              className="h-4 w-full overflow-hidden rounded-full bg-slate-200"
            >
              <div className="h-full bg-club-700" style={{ width: `${material.percent}%` }} />
            </div>
            <p className="mt-2 text-slate-800" data-testid="progress-text">
              {`${material.percent} % — ${material.done} sur ${material.total} ${material.total > 1 ? "éléments travaillés" : "élément travaillé"}`}
            </p>
          </div>

          {material.categories.length ? (
            material.categories.map((c) => (
              <section key={c.category} aria-labelledby={`cat-${c.category}`} className="mb-8">
                <h3 id={`cat-${c.category}`} className="mb-3 text-xl font-semibold text-club-900">
                  {c.label}
                </h3>
                <ul className="space-y-3">
                  {c.items.map((item) => (
                    <li key={`${item.type}-${item.id}`} className="rounded-lg border border-slate-200 p-4">
                      <div className="flex flex-wrap items-start justify-between gap-3">
                        <div className="min-w-0 flex-1">
                          <p className="font-semibold text-slate-900">
                            {item.type === "video" ? <span className="sr-only">Vidéo : </span> : null}
                            {item.title}
                          </p>
                          {item.description ? <p className="mt-1 text-slate-700">{item.description}</p> : null}
                        </div>
                        <ItemToggle item={item} gradeId={shown.id} />
                      </div>
                      {item.video ? (
                        <div className="mt-3 max-w-xl">
                          <VideoEmbed
                            provider={item.video.provider}
                            providerVideoId={item.video.providerVideoId}
                            title={item.title}
                          />
                        </div>
                      ) : null}
                    </li>
                  ))}
                </ul>
              </section>
            ))
          ) : (
            <p className="text-slate-700">
              Le programme de ce grade n'est pas encore en ligne. Demandez-le à votre enseignant lors du prochain cours.
            </p>
          )}
        </section>
      ) : (
        <p className="text-slate-700">Le tableau des grades du club n'est pas encore renseigné.</p>
      )}
    </div>
  );
}

import { data, Form, Link, redirect } from "react-router";
import type { Route } from "./+types/videos";
import { FormMessage, SelectField, SubmitButton, TextAreaField, TextField } from "~/components/form";
import { VideoEmbed } from "~/components/video-embed";
import { parseForm, type FieldErrors } from "~/lib/http/forms";
import { requireRoles } from "~/lib/accounts/session.server";
import { ADMIN_ONLY } from "~/lib/accounts/roles";
import { pageMeta } from "~/lib/http/seo";
import { VIDEO_CATEGORIES } from "~/lib/content/video-links";
import {
  createVideo,
  deleteVideo,
  getVideo,
  gradeLabel,
  listGradeOptions,
  listVideosByGrade,
  updateVideo,
  videoFormSchema,
  type VideoView,
} from "~/lib/content/videos.server";
import { readForm } from "~/lib/http/request.server";
import { requireVersion } from "~/lib/http/ids";
import { positiveId } from "~/lib/http/ids";

const PATH = "/espace-membre/videos";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Vidéos de révision",
    description: "Gestion des vidéos de révision classées par grade.",
    noindex: true,
  });

const NOTICES: Record<string, string> = {
  ajoutee: "La vidéo a été ajoutée.",
  modifiee: "La vidéo a été modifiée.",
  supprimee: "La vidéo a été supprimée.",
};

const idParam = positiveId;

export async function loader({ request }: Route.LoaderArgs) {
  await requireRoles(request, ADMIN_ONLY);
  const url = new URL(request.url);
  const editId = idParam(url.searchParams.get("modifier"));
  const deleteId = idParam(url.searchParams.get("supprimer"));
  const [groups, grades, editing, deleting] = await Promise.all([
    listVideosByGrade(),
    listGradeOptions(),
    editId ? getVideo(editId) : null,
    deleteId ? getVideo(deleteId) : null,
  ]);
  const notice = NOTICES[url.searchParams.get("ok") ?? ""] ?? null;
  return {
    groups: groups.map((g) => ({ label: g.grade ? gradeLabel(g.grade) : "Tous grades", id: g.grade?.id ?? 0, videos: g.videos })),
    grades: grades.map((g) => ({ value: String(g.id), label: gradeLabel(g) })),
    editing,
    editMissing: editId !== null && !editing,
    deleting,
    notice,
  };
}

type ActionData = { errors: FieldErrors; values: Record<string, string> };

export async function action({ request }: Route.ActionArgs) {
  const user = await requireRoles(request, ADMIN_ONLY);
  const formData = await readForm(request);
  const intent = formData.get("intent");

  if (intent === "delete") {
    const id = idParam(formData.get("id"));
    if (id) await deleteVideo(id);
    return redirect(`${PATH}?ok=supprimee`);
  }

  if (intent !== "create" && intent !== "update") {
    throw new Response("Action inconnue", { status: 400 });
  }

  const parsed = parseForm(formData, videoFormSchema);
  if (!parsed.ok) return data<ActionData>({ errors: parsed.errors, values: parsed.values }, { status: 400 });

  if (intent === "create") {
    const result = await createVideo(parsed.data, user.id);
    if (!result.ok) return data<ActionData>({ errors: { gradeId: result.message }, values: parsed.values }, { status: 400 });
    return redirect(`${PATH}?ok=ajoutee#video-${result.id}`);
  }

  const id = idParam(formData.get("id"));
  const version = requireVersion(formData.get("version"));
  if (!id) throw new Response("Formulaire incomplet", { status: 400 });
  const result = await updateVideo(id, version, parsed.data, user.id);
  if (!result.ok) {
    const key = result.reason === "grade" ? "gradeId" : "_form";
    return data<ActionData>(
      { errors: { [key]: result.message }, values: parsed.values },
      { status: result.reason === "conflict" ? 409 : result.reason === "not-found" ? 404 : 400 },
    );
  }
  return redirect(`${PATH}?ok=modifiee#video-${id}`);
}

function valuesOf(video: VideoView | null): Record<string, string> {
  if (!video) return { category: "technique", position: "0" };
  return {
    title: video.title,
    url: video.url,
    gradeId: video.gradeId ? String(video.gradeId) : "",
    category: video.category,
    description: video.description,
    position: String(video.position),
  };
}

function VideoForm({
  editing,
  grades,
  actionData,
}: {
  editing: VideoView | null;
  grades: Array<{ value: string; label: string }>;
  actionData?: ActionData;
}) {
  const errors = actionData?.errors ?? {};
  const values = actionData?.values ?? valuesOf(editing);
  const key = `${editing?.id ?? "new"}-${editing?.version ?? 0}-${JSON.stringify(actionData?.values ?? null)}`;
  return (
    <Form
      method="post"
      action={editing ? `${PATH}?modifier=${editing.id}` : PATH}
      noValidate
      key={key}
      className="rounded-lg border border-slate-300 bg-white p-5 shadow-sm"
      aria-labelledby="video-form-title"
    >
      <h2 id="video-form-title" className="mb-4 text-xl font-semibold text-slate-900">
        {editing ? `Modifier la vidéo « ${editing.title} »` : "Ajouter une vidéo"}
      </h2>
      {errors._form ? <FormMessage>{errors._form}</FormMessage> : null}
      <input type="hidden" name="intent" value={editing ? "update" : "create"} />
      {editing ? (
        <>
          <input type="hidden" name="id" value={editing.id} />
          <input type="hidden" name="version" value={values.version ?? editing.version} />
        </>
      ) : null}
      <TextField label="Titre" name="title" required defaultValue={values.title} error={errors.title} />
      <TextField
        label="Lien de la vidéo"
        name="url"
        type="url"
        required
        hint="Adresse d’une vidéo YouTube ou Vimeo, par exemple https://www.youtube.com/watch?v=… ou https://vimeo.com/…"
        defaultValue={values.url}
        error={errors.url}
      />
      <div className="grid gap-x-4 sm:grid-cols-3">
        <SelectField
          label="Grade"
          name="gradeId"
          options={[{ value: "", label: "Tous grades" }, ...grades]}
          defaultValue={values.gradeId ?? ""}
          error={errors.gradeId}
        />
        <SelectField
          label="Catégorie"
          name="category"
          required
          options={VIDEO_CATEGORIES}
          defaultValue={values.category ?? "technique"}
          error={errors.category}
        />
        <TextField
          label="Ordre d’affichage"
          name="position"
          inputMode="numeric"
          hint="Les plus petits nombres d’abord."
          defaultValue={values.position ?? "0"}
          error={errors.position}
        />
      </div>
      <TextAreaField label="Description" name="description" rows={3} defaultValue={values.description} error={errors.description} />
      <div className="flex flex-wrap items-center gap-4">
        <SubmitButton pendingLabel="Enregistrement…">{editing ? "Enregistrer les modifications" : "Ajouter la vidéo"}</SubmitButton>
        {editing ? (
          <Link to={PATH} className="font-medium text-club-800 underline">
            Annuler
          </Link>
        ) : null}
      </div>
    </Form>
  );
}

export default function Videos({ loaderData, actionData }: Route.ComponentProps) {
  const { groups, grades, editing, editMissing, deleting, notice } = loaderData;
  const total = groups.reduce((n, g) => n + g.videos.length, 0);
  return (
    <div className="space-y-8">
      <div>
        <p className="mb-2 text-sm">
          <Link to="/espace-membre/contenu" className="text-club-800 underline">
            Tableau de bord du contenu
          </Link>
        </p>
        <h1 className="text-3xl font-bold text-slate-900">Vidéos de révision</h1>
        <p className="mt-2 text-slate-700">
          Les vidéos YouTube ou Vimeo que les membres retrouvent dans leur page de révision, classées par grade. Le lecteur ne se
          charge qu’au clic, depuis le domaine de YouTube sans cookies ou avec l’option « ne pas suivre » de Vimeo.
        </p>
      </div>

      {notice ? <FormMessage tone="success">{notice}</FormMessage> : null}
      {editMissing ? <FormMessage>Cette vidéo n’existe plus (elle a peut-être été supprimée).</FormMessage> : null}

      {deleting ? (
        <section aria-labelledby="delete-title" className="rounded-lg border-2 border-red-700 bg-red-50 p-5">
          <h2 id="delete-title" className="text-xl font-semibold text-red-900">
            Supprimer la vidéo « {deleting.title} » ?
          </h2>
          <p className="mt-2 text-slate-800">
            Elle disparaîtra de la page de révision des membres, ainsi que les cases « révisé » cochées pour cette vidéo.
          </p>
          <Form method="post" action={PATH} className="mt-4 flex flex-wrap items-center gap-4">
            <input type="hidden" name="intent" value="delete" />
            <input type="hidden" name="id" value={deleting.id} />
            <button type="submit" className="rounded-md bg-red-700 px-5 py-2.5 font-semibold text-white hover:bg-red-800">
              Supprimer définitivement
            </button>
            <Link to={PATH} className="font-medium text-club-800 underline">
              Annuler
            </Link>
          </Form>
        </section>
      ) : null}

      <VideoForm editing={editing} grades={grades} actionData={actionData ?? undefined} />

      <section aria-labelledby="list-title">
        <h2 id="list-title" className="text-2xl font-semibold text-slate-900">
          Vidéos par grade <span className="text-base font-normal text-slate-700">({total})</span>
        </h2>
        {groups.length === 0 ? <p className="mt-3 text-slate-700">Aucune vidéo pour l’instant.</p> : null}
        {groups.map((group) => (
          <section key={group.id} aria-labelledby={`grade-${group.id}`} className="mt-6">
            <h3 id={`grade-${group.id}`} className="border-b border-slate-300 pb-1 text-xl font-semibold text-club-900">
              {group.label}
            </h3>
            <ul className="mt-3 grid gap-6 md:grid-cols-2">
              {group.videos.map((video) => (
                <li key={video.id} id={`video-${video.id}`} className="rounded-lg border border-slate-300 bg-white p-4 shadow-sm">
                  <VideoEmbed provider={video.provider} providerVideoId={video.providerVideoId} title={video.title} />
                  <h4 className="mt-3 text-lg font-semibold text-slate-900">{video.title}</h4>
                  <p className="text-sm text-slate-700">
                    <span className="mr-2 inline-block rounded bg-club-50 px-2 py-0.5 font-medium text-club-900">{video.categoryLabel}</span>
                    {video.provider === "vimeo" ? "Vimeo" : "YouTube"} · ordre {video.position}
                  </p>
                  {video.description ? <p className="mt-2 whitespace-pre-line text-slate-800">{video.description}</p> : null}
                  <p className="mt-3 flex flex-wrap gap-4">
                    <Link
                      to={`${PATH}?modifier=${video.id}#video-form-title`}
                      className="font-medium text-club-800 underline"
                      aria-label={`Modifier « ${video.title} »`}
                    >
                      Modifier
                    </Link>
                    <Link
                      to={`${PATH}?supprimer=${video.id}`}
                      className="font-medium text-red-800 underline"
                      aria-label={`Supprimer « ${video.title} »`}
                    >
                      Supprimer
                    </Link>
                  </p>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </section>
    </div>
  );
}

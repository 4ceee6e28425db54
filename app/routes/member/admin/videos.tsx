import { Form, href, Link, redirect } from "react-router";
import { userContext } from "~/lib/accounts/auth-context";
import { VIDEO_GONE } from "~/lib/content/content-messages";
import type { Route } from "./+types/videos";
import {
  fieldProps,
  FormErrors,
  FormMessage,
  SelectField,
  SubmitButton,
  TextAreaField,
  TextField,
  useClubForm,
  getFormProps,
} from "~/components/form";
import { VideoEmbed } from "~/components/video-embed";
import { firstErrors, type SubmissionResult } from "~/lib/http/forms";
import { handleIntent, intentOf, resultOf } from "~/lib/http/intents";
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
  type VideoView,
} from "~/lib/content/videos.server";
import { videoDeleteSchema, videoFormSchema, videoUpdateSchema } from "~/lib/content/video-form";
import { Button } from "~/components/ui/button";
import { readForm } from "~/lib/http/request.server";
import { positiveId } from "~/lib/http/ids.server";
import { ContentPageHeader } from "~/components/dashboard/content-page-header";

const PATH = href("/espace-membre/videos");

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
    groups: groups.map((g) => ({
      label: g.grade ? gradeLabel(g.grade) : "Tous grades",
      id: g.grade?.id ?? 0,
      videos: g.videos,
    })),
    grades: grades.map((g) => ({ value: String(g.id), label: gradeLabel(g) })),
    editing,
    editMissing: editId !== null && !editing,
    deleting,
    notice,
  };
}

type VideosIntent = "create" | "update" | "delete";

/** One handler per form (app/lib/http/intents.ts): add, edit, delete after confirmation. */
const HANDLERS: Record<VideosIntent, (userId: string, formData: FormData) => Promise<unknown>> = {
  create: (userId, formData) =>
    handleIntent("create", formData, videoFormSchema, async (input) => {
      const { id } = await createVideo(input, userId);
      return redirect(`${PATH}?ok=ajoutee#video-${id}`);
    }),
  update: (userId, formData) =>
    handleIntent("update", formData, videoUpdateSchema, async ({ id, version, ...input }) => {
      await updateVideo(id, version, input, userId);
      return redirect(`${PATH}?ok=modifiee#video-${id}`);
    }),
  delete: (_userId, formData) =>
    handleIntent("delete", formData, videoDeleteSchema, async ({ id }) => {
      await deleteVideo(id);
      return redirect(`${PATH}?ok=supprimee`);
    }),
};

export async function action({ request, context }: Route.ActionArgs) {
  const user = context.get(userContext);
  const formData = await readForm(request);
  return HANDLERS[intentOf(formData, HANDLERS)](user.id, formData);
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
  lastResult,
}: {
  editing: VideoView | null;
  grades: Array<{ value: string; label: string }>;
  lastResult?: SubmissionResult<string[]>;
}) {
  const [form, fields] = useClubForm({
    id: `video-${editing?.id ?? "nouvelle"}-${editing?.version ?? 0}`,
    schema: editing ? videoUpdateSchema : videoFormSchema,
    lastResult,
    defaultValue: valuesOf(editing),
  });
  return (
    <Form
      method="post"
      action={editing ? `${PATH}?modifier=${editing.id}` : PATH}
      {...getFormProps(form)}
      className="rounded-lg border border-slate-300 bg-white p-5 shadow-sm"
      aria-labelledby="video-form-title"
    >
      <h2 id="video-form-title" className="mb-4 text-xl font-semibold text-slate-900">
        {editing ? `Modifier la vidéo « ${editing.title} »` : "Ajouter une vidéo"}
      </h2>
      <FormErrors
        form={form}
        lastResult={lastResult}
        summary="La vidéo n’a pas été enregistrée : corrigez les champs signalés."
      />
      <input type="hidden" name="intent" value={editing ? "update" : "create"} />
      {editing ? (
        <>
          <input type="hidden" name="id" value={editing.id} />
          <input type="hidden" name="version" value={editing.version} />
        </>
      ) : null}
      <TextField label="Titre" required {...fieldProps(fields.title)} />
      <TextField
        label="Lien de la vidéo"
        type="url"
        required
        hint="Adresse d’une vidéo YouTube ou Vimeo, par exemple https://www.youtube.com/watch?v=… ou https://vimeo.com/…"
        {...fieldProps(fields.url)}
      />
      <div className="grid gap-x-4 sm:grid-cols-3">
        <SelectField
          label="Grade"
          options={[{ value: "", label: "Tous grades" }, ...grades]}
          {...fieldProps(fields.gradeId)}
        />
        <SelectField label="Catégorie" required options={VIDEO_CATEGORIES} {...fieldProps(fields.category)} />
        <TextField
          label="Ordre d’affichage"
          inputMode="numeric"
          hint="Les plus petits nombres d’abord."
          {...fieldProps(fields.position)}
        />
      </div>
      <TextAreaField label="Description" rows={3} {...fieldProps(fields.description)} />
      <div className="flex flex-wrap items-center gap-4">
        <SubmitButton pendingLabel="Enregistrement…">
          {editing ? "Enregistrer les modifications" : "Ajouter la vidéo"}
        </SubmitButton>
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
  const deleteRefused = resultOf(actionData, "delete");
  return (
    <div className="space-y-8">
      <ContentPageHeader title="Vidéos de révision">
        <p className="mt-2 text-slate-700">
          Les vidéos YouTube ou Vimeo que les membres retrouvent dans leur page de révision, classées par grade. Le
          lecteur ne se charge qu’au clic, depuis le domaine de YouTube sans cookies ou avec l’option « ne pas suivre »
          de Vimeo.
        </p>
      </ContentPageHeader>

      {notice ? <FormMessage tone="success">{notice}</FormMessage> : null}
      {editMissing ? <FormMessage>{VIDEO_GONE}</FormMessage> : null}
      {deleteRefused ? <FormMessage>{Object.values(firstErrors(deleteRefused))[0]}</FormMessage> : null}

      {deleting ? (
        <section aria-labelledby="delete-title" className="rounded-lg border-2 border-red-700 bg-red-50 p-5">
          <h2 id="delete-title" className="text-xl font-semibold text-red-900">
            Supprimer la vidéo « {deleting.title} » ?
          </h2>
          <p className="mt-2 text-slate-800">
            Elle disparaîtra de la page de révision des membres, ainsi que les cases « révisé » cochées pour cette
            vidéo.
          </p>
          <Form method="post" action={PATH} className="mt-4 flex flex-wrap items-center gap-4">
            <input type="hidden" name="intent" value="delete" />
            <input type="hidden" name="id" value={deleting.id} />
            <Button type="submit" variant="danger" size="lg">
              Supprimer définitivement
            </Button>
            <Link to={PATH} className="font-medium text-club-800 underline">
              Annuler
            </Link>
          </Form>
        </section>
      ) : null}

      <VideoForm
        key={`${editing?.id ?? "new"}-${editing?.version ?? 0}`}
        editing={editing}
        grades={grades}
        lastResult={resultOf(actionData, "create") ?? resultOf(actionData, "update")}
      />

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
                <li
                  key={video.id}
                  id={`video-${video.id}`}
                  className="rounded-lg border border-slate-300 bg-white p-4 shadow-sm"
                >
                  <VideoEmbed provider={video.provider} providerVideoId={video.providerVideoId} title={video.title} />
                  <h4 className="mt-3 text-lg font-semibold text-slate-900">{video.title}</h4>
                  <p className="text-sm text-slate-700">
                    <span className="mr-2 inline-block rounded bg-club-50 px-2 py-0.5 font-medium text-club-900">
                      {video.categoryLabel}
                    </span>
                    {video.provider === "vimeo" ? "Vimeo" : "YouTube"} · ordre {video.position}
                  </p>
                  {video.description ? (
                    <p className="mt-2 whitespace-pre-line text-slate-800">{video.description}</p>
                  ) : null}
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

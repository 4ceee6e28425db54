import { data, Form, href, Link, redirect } from "react-router";
import { userContext } from "~/lib/accounts/auth-context";
import type { Route } from "./+types/comics";
import { AdminSettingsNav } from "~/components/admin-nav";
import { FileField, useUploadCheck } from "~/components/file-field";
import {
  fieldProps,
  FormErrors,
  FormMessage,
  SubmitButton,
  TextAreaField,
  TextField,
  useClubForm,
  getFormProps,
} from "~/components/form";
import { OnceField } from "~/components/once-field";
import { ResponsiveImage } from "~/components/responsive-image";
import { deleteComic, listComicsForAdmin, saveComic, type ComicView } from "~/lib/content/club-files.server";
import { comicCreateSchema, comicDeleteSchema, comicUpdateSchema } from "~/lib/content/club-files-form";
import { firstErrors, positiveId } from "~/lib/http/forms";
import { handleIntent, intentOf, resultOf, type IntentAnswer } from "~/lib/http/intents";
import { newSubmissionToken, redirectOnce } from "~/lib/http/submissions.server";
import { pageMeta } from "~/lib/http/seo";
import { oversizedRequest } from "~/lib/content/uploads.server";
import { MAX_IMAGE_BYTES } from "~/lib/content/upload-limits";
import { Button } from "~/components/ui/button";
import { readForm, UPLOAD_BODY_LIMIT } from "~/lib/http/request.server";
import { ContentPageHeader } from "~/components/dashboard/content-page-header";

const PATH = href("/espace-membre/contenu/bd");

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: "BD humour", description: "Gérer les planches de la page BD humour.", noindex: true });

const NOTICES: Record<string, string> = {
  ajoute: "La planche a été ajoutée.",
  modifie: "La planche a été modifiée.",
  supprime: "La planche a été supprimée.",
};

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const list = await listComicsForAdmin();
  const editId = positiveId(url.searchParams.get("modifier"));
  const deleteId = positiveId(url.searchParams.get("supprimer"));
  return {
    list,
    editing: list.find((d) => d.id === editId) ?? null,
    deleting: list.find((d) => d.id === deleteId) ?? null,
    notice: NOTICES[url.searchParams.get("ok") ?? ""] ?? null,
    submissionToken: newSubmissionToken(),
  };
}

type ActionData = IntentAnswer<"create" | "update" | "delete">;

/** One handler per intent; a new strip is stored once however often it is sent. */
const HANDLERS = {
  create: (userId: string, formData: FormData) =>
    handleIntent("create", formData, comicCreateSchema, (input) =>
      redirectOnce("comic.create", formData, async () => `${PATH}?ok=ajoute#bd-${await saveComic(input, userId)}`),
    ),
  update: (userId: string, formData: FormData) =>
    handleIntent("update", formData, comicUpdateSchema, async (input) => {
      const id = await saveComic(input, userId);
      return redirect(`${PATH}?ok=modifie#bd-${id}`);
    }),
  delete: (_userId: string, formData: FormData) =>
    handleIntent("delete", formData, comicDeleteSchema, async ({ id }) => {
      await deleteComic(id);
      return redirect(`${PATH}?ok=supprime`);
    }),
} satisfies Record<ActionData["intent"], unknown>;

export async function action({ request, context }: Route.ActionArgs) {
  const user = context.get(userContext);
  const tooLarge = await oversizedRequest(request);
  // No value sent back: the form is not remounted and keeps what was typed.
  if (tooLarge)
    return data<ActionData>(
      { intent: "create", key: null, result: { status: "error", error: { file: [tooLarge.message] } } },
      { status: tooLarge.status },
    );
  const formData = await readForm(request, { limit: UPLOAD_BODY_LIMIT });
  return HANDLERS[intentOf(formData, HANDLERS)](user.id, formData);
}

function ComicForm({
  editing,
  actionData,
  token,
}: {
  editing: ComicView | null;
  actionData?: ActionData;
  token: string;
}) {
  const upload = useUploadCheck();
  const lastResult = resultOf(actionData, editing ? "update" : "create");
  const [form, fields] = useClubForm({
    schema: editing ? comicUpdateSchema : comicCreateSchema,
    lastResult,
    id: `comic-${editing ? `${editing.id}-${editing.version}` : "new"}`,
    defaultValue: editing
      ? { title: editing.title, alt: editing.alt, position: String(editing.position) }
      : { position: "0" },
  });
  const formProps = getFormProps(form);
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      {...formProps}
      onSubmit={upload.then(formProps.onSubmit)}
      action={editing ? `${PATH}?modifier=${editing.id}` : PATH}
      className="rounded-lg border border-slate-300 bg-white p-5 shadow-sm"
      aria-labelledby="comic-form-title"
    >
      <h2 id="comic-form-title" className="mb-4 text-xl font-semibold text-slate-900">
        {editing ? `Modifier « ${editing.title} »` : "Ajouter une planche"}
      </h2>
      <FormErrors
        form={form}
        lastResult={lastResult}
        summary="La planche n’a pas été enregistrée : corrigez les champs signalés."
      />
      <input type="hidden" name="intent" value={editing ? "update" : "create"} />
      {editing ? (
        <>
          <input type="hidden" name="id" value={editing.id} />
          <input type="hidden" name="version" value={editing.version} />
        </>
      ) : (
        <OnceField token={token} />
      )}
      <TextField label="Titre" required {...fieldProps(fields.title)} />
      <TextAreaField
        label="Texte alternatif"
        rows={3}
        required
        hint="Décrivez la planche (personnages, dialogues, chute) pour les personnes qui ne voient pas l’image."
        {...fieldProps(fields.alt)}
      />
      <TextField
        label="Ordre d’affichage"
        inputMode="numeric"
        hint="Les plus petits nombres d’abord."
        {...fieldProps(fields.position)}
      />
      <FileField
        label={editing ? "Remplacer l’image (facultatif)" : "Image de la planche"}
        name={fields.file.name}
        accept="image/jpeg,image/png,image/webp"
        required={!editing}
        hint="Une image JPEG, PNG ou WebP de 10 Mo au plus."
        maxBytes={MAX_IMAGE_BYTES}
        error={upload.errorFor("file") ?? fields.file.errors?.[0]}
      />
      <div className="flex flex-wrap items-center gap-4">
        <SubmitButton pendingLabel="Envoi…">
          {editing ? "Enregistrer les modifications" : "Ajouter la planche"}
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

export default function Comics({ loaderData, actionData }: Route.ComponentProps) {
  const { list, editing, deleting, notice, submissionToken } = loaderData;
  const deleteResult = resultOf(actionData, "delete");
  const error = deleteResult ? Object.values(firstErrors(deleteResult))[0] : undefined;
  return (
    <div className="space-y-6">
      <ContentPageHeader title="BD humour">
        <p className="mt-2 text-slate-700">
          Les planches de la page publique{" "}
          <Link to="/la-vie-du-club/bd-humour" className="font-medium text-club-800 underline">
            BD humour
          </Link>
          , dans l’ordre indiqué. Chaque planche a un texte alternatif qui la décrit.
        </p>
      </ContentPageHeader>
      <AdminSettingsNav />
      {notice ? <FormMessage tone="success">{notice}</FormMessage> : null}
      {error ? <FormMessage>{error}</FormMessage> : null}

      {deleting ? (
        <section aria-labelledby="delete-title" className="rounded-lg border-2 border-red-700 bg-red-50 p-5">
          <h2 id="delete-title" className="text-xl font-semibold text-red-900">
            Supprimer la planche « {deleting.title} » ?
          </h2>
          <p className="mt-2 text-slate-800">Elle disparaîtra de la page BD humour et son image sera effacée.</p>
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

      <ComicForm editing={editing} actionData={actionData ?? undefined} token={submissionToken} />

      <section aria-labelledby="list-title">
        <h2 id="list-title" className="text-2xl font-semibold text-slate-900">
          Planches publiées ({list.length})
        </h2>
        {list.length === 0 ? <p className="mt-3 text-slate-700">Aucune planche pour l’instant.</p> : null}
        <ul className="mt-3 grid gap-6 md:grid-cols-2">
          {list.map((c) => (
            <li key={c.id} id={`bd-${c.id}`} className="rounded-lg border border-slate-300 bg-white p-4 shadow-sm">
              {c.srcSet && c.src ? (
                <ResponsiveImage
                  image={{ ...c.srcSet, src: c.src }}
                  alt={c.alt}
                  sizes="(min-width: 768px) 480px, 100vw"
                  className="h-auto w-full"
                />
              ) : c.src ? (
                <img src={c.src} alt={c.alt} loading="lazy" className="h-auto w-full" />
              ) : null}
              <p className="mt-3 font-semibold text-slate-900">
                {c.position}. {c.title}
              </p>
              <p className="mt-1 text-sm text-slate-700">Texte alternatif : {c.alt}</p>
              <p className="mt-2 flex gap-4">
                <Link
                  to={`${PATH}?modifier=${c.id}#comic-form-title`}
                  className="font-medium text-club-800 underline"
                  aria-label={`Modifier « ${c.title} »`}
                >
                  Modifier
                </Link>
                <Link
                  to={`${PATH}?supprimer=${c.id}`}
                  className="font-medium text-red-800 underline"
                  aria-label={`Supprimer « ${c.title} »`}
                >
                  Supprimer
                </Link>
              </p>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

import { data, Form, href, Link, redirect } from "react-router";
import { userContext } from "~/lib/accounts/auth-context";
import type { Route } from "./+types/documents";
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
import {
  deleteDocument,
  listDocumentsForAdmin,
  saveDocument,
  type DocumentView,
} from "~/lib/content/club-files.server";
import { documentCreateSchema, documentDeleteSchema, documentUpdateSchema } from "~/lib/content/club-files-form";
import { firstErrors, positiveId } from "~/lib/http/forms";
import { handleIntent, intentOf, resultOf, type IntentAnswer } from "~/lib/http/intents";
import { newSubmissionToken, redirectOnce } from "~/lib/http/submissions.server";
import { pageMeta } from "~/lib/http/seo";
import { oversizedRequest } from "~/lib/content/uploads.server";
import { MAX_PDF_BYTES } from "~/lib/content/upload-limits";
import { Button } from "~/components/ui/button";
import { readForm, UPLOAD_BODY_LIMIT } from "~/lib/http/request.server";
import { ContentPageHeader } from "~/components/dashboard/content-page-header";

const PATH = href("/espace-membre/contenu/documents");

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Documents d’inscription",
    description: "Gérer les documents PDF proposés sur la page Inscription.",
    noindex: true,
  });

const NOTICES: Record<string, string> = {
  ajoute: "Le document a été ajouté.",
  modifie: "Le document a été modifié.",
  supprime: "Le document a été supprimé.",
};

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const list = await listDocumentsForAdmin();
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

/** One handler per intent; a new document is stored once however often it is sent. */
const HANDLERS = {
  create: (userId: string, formData: FormData) =>
    handleIntent("create", formData, documentCreateSchema, (input) =>
      redirectOnce(
        "document.create",
        formData,
        async () => `${PATH}?ok=ajoute#document-${await saveDocument(input, userId)}`,
      ),
    ),
  update: (userId: string, formData: FormData) =>
    handleIntent("update", formData, documentUpdateSchema, async (input) => {
      const id = await saveDocument(input, userId);
      return redirect(`${PATH}?ok=modifie#document-${id}`);
    }),
  delete: (_userId: string, formData: FormData) =>
    handleIntent("delete", formData, documentDeleteSchema, async ({ id }) => {
      await deleteDocument(id);
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

function sizeText(bytes: number | null) {
  if (!bytes) return "";
  return bytes < 1024 * 1024
    ? `${Math.max(1, Math.round(bytes / 1024))} Ko`
    : `${(bytes / (1024 * 1024)).toFixed(1).replace(".", ",")} Mo`;
}

function DocumentForm({
  editing,
  actionData,
  token,
}: {
  editing: DocumentView | null;
  actionData?: ActionData;
  token: string;
}) {
  const upload = useUploadCheck();
  const lastResult = resultOf(actionData, editing ? "update" : "create");
  const [form, fields] = useClubForm({
    schema: editing ? documentUpdateSchema : documentCreateSchema,
    lastResult,
    id: `document-${editing ? `${editing.id}-${editing.version}` : "new"}`,
    defaultValue: editing
      ? { title: editing.title, description: editing.description, position: String(editing.position) }
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
      aria-labelledby="document-form-title"
    >
      <h2 id="document-form-title" className="mb-4 text-xl font-semibold text-slate-900">
        {editing ? `Modifier « ${editing.title} »` : "Ajouter un document"}
      </h2>
      <FormErrors
        form={form}
        lastResult={lastResult}
        summary="Le document n’a pas été enregistré : corrigez les champs signalés."
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
      <TextAreaField label="Description" rows={2} {...fieldProps(fields.description)} />
      <TextField
        label="Ordre d’affichage"
        inputMode="numeric"
        hint="Les plus petits nombres d’abord."
        {...fieldProps(fields.position)}
      />
      <FileField
        label={editing ? "Remplacer le fichier PDF (facultatif)" : "Fichier PDF"}
        name={fields.file.name}
        accept="application/pdf,.pdf"
        required={!editing}
        hint="Un document PDF de 20 Mo au plus."
        maxBytes={MAX_PDF_BYTES}
        error={upload.errorFor("file") ?? fields.file.errors?.[0]}
      />
      <div className="flex flex-wrap items-center gap-4">
        <SubmitButton pendingLabel="Envoi…">
          {editing ? "Enregistrer les modifications" : "Ajouter le document"}
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

export default function Documents({ loaderData, actionData }: Route.ComponentProps) {
  const { list, editing, deleting, notice, submissionToken } = loaderData;
  const deleteResult = resultOf(actionData, "delete");
  const error = deleteResult ? Object.values(firstErrors(deleteResult))[0] : undefined;
  return (
    <div className="space-y-6">
      <ContentPageHeader title="Documents d’inscription">
        <p className="mt-2 text-slate-700">
          Les documents à télécharger sur la page publique{" "}
          <Link to="/inscription-documents" className="font-medium text-club-800 underline">
            Inscription
          </Link>
          , dans l’ordre indiqué.
        </p>
        <p className="mt-2 text-slate-700">
          Le règlement intérieur est celui du club : partez si vous le souhaitez du{" "}
          <a href="/documents/modele-reglement-interieur.pdf" className="font-medium text-club-800 underline">
            modèle de règlement intérieur
          </a>{" "}
          (PDF), adaptez-le, faites-le adopter par le bureau, puis ajoutez-le ici.
        </p>
      </ContentPageHeader>
      <AdminSettingsNav />
      {notice ? <FormMessage tone="success">{notice}</FormMessage> : null}
      {error ? <FormMessage>{error}</FormMessage> : null}

      {deleting ? (
        <section aria-labelledby="delete-title" className="rounded-lg border-2 border-red-700 bg-red-50 p-5">
          <h2 id="delete-title" className="text-xl font-semibold text-red-900">
            Supprimer le document « {deleting.title} » ?
          </h2>
          <p className="mt-2 text-slate-800">
            Il ne sera plus proposé sur la page Inscription et son fichier sera effacé.
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

      <DocumentForm editing={editing} actionData={actionData ?? undefined} token={submissionToken} />

      <section aria-labelledby="list-title">
        <h2 id="list-title" className="text-2xl font-semibold text-slate-900">
          Documents proposés ({list.length})
        </h2>
        {list.length === 0 ? <p className="mt-3 text-slate-700">Aucun document pour l’instant.</p> : null}
        <ul className="mt-3 divide-y divide-slate-200 rounded-lg border border-slate-300 bg-white">
          {list.map((d) => (
            <li key={d.id} id={`document-${d.id}`} className="p-4">
              <p className="font-semibold text-slate-900">
                {d.position}. {d.title}
              </p>
              {d.description ? <p className="text-slate-800">{d.description}</p> : null}
              <p className="mt-1 text-sm text-slate-700">
                {d.href ? (
                  <a href={d.href} className="text-club-800 underline">
                    {d.fileName ?? "Ouvrir le fichier"}
                  </a>
                ) : (
                  "Aucun fichier"
                )}
                {d.size ? ` · ${sizeText(d.size)}` : ""}
                {d.shipped ? " · fichier fourni avec le site" : ""}
              </p>
              <p className="mt-2 flex gap-4">
                <Link
                  to={`${PATH}?modifier=${d.id}#document-form-title`}
                  className="font-medium text-club-800 underline"
                  aria-label={`Modifier « ${d.title} »`}
                >
                  Modifier
                </Link>
                <Link
                  to={`${PATH}?supprimer=${d.id}`}
                  className="font-medium text-red-800 underline"
                  aria-label={`Supprimer « ${d.title} »`}
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

import { data, Form, Link, redirect } from "react-router";
import { DomainError } from "~/lib/core/errors";
import type { Route } from "./+types/documents";
import { AdminSettingsNav } from "~/components/admin-nav";
import { FileField, useUploadCheck } from "~/components/file-field";
import { FormMessage, SubmitButton, TextAreaField, TextField } from "~/components/form";
import { deleteDocument, listDocumentsForAdmin, saveDocument, type DocumentView } from "~/lib/content/club-files.server";
import { formValues, type FieldErrors, positiveId } from "~/lib/http/forms";
import { requireRoles } from "~/lib/accounts/session.server";
import { ADMIN_ONLY } from "~/lib/accounts/roles";
import { pageMeta } from "~/lib/http/seo";
import { oversizedRequest, uploadedFile } from "~/lib/content/uploads.server";
import { MAX_PDF_BYTES } from "~/lib/content/upload-limits";
import { Button } from "~/components/ui/button";

const PATH = "/espace-membre/contenu/documents";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: "Documents d’inscription", description: "Gérer les documents PDF proposés sur la page Inscription.", noindex: true });

const NOTICES: Record<string, string> = {
  ajoute: "Le document a été ajouté.",
  modifie: "Le document a été modifié.",
  supprime: "Le document a été supprimé.",
};

export async function loader({ request }: Route.LoaderArgs) {
  await requireRoles(request, ADMIN_ONLY);
  const url = new URL(request.url);
  const list = await listDocumentsForAdmin();
  const editId = positiveId(url.searchParams.get("modifier"));
  const deleteId = positiveId(url.searchParams.get("supprimer"));
  return {
    list,
    editing: list.find((d) => d.id === editId) ?? null,
    deleting: list.find((d) => d.id === deleteId) ?? null,
    notice: NOTICES[url.searchParams.get("ok") ?? ""] ?? null,
  };
}

type ActionData = { errors: FieldErrors; values?: Record<string, string>; deleteError?: string };

export async function action({ request }: Route.ActionArgs) {
  const user = await requireRoles(request, ADMIN_ONLY);
  const tooLarge = await oversizedRequest(request);
  // No value sent back: the form is not remounted and keeps what was typed.
  if (tooLarge) return data<ActionData>({ errors: { file: tooLarge.message } }, { status: tooLarge.status });
  const formData = await request.formData();
  const intent = formData.get("intent");
  if (intent === "delete") {
    try {
      await deleteDocument(positiveId(formData.get("id")) ?? 0);
    } catch (err) {
      if (err instanceof DomainError) return data<ActionData>({ errors: {}, deleteError: err.message }, { status: err.status });
      throw err;
    }
    return redirect(`${PATH}?ok=supprime`);
  }
  if (intent !== "create" && intent !== "update") throw new Response("Action inconnue", { status: 400 });
  const values = formValues(formData);
  const result = await saveDocument(
    {
      id: intent === "update" ? (positiveId(values.id) ?? -1) : undefined,
      version: Number(values.version),
      values,
      file: uploadedFile(formData, "file"),
    },
    user.id,
  );
  if (!result.ok) return data<ActionData>({ errors: result.errors, values }, { status: result.status });
  return redirect(`${PATH}?ok=${intent === "create" ? "ajoute" : "modifie"}#document-${result.id}`);
}

function sizeText(bytes: number | null) {
  if (!bytes) return "";
  return bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} Ko` : `${(bytes / (1024 * 1024)).toFixed(1).replace(".", ",")} Mo`;
}

function DocumentForm({ editing, actionData }: { editing: DocumentView | null; actionData?: ActionData }) {
  const errors = actionData?.errors ?? {};
  const upload = useUploadCheck();
  const values =
    actionData?.values ??
    (editing ? { title: editing.title, description: editing.description, position: String(editing.position) } : { position: "0" });
  return (
    <Form
      method="post"
      encType="multipart/form-data"
        onSubmit={upload.onSubmit}
      action={editing ? `${PATH}?modifier=${editing.id}` : PATH}
      noValidate
      key={`${editing?.id ?? "new"}-${JSON.stringify(actionData?.values ?? null)}`}
      className="rounded-lg border border-slate-300 bg-white p-5 shadow-sm"
      aria-labelledby="document-form-title"
    >
      <h2 id="document-form-title" className="mb-4 text-xl font-semibold text-slate-900">
        {editing ? `Modifier « ${editing.title} »` : "Ajouter un document"}
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
      <TextAreaField label="Description" name="description" rows={2} defaultValue={values.description} error={errors.description} />
      <TextField
        label="Ordre d’affichage"
        name="position"
        inputMode="numeric"
        hint="Les plus petits nombres d’abord."
        defaultValue={values.position}
        error={errors.position}
      />
      <FileField
        label={editing ? "Remplacer le fichier PDF (facultatif)" : "Fichier PDF"}
        name="file"
        accept="application/pdf,.pdf"
        required={!editing}
        hint="Un document PDF de 20 Mo au plus."
        maxBytes={MAX_PDF_BYTES}
        error={upload.errorFor("file") ?? errors.file}
      />
      <div className="flex flex-wrap items-center gap-4">
        <SubmitButton pendingLabel="Envoi…">{editing ? "Enregistrer les modifications" : "Ajouter le document"}</SubmitButton>
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
  const { list, editing, deleting, notice } = loaderData;
  const error = actionData?.deleteError;
  return (
    <div className="space-y-6">
      <div>
        <p className="mb-2 text-sm">
          <Link to="/espace-membre/contenu" className="text-club-800 underline">
            Tableau de bord du contenu
          </Link>
        </p>
        <h1 className="text-3xl font-bold text-slate-900">Documents d’inscription</h1>
        <p className="mt-2 text-slate-700">
          Les documents à télécharger sur la page publique{" "}
          <Link to="/inscription-documents" className="font-medium text-club-800 underline">
            Inscription
          </Link>
          , dans l’ordre indiqué.
        </p>
      </div>
      <AdminSettingsNav />
      {notice ? <FormMessage tone="success">{notice}</FormMessage> : null}
      {error ? <FormMessage>{error}</FormMessage> : null}

      {deleting ? (
        <section aria-labelledby="delete-title" className="rounded-lg border-2 border-red-700 bg-red-50 p-5">
          <h2 id="delete-title" className="text-xl font-semibold text-red-900">
            Supprimer le document « {deleting.title} » ?
          </h2>
          <p className="mt-2 text-slate-800">Il ne sera plus proposé sur la page Inscription et son fichier sera effacé.</p>
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

      <DocumentForm editing={editing} actionData={actionData ?? undefined} />

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
                <Link to={`${PATH}?modifier=${d.id}#document-form-title`} className="font-medium text-club-800 underline" aria-label={`Modifier « ${d.title} »`}>
                  Modifier
                </Link>
                <Link to={`${PATH}?supprimer=${d.id}`} className="font-medium text-red-800 underline" aria-label={`Supprimer « ${d.title} »`}>
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

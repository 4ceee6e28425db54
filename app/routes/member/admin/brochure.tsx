import { data, Form, Link, redirect } from "react-router";
import type { Route } from "./+types/brochure";
import { AdminSettingsNav, LastChange } from "~/components/admin-nav";
import { FileField, useUploadCheck } from "~/components/file-field";
import { FormMessage, SubmitButton, TextField } from "~/components/form";
import { getBrochure, removeBrochure, saveBrochure } from "~/lib/content/club-files.server";
import { formValues, type FieldErrors } from "~/lib/http/forms";
import { requireRoles } from "~/lib/accounts/session.server";
import { ADMIN_ONLY } from "~/lib/accounts/roles";
import { pageMeta } from "~/lib/http/seo";
import { settingMeta } from "~/lib/club/settings-admin.server";
import { oversizedRequest, uploadedFile } from "~/lib/content/uploads.server";
import { MAX_PDF_BYTES } from "~/lib/content/upload-limits";
import { Button } from "~/components/ui/button";

const PATH = "/espace-membre/contenu/brochure";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: "Brochure du club", description: "Déposer la brochure PDF du club, proposée dans l’espace membre.", noindex: true });

const NOTICES: Record<string, string> = {
  enregistree: "La brochure a été enregistrée.",
  retiree: "La brochure a été retirée de l’espace membre.",
};

export async function loader({ request }: Route.LoaderArgs) {
  await requireRoles(request, ADMIN_ONLY);
  const [brochure, lastChange] = await Promise.all([getBrochure(), settingMeta("brochure")]);
  return { brochure, lastChange, notice: NOTICES[new URL(request.url).searchParams.get("ok") ?? ""] ?? null };
}

type ActionData = { errors: FieldErrors; values?: Record<string, string> };

export async function action({ request }: Route.ActionArgs) {
  const user = await requireRoles(request, ADMIN_ONLY);
  const tooLarge = await oversizedRequest(request);
  // No value sent back: the form is not remounted and keeps what was typed.
  if (tooLarge) return data<ActionData>({ errors: { file: tooLarge.message } }, { status: tooLarge.status });
  const formData = await request.formData();
  if (formData.get("intent") === "remove") {
    await removeBrochure(user.id);
    return redirect(`${PATH}?ok=retiree`);
  }
  const values = formValues(formData);
  const result = await saveBrochure(values, uploadedFile(formData, "file"), user.id);
  if (!result.ok) return data<ActionData>({ errors: result.errors, values }, { status: result.status });
  return redirect(`${PATH}?ok=enregistree`);
}

export default function Brochure({ loaderData, actionData }: Route.ComponentProps) {
  const { brochure, lastChange, notice } = loaderData;
  const errors = actionData?.errors ?? {};
  const upload = useUploadCheck();
  const values = actionData?.values ?? { title: brochure.title };
  return (
    <div className="space-y-6">
      <div>
        <p className="mb-2 text-sm">
          <Link to="/espace-membre/contenu" className="text-club-800 underline">
            Tableau de bord du contenu
          </Link>
        </p>
        <h1 className="text-3xl font-bold text-slate-900">Brochure du club</h1>
        <p className="mt-2 text-slate-700">
          Un document PDF (présentation du club, règlement intérieur…) que les membres retrouvent sur la page{" "}
          <Link to="/espace-membre/brochure" className="font-medium text-club-800 underline">
            Brochure
          </Link>{" "}
          de leur espace.
        </p>
        <LastChange {...lastChange} />
      </div>
      <AdminSettingsNav />
      {notice ? <FormMessage tone="success">{notice}</FormMessage> : null}

      <section aria-labelledby="current-title" className="rounded-lg border border-slate-300 bg-white p-5 shadow-sm">
        <h2 id="current-title" className="text-xl font-semibold text-slate-900">
          Brochure actuelle
        </h2>
        {brochure.href ? (
          <div className="mt-2 flex flex-wrap items-center gap-4">
            <a href={brochure.href} className="font-medium text-club-800 underline">
              {brochure.title} ({brochure.fileName})
            </a>
            <Form method="post">
              <Button type="submit" name="intent" value="remove" variant="danger-outline">
                Retirer la brochure
              </Button>
            </Form>
          </div>
        ) : (
          <p className="mt-2 text-slate-700">Aucune brochure n’est déposée : la page de l’espace membre l’indique aux membres.</p>
        )}
      </section>

      <Form
        method="post"
        encType="multipart/form-data"
        onSubmit={upload.onSubmit}
        noValidate
        key={JSON.stringify(actionData?.values ?? null)}
        className="rounded-lg border border-slate-300 bg-white p-5 shadow-sm"
        aria-labelledby="form-title"
      >
        <h2 id="form-title" className="mb-4 text-xl font-semibold text-slate-900">
          {brochure.href ? "Modifier le titre ou remplacer le fichier" : "Déposer la brochure"}
        </h2>
        <input type="hidden" name="intent" value="save" />
        <TextField label="Titre" name="title" required defaultValue={values.title} error={errors.title} />
        <FileField
          label={brochure.href ? "Nouveau fichier PDF (facultatif)" : "Fichier PDF"}
          name="file"
          accept="application/pdf,.pdf"
          required={!brochure.href}
          hint="Un document PDF de 20 Mo au plus."
          maxBytes={MAX_PDF_BYTES}
        error={upload.errorFor("file") ?? errors.file}
        />
        <SubmitButton pendingLabel="Envoi…">Enregistrer</SubmitButton>
      </Form>
    </div>
  );
}

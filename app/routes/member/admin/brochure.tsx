import { data, Form, href, Link, redirect } from "react-router";
import { userContext } from "~/lib/accounts/auth-context";
import type { Route } from "./+types/brochure";
import { AdminSettingsNav, LastChange } from "~/components/admin-nav";
import { FileField, useUploadCheck } from "~/components/file-field";
import {
  fieldProps,
  FormErrors,
  FormMessage,
  SubmitButton,
  TextField,
  useClubForm,
  getFormProps,
} from "~/components/form";
import { getBrochure, removeBrochure, saveBrochure } from "~/lib/content/club-files.server";
import { brochureSchema } from "~/lib/content/club-files-form";
import { handleIntent, intentOf, resultOf, type IntentAnswer } from "~/lib/http/intents";
import { pageMeta } from "~/lib/http/seo";
import { settingMeta } from "~/lib/club/settings-save.server";
import { oversizedRequest } from "~/lib/content/uploads.server";
import { MAX_PDF_BYTES } from "~/lib/content/upload-limits";
import { Button } from "~/components/ui/button";
import { readForm, UPLOAD_BODY_LIMIT } from "~/lib/http/request.server";
import { ContentPageHeader } from "~/components/dashboard/content-page-header";

const PATH = href("/espace-membre/contenu/brochure");

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Brochure du club",
    description: "Déposer la brochure PDF du club, proposée dans l’espace membre.",
    noindex: true,
  });

const NOTICES: Record<string, string> = {
  enregistree: "La brochure a été enregistrée.",
  retiree: "La brochure a été retirée de l’espace membre.",
};

export async function loader({ request }: Route.LoaderArgs) {
  const [brochure, lastChange] = await Promise.all([getBrochure(), settingMeta("brochure")]);
  return { brochure, lastChange, notice: NOTICES[new URL(request.url).searchParams.get("ok") ?? ""] ?? null };
}

type ActionData = IntentAnswer<"save" | "remove">;

/** One handler per intent. */
const HANDLERS = {
  save: (userId: string, formData: FormData) =>
    handleIntent("save", formData, brochureSchema, async (input) => {
      await saveBrochure(input, userId);
      return redirect(`${PATH}?ok=enregistree`);
    }),
  remove: async (userId: string) => {
    await removeBrochure(userId);
    return redirect(`${PATH}?ok=retiree`);
  },
} satisfies Record<ActionData["intent"], unknown>;

export async function action({ request, context }: Route.ActionArgs) {
  const user = context.get(userContext);
  const tooLarge = await oversizedRequest(request);
  // No value sent back: the form is not remounted and keeps what was typed.
  if (tooLarge)
    return data<ActionData>(
      { intent: "save", key: null, result: { status: "error", error: { file: [tooLarge.message] } } },
      { status: tooLarge.status },
    );
  const formData = await readForm(request, { limit: UPLOAD_BODY_LIMIT });
  return HANDLERS[intentOf(formData, HANDLERS)](user.id, formData);
}

export default function Brochure({ loaderData, actionData }: Route.ComponentProps) {
  const { brochure, lastChange, notice } = loaderData;
  const upload = useUploadCheck();
  const lastResult = resultOf(actionData, "save");
  const [form, fields] = useClubForm({ schema: brochureSchema, lastResult, defaultValue: { title: brochure.title } });
  const formProps = getFormProps(form);
  return (
    <div className="space-y-6">
      <ContentPageHeader title="Brochure du club">
        <p className="mt-2 text-slate-700">
          Un document PDF (présentation du club, règlement intérieur…) que les membres retrouvent sur la page{" "}
          <Link to={href("/espace-membre/brochure")} className="font-medium text-club-800 underline">
            Brochure
          </Link>{" "}
          de leur espace.
        </p>
        <LastChange {...lastChange} />
      </ContentPageHeader>
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
          <p className="mt-2 text-slate-700">
            Aucune brochure n’est déposée : la page de l’espace membre l’indique aux membres.
          </p>
        )}
      </section>

      <Form
        method="post"
        encType="multipart/form-data"
        {...formProps}
        onSubmit={upload.then(formProps.onSubmit)}
        className="rounded-lg border border-slate-300 bg-white p-5 shadow-sm"
        aria-labelledby="form-title"
      >
        <h2 id="form-title" className="mb-4 text-xl font-semibold text-slate-900">
          {brochure.href ? "Modifier le titre ou remplacer le fichier" : "Déposer la brochure"}
        </h2>
        <FormErrors
          form={form}
          lastResult={lastResult}
          summary="La brochure n’a pas été enregistrée : corrigez les champs signalés."
        />
        <input type="hidden" name="intent" value="save" />
        <TextField label="Titre" required {...fieldProps(fields.title)} />
        <FileField
          label={brochure.href ? "Nouveau fichier PDF (facultatif)" : "Fichier PDF"}
          name={fields.file.name}
          accept="application/pdf,.pdf"
          required={!brochure.href}
          hint="Un document PDF de 20 Mo au plus."
          maxBytes={MAX_PDF_BYTES}
          error={upload.errorFor("file") ?? fields.file.errors?.[0]}
        />
        <SubmitButton pendingLabel="Envoi…">Enregistrer</SubmitButton>
      </Form>
    </div>
  );
}

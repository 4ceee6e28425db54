import { data, Form, href, redirect } from "react-router";
import { userContext } from "~/lib/accounts/auth-context";
import type { Route } from "./+types/banners";
import { AdminSettingsNav, LastChange } from "~/components/admin-nav";
import { FileField, useUploadCheck } from "~/components/file-field";
import {
  fieldProps,
  FormErrors,
  FormMessage,
  SelectField,
  SubmitButton,
  useClubForm,
  getFormProps,
} from "~/components/form";
import { ResponsiveImage } from "~/components/responsive-image";
import {
  bannerSections,
  getBannerOverrideImages,
  resetBannerImage,
  setBannerImage,
} from "~/lib/content/banners.server";
import { firstErrors } from "~/lib/http/forms";
import { handleIntent, intentOf, resultOf } from "~/lib/http/intents";
import { bannerResetSchema, bannerSchema } from "~/lib/content/banner-form";
import { pageMeta } from "~/lib/http/seo";
import { settingMeta } from "~/lib/club/settings-save.server";
import { oversizedRequest } from "~/lib/content/uploads.server";
import { MAX_IMAGE_BYTES } from "~/lib/content/upload-limits";
import { readForm, UPLOAD_BODY_LIMIT } from "~/lib/http/request.server";
import { ContentPageHeader } from "~/components/dashboard/content-page-header";

const PATH = href("/espace-membre/contenu/bannieres");

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Images des bannières",
    description: "Choisir l’image de la bannière de chaque rubrique du site.",
    noindex: true,
  });

const NOTICES: Record<string, string> = {
  enregistree: "L’image de la bannière a été enregistrée.",
  retablie: "L’image d’origine de la bannière a été rétablie.",
};

export async function loader({ request }: Route.LoaderArgs) {
  const [overrides, lastChange] = await Promise.all([getBannerOverrideImages(), settingMeta("banners")]);
  const sections = bannerSections().map((s) => ({ ...s, override: overrides[s.prefix] ?? null }));
  return { sections, lastChange, notice: NOTICES[new URL(request.url).searchParams.get("ok") ?? ""] ?? null };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = context.get(userContext);
  const tooLarge = await oversizedRequest(request);
  // No value sent back: the form is not remounted and keeps what was chosen.
  if (tooLarge)
    return data(
      { intent: "upload", key: null, result: { status: "error" as const, error: { file: [tooLarge.message] } } },
      { status: tooLarge.status },
    );
  const formData = await readForm(request, { limit: UPLOAD_BODY_LIMIT });
  return HANDLERS[intentOf(formData, HANDLERS)](user.id, formData);
}

/** One handler per form (app/lib/http/intents.ts): upload an image, or put a section's original back. */
const HANDLERS: Record<"upload" | "reset", (userId: string, formData: FormData) => Promise<unknown>> = {
  upload: (userId, formData) =>
    handleIntent("upload", formData, bannerSchema, async ({ section, file }) => {
      await setBannerImage(section, file, userId);
      return redirect(`${PATH}?ok=enregistree`);
    }),
  reset: (userId, formData) =>
    handleIntent("reset", formData, bannerResetSchema, async ({ section }) => {
      await resetBannerImage(section, userId);
      return redirect(`${PATH}?ok=retablie`);
    }),
};

export default function Banners({ loaderData, actionData }: Route.ComponentProps) {
  const { sections, lastChange, notice } = loaderData;
  const upload = useUploadCheck();
  const lastResult = resultOf(actionData, "upload");
  const resetRefused = resultOf(actionData, "reset");
  const [form, fields] = useClubForm({ schema: bannerSchema, lastResult, defaultValue: { section: "/" } });
  const formProps = getFormProps(form);
  return (
    <div className="space-y-6">
      <ContentPageHeader title="Images des bannières">
        <p className="mt-2 text-slate-700">
          Chaque page, sauf l’accueil, montre une bannière avec le nom de sa rubrique. Vous pouvez remplacer l’image
          d’une rubrique par une photo du club (au format paysage, au moins 1 600 pixels de large de préférence) ; elle
          vaut aussi pour ses sous-pages qui n’ont pas leur propre image.
        </p>
        <LastChange {...lastChange} />
      </ContentPageHeader>
      <AdminSettingsNav />
      {notice ? <FormMessage tone="success">{notice}</FormMessage> : null}
      {resetRefused ? <FormMessage>{Object.values(firstErrors(resetRefused))[0]}</FormMessage> : null}

      <Form
        method="post"
        encType="multipart/form-data"
        {...formProps}
        onSubmit={upload.then(formProps.onSubmit)}
        className="rounded-lg border border-slate-300 bg-white p-5 shadow-sm"
        aria-labelledby="form-title"
      >
        <h2 id="form-title" className="mb-4 text-xl font-semibold text-slate-900">
          Changer une image
        </h2>
        <FormErrors
          form={form}
          lastResult={lastResult}
          summary="L’image n’a pas été enregistrée : corrigez les champs signalés."
        />
        <input type="hidden" name="intent" value="upload" />
        <SelectField
          label="Rubrique"
          options={sections.map((s) => ({
            value: s.prefix,
            label: s.prefix === "/" ? s.name : `${s.name} (${s.prefix})`,
          }))}
          {...fieldProps(fields.section)}
        />
        <FileField
          label="Image"
          name={fields.file.name}
          accept="image/jpeg,image/png,image/webp"
          required
          hint="JPEG, PNG ou WebP, 10 Mo au plus."
          maxBytes={MAX_IMAGE_BYTES}
          error={upload.errorFor("file") ?? fields.file.errors?.[0]}
        />
        <SubmitButton pendingLabel="Envoi…">Enregistrer l’image</SubmitButton>
      </Form>

      <section aria-labelledby="list-title">
        <h2 id="list-title" className="text-2xl font-semibold text-slate-900">
          Images actuelles
        </h2>
        <ul className="mt-3 grid gap-4 md:grid-cols-2">
          {sections.map((s) => (
            <li key={s.prefix} className="rounded-lg border border-slate-300 bg-white p-3">
              <div className="h-24 overflow-hidden rounded bg-slate-200">
                {s.override ? (
                  <ResponsiveImage image={s.override} alt="" sizes="480px" className="h-24 w-full object-cover" />
                ) : (
                  <img src={s.defaultImage} alt="" loading="lazy" className="h-24 w-full object-cover" />
                )}
              </div>
              <p className="mt-2 font-semibold text-slate-900">{s.name}</p>
              <p className="text-sm text-slate-700">
                {s.prefix} · {s.override ? "image déposée" : "image d’origine"}
              </p>
              {s.override ? (
                <Form method="post" className="mt-2">
                  <input type="hidden" name="section" value={s.prefix} />
                  <button
                    type="submit"
                    name="intent"
                    value="reset"
                    className="text-sm font-medium text-club-800 underline"
                    aria-label={`Rétablir l’image d’origine de « ${s.name} »`}
                  >
                    Rétablir l’image d’origine
                  </button>
                </Form>
              ) : null}
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

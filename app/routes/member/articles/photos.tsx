/**
 * /espace-membre/articles/photos (admins and article managers):
 * upload a photo for an article with, when members can be recognised on it,
 * the statement that their consent was obtained (recorded with who and when);
 * withdraw a photo, which removes it from every public page at once.
 */
import { refusedWith } from "~/lib/http/responses";
import { data, Form, href, Link, redirect } from "react-router";
import type { Route } from "./+types/photos";
import { userContext } from "~/lib/accounts/auth-context";
import { FileField, useUploadCheck } from "~/components/file-field";
import {
  checkboxProps,
  fieldProps,
  FormErrors,
  FormMessage,
  SelectField,
  SubmitButton,
  TextField,
  useClubForm,
  getFormProps,
} from "~/components/form";
import { CheckboxField } from "~/components/checkbox-field";
import { ResponsiveImage } from "~/components/responsive-image";
import { Button } from "~/components/ui/button";
import { addPhoto, listArticleChoices, listPhotosForAdmin, withdrawPhoto } from "~/lib/content/photos.server";
import { photoUploadSchema, photoWithdrawSchema } from "~/lib/content/photos";
import { oversizedRequest } from "~/lib/content/uploads.server";
import { MAX_IMAGE_BYTES } from "~/lib/content/upload-limits";
import { formatDateTime } from "~/lib/core/time";
import { handleIntent, intentOf, resultOf } from "~/lib/http/intents";
import type { SessionUser } from "~/lib/accounts/session.server";
import { readForm, UPLOAD_BODY_LIMIT } from "~/lib/http/request.server";
import { pageMeta } from "~/lib/http/seo";

const PATH = href("/espace-membre/articles/photos");

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Photos des articles",
    description: "Ajouter des photos aux articles, avec l’accord des personnes reconnaissables.",
    noindex: true,
  });

const NOTICES: Record<string, string> = {
  ajoutee: "La photo a été ajoutée.",
  retiree: "La photo a été retirée : elle n’apparaît plus nulle part sur le site.",
};

export async function loader({ request }: Route.LoaderArgs) {
  const [photos, articles] = await Promise.all([listPhotosForAdmin(), listArticleChoices()]);
  return { photos, articles, notice: NOTICES[new URL(request.url).searchParams.get("ok") ?? ""] ?? null };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = context.get(userContext);
  const tooLarge = await oversizedRequest(request);
  if (tooLarge)
    return data(
      { intent: "upload", key: null, result: { status: "error" as const, error: { file: [tooLarge.message] } } },
      { status: tooLarge.status },
    );
  const formData = await readForm(request, { limit: UPLOAD_BODY_LIMIT });
  return HANDLERS[intentOf(formData, HANDLERS)](user, formData);
}

/** One handler per form (app/lib/http/intents.ts): add a photo, or withdraw one (a refusal is an error page). */
const HANDLERS: Record<"upload" | "withdraw", (user: SessionUser, formData: FormData) => Promise<unknown>> = {
  upload: (user, formData) =>
    handleIntent("upload", formData, photoUploadSchema, async (input) => {
      await addPhoto({ ...input, caption: input.caption ?? "" }, user);
      return redirect(`${PATH}?ok=ajoutee`);
    }),
  withdraw: (user, formData) =>
    handleIntent(
      "withdraw",
      formData,
      photoWithdrawSchema,
      async ({ photoId }) => {
        await withdrawPhoto(photoId, user);
        return redirect(`${PATH}?ok=retiree`);
      },
      {
        onDomainError: (err) => {
          refusedWith(err);
        },
      },
    ),
};

export default function Photos({ loaderData, actionData }: Route.ComponentProps) {
  const { photos, articles, notice } = loaderData;
  const upload = useUploadCheck();
  const lastResult = resultOf(actionData, "upload");
  const [form, fields] = useClubForm({ schema: photoUploadSchema, lastResult });
  const formProps = getFormProps(form);
  return (
    <div className="space-y-6">
      <div>
        <p className="mb-2 text-sm">
          <Link to={href("/espace-membre/articles")} className="text-club-800 underline">
            Les articles
          </Link>
        </p>
        <h1 className="text-3xl font-bold text-slate-900">Photos des articles</h1>
        <p className="mt-2 text-slate-700">
          Les photos ajoutées ici s’affichent sous l’article choisi. Si des membres y sont reconnaissables, leur accord
          (celui des parents pour les mineurs) doit avoir été obtenu avant la publication. Si une personne retire son
          accord, retirez la photo&nbsp;: elle disparaît aussitôt de toutes les pages du site.
        </p>
      </div>
      {notice ? <FormMessage tone="success">{notice}</FormMessage> : null}

      <Form
        method="post"
        encType="multipart/form-data"
        {...formProps}
        onSubmit={(event) => {
          upload.onSubmit(event);
          if (!event.defaultPrevented) formProps.onSubmit(event);
        }}
        className="rounded-lg border border-slate-300 bg-white p-5 shadow-sm"
        aria-labelledby="photo-form-title"
      >
        <h2 id="photo-form-title" className="mb-4 text-xl font-semibold text-slate-900">
          Ajouter une photo
        </h2>
        <FormErrors
          form={form}
          lastResult={lastResult}
          summary="La photo n’a pas été ajoutée : corrigez les champs signalés."
        />
        <input type="hidden" name="intent" value="upload" />
        <FileField
          label="Photo"
          name={fields.file.name}
          accept="image/jpeg,image/png,image/webp"
          required
          hint="JPEG, PNG ou WebP, 10 Mo au plus. Les informations cachées de l’appareil (lieu, date) sont supprimées."
          maxBytes={MAX_IMAGE_BYTES}
          error={upload.errorFor("file") ?? fields.file.errors?.[0]}
        />
        <TextField label="Description de la photo (texte alternatif)" required {...fieldProps(fields.alt)} />
        <TextField label="Légende (facultative)" {...fieldProps(fields.caption)} />
        <SelectField
          label="Article"
          options={[
            { value: "", label: "Aucun article pour l’instant" },
            ...articles.map((a) => ({ value: String(a.id), label: a.title })),
          ]}
          {...fieldProps(fields.articleId)}
        />
        <fieldset className="mb-4 rounded-md border border-slate-300 p-4">
          <legend className="px-1 font-semibold text-slate-900">Droit à l’image</legend>
          <CheckboxField
            label="Des personnes sont reconnaissables sur cette photo"
            {...checkboxProps(fields.identifiable)}
          />
          <CheckboxField
            label="J’atteste que ces personnes (ou les parents des mineurs) ont donné leur accord pour sa publication sur le site"
            {...checkboxProps(fields.consent)}
          />
          <p className="text-sm text-slate-700">Votre nom et la date sont enregistrés avec cette attestation.</p>
        </fieldset>
        <SubmitButton pendingLabel="Envoi…">Ajouter la photo</SubmitButton>
      </Form>

      <section aria-labelledby="photo-list-title">
        <h2 id="photo-list-title" className="text-2xl font-semibold text-slate-900">
          Photos
        </h2>
        {photos.length === 0 ? (
          <p className="mt-2 text-slate-700">Aucune photo pour le moment.</p>
        ) : (
          <ul className="mt-3 grid gap-4 md:grid-cols-2">
            {photos.map((p) => (
              <li key={p.id} className="rounded-lg border border-slate-300 bg-white p-3" data-testid="admin-photo">
                {p.image ? (
                  <ResponsiveImage
                    image={p.image}
                    alt={p.alt}
                    sizes="480px"
                    className="h-40 w-full rounded object-cover"
                  />
                ) : (
                  <p className="rounded bg-slate-100 p-3 text-slate-700">Image supprimée.</p>
                )}
                <p className="mt-2 font-semibold text-slate-900">{p.alt}</p>
                <p className="text-sm text-slate-700">
                  {p.articleTitle ? `Article : ${p.articleTitle}`.replace(" :", "\u00a0:") : "Sans article"}
                </p>
                <p className="text-sm text-slate-700">
                  {p.identifiable
                    ? `Accord déclaré par ${p.consentRecordedByName || "un responsable"} le ${formatDateTime(p.consentRecordedAt)}.`
                    : "Aucune personne reconnaissable."}
                </p>
                {p.withdrawnAt ? (
                  <p className="text-sm font-medium text-red-800">
                    Retirée par {p.withdrawnByName || "un responsable"} le {formatDateTime(p.withdrawnAt)}.
                  </p>
                ) : (
                  <Form method="post" className="mt-2">
                    <input type="hidden" name="photoId" value={p.id} />
                    <Button
                      type="submit"
                      name="intent"
                      value="withdraw"
                      variant="danger-outline"
                      size="sm"
                      aria-label={`Retirer la photo « ${p.alt} »`}
                    >
                      {p.identifiable ? "Accord retiré : retirer la photo" : "Retirer la photo"}
                    </Button>
                  </Form>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

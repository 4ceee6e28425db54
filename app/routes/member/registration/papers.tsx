/**
 * /espace-membre/inscription/pieces: the family's papers for the season.
 * For each registered profile: its medical status (computed),
 * the papers sent and the club's decision, a form to send a medical
 * certificate or a health-questionnaire attestation (PDF, JPEG or PNG, the
 * date written on it; never the questionnaire's answers), and, when an aid was
 * declared, a form for its proof (a file or its number). Two intents
 * (app/lib/http/intents.ts), one Conform form per profile and intent; works
 * without JavaScript; a too-large file is refused before sending.
 */
import { data, Form, href, Link, redirect } from "react-router";
import type { Route } from "./+types/papers";
import { FileField, useUploadCheck } from "~/components/file-field";
import {
  fieldProps,
  FormErrors,
  FormMessage,
  SelectField,
  SubmitButton,
  TextField,
  useClubForm,
  getFormProps,
} from "~/components/form";
import { userContext } from "~/lib/accounts/auth-context";
import type { SessionUser } from "~/lib/accounts/session.server";
import { formatMegabytes } from "~/lib/content/upload-limits";
import { oversizedRequest } from "~/lib/content/uploads.server";
import { formatEuros } from "~/lib/core/money";
import { formatDate } from "~/lib/core/time";
import type { SubmissionResult } from "~/lib/http/forms";
import { handleIntent, intentOf, resultOf, type IntentAnswer } from "~/lib/http/intents";
import { readForm, UPLOAD_BODY_LIMIT } from "~/lib/http/request.server";
import { pageMeta } from "~/lib/http/seo";
import {
  aidProofSchema,
  DOCUMENT_KIND_LABELS,
  DOCUMENT_STATE_LABELS,
  healthUploadSchema,
  MAX_SEASON_FILE_BYTES,
  SEASON_FILE_ACCEPT,
  type SEASON_DOCUMENT_INTENTS,
} from "~/lib/members/season-documents";
import { familyPapers, giveAidProof, uploadHealthDocument } from "~/lib/members/season-documents.server";
import { de } from "~/lib/typography/elision";

const PATH = href("/espace-membre/inscription/pieces");
const FILE_HINT = `PDF, JPEG ou PNG, ${formatMegabytes(MAX_SEASON_FILE_BYTES)} au plus. Une photo lisible prise avec un téléphone convient.`;

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Pièces du dossier",
    description: "Envoyer le certificat médical, l'attestation de santé et les justificatifs d'aide.",
    noindex: true,
  });

const NOTICES: Record<string, string> = {
  sante: "Document envoyé : le club le vérifie et vous prévient s'il ne convient pas.",
  aide: "Justificatif envoyé : le club le vérifie.",
};

const AID_STATES: Record<string, string> = {
  "a-verifier": "à vérifier par le club",
  acceptee: "acceptée",
  refusee: "refusée (la réduction est retirée)",
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = context.get(userContext);
  const papers = await familyPapers(user.id);
  return { ...papers, notice: NOTICES[new URL(request.url).searchParams.get("ok") ?? ""] ?? null };
}

type Intent = (typeof SEASON_DOCUMENT_INTENTS)[number];

const HANDLERS = {
  health: (formData: FormData, user: SessionUser) =>
    handleIntent(
      "health",
      formData,
      healthUploadSchema,
      async (v) => {
        await uploadHealthDocument(user, v);
        return redirect(`${PATH}?ok=sante#profil-${v.profileId}`);
      },
      { keyField: "profileId" },
    ),
  aid: (formData: FormData, user: SessionUser) =>
    handleIntent(
      "aid",
      formData,
      aidProofSchema,
      async (v) => {
        await giveAidProof(user, v);
        return redirect(`${PATH}?ok=aide#profil-${v.profileId}`);
      },
      { keyField: "profileId" },
    ),
} satisfies Record<Intent, unknown>;

export async function action({ request, context }: Route.ActionArgs) {
  const user = context.get(userContext);
  const tooLarge = await oversizedRequest(request);
  if (tooLarge) {
    return data<IntentAnswer<Intent>>(
      { intent: "health", key: null, result: { status: "error", error: { "": [tooLarge.message] } } },
      { status: tooLarge.status },
    );
  }
  const formData = await readForm(request, { limit: UPLOAD_BODY_LIMIT });
  return HANDLERS[intentOf(formData, HANDLERS)](formData, user);
}

function HealthForm({
  profileId,
  name,
  kind,
  lastResult,
}: {
  profileId: number;
  name: string;
  kind: "certificat" | "questionnaire";
  lastResult?: SubmissionResult<string[]>;
}) {
  const upload = useUploadCheck();
  const [form, fields] = useClubForm({
    id: `sante-${profileId}`,
    schema: healthUploadSchema,
    lastResult,
    defaultValue: { intent: "health", profileId: String(profileId), kind, documentDate: "" },
  });
  const formProps = getFormProps(form);
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      {...formProps}
      onSubmit={upload.then(formProps.onSubmit)}
      className="mt-3 grid gap-x-4 sm:grid-cols-2"
    >
      <div className="sm:col-span-2">
        <FormErrors
          form={form}
          lastResult={lastResult}
          summary="Le document n'a pas été envoyé : corrigez les champs signalés."
        />
      </div>
      <input type="hidden" name="intent" value="health" />
      <input type="hidden" name="profileId" value={profileId} />
      <SelectField
        label="Type de document"
        options={[
          { value: "certificat", label: DOCUMENT_KIND_LABELS.certificat! },
          { value: "questionnaire", label: DOCUMENT_KIND_LABELS.questionnaire! },
        ]}
        {...fieldProps(fields.kind)}
      />
      <TextField label="Date écrite sur le document" type="date" required {...fieldProps(fields.documentDate)} />
      <div className="sm:col-span-2">
        <FileField
          label="Fichier"
          name={fields.file.name}
          accept={SEASON_FILE_ACCEPT}
          required
          hint={FILE_HINT}
          maxBytes={MAX_SEASON_FILE_BYTES}
          error={upload.errorFor(fields.file.name) ?? fields.file.errors?.[0]}
        />
        <SubmitButton pendingLabel="Envoi…">
          Envoyer le document<span className="sr-only"> {de(name)}</span>
        </SubmitButton>
      </div>
    </Form>
  );
}

function AidForm({
  profileId,
  name,
  code,
  lastResult,
}: {
  profileId: number;
  name: string;
  code: string;
  lastResult?: SubmissionResult<string[]>;
}) {
  const upload = useUploadCheck();
  const [form, fields] = useClubForm({
    id: `aide-${profileId}`,
    schema: aidProofSchema,
    lastResult,
    defaultValue: { intent: "aid", profileId: String(profileId), reference: "" },
  });
  const formProps = getFormProps(form);
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      {...formProps}
      onSubmit={upload.then(formProps.onSubmit)}
      className="mt-3"
    >
      <FormErrors
        form={form}
        lastResult={lastResult}
        summary="Le justificatif n'a pas été envoyé : corrigez les champs signalés."
      />
      <input type="hidden" name="intent" value="aid" />
      <input type="hidden" name="profileId" value={profileId} />
      <TextField
        label={`Numéro ou code de l'aide ${code}`}
        hint="Par exemple le code Pass'Sport reçu par courrier ou par e-mail."
        {...fieldProps(fields.reference)}
      />
      <FileField
        label="Justificatif (facultatif si vous donnez le code)"
        name={fields.file.name}
        accept={SEASON_FILE_ACCEPT}
        hint={FILE_HINT}
        maxBytes={MAX_SEASON_FILE_BYTES}
        error={upload.errorFor(fields.file.name) ?? fields.file.errors?.[0]}
      />
      <SubmitButton pendingLabel="Envoi…">
        Envoyer le justificatif<span className="sr-only"> {de(name)}</span>
      </SubmitButton>
    </Form>
  );
}

export default function Papers({ loaderData, actionData }: Route.ComponentProps) {
  const { season, profiles, notice } = loaderData;
  const general = actionData && actionData.key === null ? actionData.result.error?.[""]?.[0] : undefined;
  return (
    <div className="max-w-3xl space-y-6">
      <div>
        <h1 className="text-3xl font-bold text-slate-900">Pièces du dossier {season}</h1>
        <p className="mt-2 text-slate-700">
          Le certificat médical ou l'attestation du questionnaire de santé de chaque membre inscrit, et le justificatif
          des aides déclarées. Seuls vous et les responsables du club peuvent ouvrir ces fichiers ; ils sont supprimés
          automatiquement à la fin de leur durée de conservation. N'envoyez jamais les réponses au questionnaire de
          santé : l'attestation suffit.
        </p>
      </div>
      {notice ? <FormMessage tone="success">{notice}</FormMessage> : null}
      {general ? <FormMessage>{general}</FormMessage> : null}
      {profiles.length === 0 ? (
        <p className="text-slate-800">
          Aucun membre de votre famille n'est inscrit pour la saison {season}.{" "}
          <Link to={href("/espace-membre/inscription")} className="font-medium text-club-800 underline">
            Faire l'inscription
          </Link>
        </p>
      ) : null}
      {profiles.map((p) => (
        <section
          key={p.profileId}
          id={`profil-${p.profileId}`}
          aria-labelledby={`titre-${p.profileId}`}
          className="rounded-lg border border-slate-300 bg-white p-4 shadow-sm"
        >
          <h2 id={`titre-${p.profileId}`} className="text-xl font-semibold text-slate-900">
            {p.name}
          </h2>
          <p className="mt-1 text-slate-800">
            Dossier médical : <strong>{p.medicalLabel}</strong>
          </p>
          {p.documents.length ? (
            <ul className="mt-2 space-y-1 text-slate-800">
              {p.documents.map((d) => (
                <li key={d.id}>
                  {DOCUMENT_KIND_LABELS[d.kind] ?? d.kind}
                  {d.documentDate ? ` du ${formatDate(d.documentDate)}` : ""}
                  {d.reference ? ` (${d.reference})` : ""}, envoyé le {formatDate(d.sentAt)} :{" "}
                  {DOCUMENT_STATE_LABELS[d.state] ?? d.state}
                  {d.reason ? ` — ${d.reason}` : ""}
                  {d.hasFile ? (
                    <>
                      {" "}
                      <a href={`${PATH}/${d.id}`} className="font-medium text-club-800 underline">
                        Ouvrir<span className="sr-only"> le document du {formatDate(d.sentAt)}</span>
                      </a>
                    </>
                  ) : null}
                </li>
              ))}
            </ul>
          ) : null}
          {p.medical !== "ok" && p.documents.some((d) => d.kind !== "aide" && d.state === "a-verifier") ? (
            <p className="mt-2 text-slate-800">
              Le club vérifie le document envoyé et vous écrit s'il ne convient pas.
            </p>
          ) : p.medical !== "ok" ? (
            <HealthForm
              profileId={p.profileId}
              name={p.name}
              kind={p.medical === "attestation-due" ? "questionnaire" : "certificat"}
              lastResult={resultOf(actionData, "health", p.profileId)}
            />
          ) : null}
          {p.aid ? (
            <div className="mt-4 border-t border-slate-200 pt-3">
              <h3 className="text-lg font-semibold text-slate-900">Aide {p.aid.code}</h3>
              <p className="text-slate-800">
                {p.aid.status === "refusee"
                  ? `Aide ${AID_STATES.refusee}.`
                  : `Réduction de ${formatEuros(p.aid.cents)} : ${AID_STATES[p.aid.status] ?? p.aid.status}.`}
              </p>
              {p.aid.status === "a-verifier" ? (
                <AidForm
                  profileId={p.profileId}
                  name={p.name}
                  code={p.aid.code}
                  lastResult={resultOf(actionData, "aid", p.profileId)}
                />
              ) : null}
            </div>
          ) : null}
        </section>
      ))}
    </div>
  );
}

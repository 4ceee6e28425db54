/**
 * /espace-membre/saison/pieces (admin, user_manager): the papers the families
 * sent for the campaign's season, waiting for a manager.
 *  - Medical papers: open the file, accept (its type and date become the
 *    profile's season status: the medical status is recomputed) or refuse
 *    with a reason mailed to the family (the file is deleted at once).
 *  - Declared aids: their proofs (file or number); accept, or refuse with a
 *    reason mailed to the family (the deduction is removed and the amount due
 *    recomputed).
 * Four intents (app/lib/http/intents.ts), one small Conform form each, keyed
 * by the paper or the line: works without JavaScript.
 */
import { Form, href, redirect } from "react-router";
import type { Route } from "./+types/papers";
import { fieldProps, FormErrors, FormMessage, TextField, useClubForm, getFormProps } from "~/components/form";
import { Button } from "~/components/ui/button";
import { userContext } from "~/lib/accounts/auth-context";
import type { SessionUser as Actor } from "~/lib/accounts/session.server";
import { formatEuros } from "~/lib/core/money";
import { formatDate } from "~/lib/core/time";
import { firstErrors, type SubmissionResult } from "~/lib/http/forms";
import { handleIntent, intentOf, resultOf } from "~/lib/http/intents";
import { readForm } from "~/lib/http/request.server";
import { pageMeta } from "~/lib/http/seo";
import {
  acceptAidSchema,
  acceptHealthSchema,
  DOCUMENT_KIND_LABELS,
  refuseAidSchema,
  refuseHealthSchema,
  type REVIEW_INTENTS,
} from "~/lib/members/season-documents";
import {
  acceptAid,
  acceptHealthDocument,
  papersToReview,
  refuseAid,
  refuseHealthDocument,
} from "~/lib/members/season-documents-review.server";
import { de } from "~/lib/typography/elision";

const PATH = href("/espace-membre/saison/pieces");
const FILE_PATH = href("/espace-membre/inscription/pieces");

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Pièces à vérifier",
    description: "Certificats, attestations de santé et justificatifs d'aide envoyés par les familles.",
    noindex: true,
  });

const NOTICES: Record<string, string> = {
  "sante-acceptee": "Document accepté : le dossier médical du membre est à jour.",
  "sante-refusee": "Document refusé : la famille a reçu la raison par e-mail.",
  "aide-acceptee": "Aide acceptée.",
  "aide-refusee": "Aide refusée : la réduction est retirée et la famille a reçu la raison par e-mail.",
};

export async function loader({ request }: Route.LoaderArgs) {
  const papers = await papersToReview();
  return { ...papers, notice: NOTICES[new URL(request.url).searchParams.get("ok") ?? ""] ?? null };
}

const HANDLERS = {
  "accept-health": (formData: FormData, actor: Actor) =>
    handleIntent(
      "accept-health",
      formData,
      acceptHealthSchema,
      async (v) => {
        await acceptHealthDocument(actor, v.documentId, v.version);
        return redirect(`${PATH}?ok=sante-acceptee`);
      },
      { keyField: "documentId" },
    ),
  "refuse-health": (formData: FormData, actor: Actor) =>
    handleIntent(
      "refuse-health",
      formData,
      refuseHealthSchema,
      async (v) => {
        await refuseHealthDocument(actor, v.documentId, v.version, v.reason);
        return redirect(`${PATH}?ok=sante-refusee`);
      },
      { keyField: "documentId" },
    ),
  "accept-aid": (formData: FormData, actor: Actor) =>
    handleIntent(
      "accept-aid",
      formData,
      acceptAidSchema,
      async (v) => {
        await acceptAid(actor, v.lineId);
        return redirect(`${PATH}?ok=aide-acceptee`);
      },
      { keyField: "lineId" },
    ),
  "refuse-aid": (formData: FormData, actor: Actor) =>
    handleIntent(
      "refuse-aid",
      formData,
      refuseAidSchema,
      async (v) => {
        await refuseAid(actor, v.lineId, v.reason);
        return redirect(`${PATH}?ok=aide-refusee`);
      },
      { keyField: "lineId" },
    ),
} satisfies Record<(typeof REVIEW_INTENTS)[number], unknown>;

export async function action({ request, context }: Route.ActionArgs) {
  const actor = context.get(userContext);
  const formData = await readForm(request);
  return HANDLERS[intentOf(formData, HANDLERS)](formData, actor);
}

function RefuseForm({
  intent,
  keyName,
  keyValue,
  version,
  name,
  lastResult,
}: {
  intent: "refuse-health" | "refuse-aid";
  keyName: "documentId" | "lineId";
  keyValue: number;
  version?: number;
  name: string;
  lastResult?: SubmissionResult<string[]>;
}) {
  const [form, fields] = useClubForm({
    id: `${intent}-${keyValue}`,
    schema: intent === "refuse-health" ? refuseHealthSchema : refuseAidSchema,
    lastResult,
    defaultValue: { intent, [keyName]: String(keyValue), version: String(version ?? 0), reason: "" },
  });
  return (
    <Form method="post" {...getFormProps(form)} className="mt-3">
      <FormErrors
        form={form}
        lastResult={lastResult}
        summary="Le refus n'a pas été enregistré : corrigez les champs signalés."
      />
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name={keyName} value={keyValue} />
      {version !== undefined ? <input type="hidden" name="version" value={version} /> : null}
      <TextField
        label="Raison du refus (envoyée à la famille)"
        {...fieldProps((fields as Record<string, Parameters<typeof fieldProps>[0]>).reason!)}
      />
      <Button type="submit" variant="danger-outline">
        Refuser<span className="sr-only"> pour {name}</span>
      </Button>
    </Form>
  );
}

export default function PapersToReview({ loaderData, actionData }: Route.ComponentProps) {
  const { season, health, aids, notice } = loaderData;
  const acceptError = [resultOf(actionData, "accept-health"), resultOf(actionData, "accept-aid")]
    .map((r) => (r ? Object.values(firstErrors(r))[0] : undefined))
    .find(Boolean);
  return (
    <div className="max-w-4xl space-y-8">
      <div>
        <h1 className="text-3xl font-bold text-slate-900">Pièces à vérifier ({season})</h1>
        <p className="mt-2 text-slate-700">
          {health.length} document{health.length > 1 ? "s" : ""} médica{health.length > 1 ? "ux" : "l"} et {aids.length}{" "}
          aide{aids.length > 1 ? "s" : ""} à vérifier. Les fichiers de santé ne sont lisibles que par la famille et les
          responsables ; un document refusé est supprimé aussitôt.
        </p>
      </div>
      {notice ? <FormMessage tone="success">{notice}</FormMessage> : null}
      {acceptError ? <FormMessage>{acceptError}</FormMessage> : null}

      <section aria-labelledby="documents-sante" className="space-y-3">
        <h2 id="documents-sante" className="text-2xl font-semibold text-slate-900">
          Documents médicaux
        </h2>
        {health.length === 0 ? <p className="text-slate-700">Aucun document médical à vérifier.</p> : null}
        <ul className="space-y-3">
          {health.map((d) => (
            <li key={d.id} className="rounded-lg border border-slate-300 bg-white p-4 shadow-sm">
              <p className="font-semibold text-slate-900">
                {d.name} : {DOCUMENT_KIND_LABELS[d.kind] ?? d.kind}
                {d.documentDate ? ` du ${formatDate(d.documentDate)}` : ""}
              </p>
              <p className="text-sm text-slate-700">
                Envoyé le {formatDate(d.sentAt)} par {d.parentEmail}
              </p>
              {d.hasFile ? (
                <p>
                  <a href={`${FILE_PATH}/${d.id}`} className="font-medium text-club-800 underline">
                    Ouvrir le document<span className="sr-only"> {de(d.name)}</span>
                  </a>
                </p>
              ) : null}
              <Form method="post" className="mt-3">
                <input type="hidden" name="intent" value="accept-health" />
                <input type="hidden" name="documentId" value={d.id} />
                <input type="hidden" name="version" value={d.version} />
                <Button type="submit">
                  Accepter<span className="sr-only"> le document {de(d.name)}</span>
                </Button>
              </Form>
              <RefuseForm
                intent="refuse-health"
                keyName="documentId"
                keyValue={d.id}
                version={d.version}
                name={d.name}
                lastResult={resultOf(actionData, "refuse-health", d.id)}
              />
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="aides" className="space-y-3">
        <h2 id="aides" className="text-2xl font-semibold text-slate-900">
          Aides déclarées
        </h2>
        {aids.length === 0 ? <p className="text-slate-700">Aucune aide à vérifier.</p> : null}
        <ul className="space-y-3">
          {aids.map((a) => (
            <li key={a.lineId} className="rounded-lg border border-slate-300 bg-white p-4 shadow-sm">
              <p className="font-semibold text-slate-900">
                {a.name} : aide {a.aidCode} de {formatEuros(a.aidCents)}
              </p>
              <p className="text-sm text-slate-700">
                {a.parentEmail} ; inscription {a.paid ? "payée" : "en attente de paiement"}
              </p>
              {a.proofs.length === 0 ? (
                <p className="text-slate-800">Aucun justificatif envoyé pour l'instant.</p>
              ) : null}
              <ul className="mt-1 list-disc pl-5 text-slate-800">
                {a.proofs.map((p) => (
                  <li key={p.id}>
                    Envoyé le {formatDate(p.sentAt)}
                    {p.reference ? ` : ${p.reference}` : ""}
                    {p.hasFile ? (
                      <>
                        {" "}
                        <a href={`${FILE_PATH}/${p.id}`} className="font-medium text-club-800 underline">
                          Ouvrir le justificatif<span className="sr-only"> {de(a.name)}</span>
                        </a>
                      </>
                    ) : null}
                  </li>
                ))}
              </ul>
              <Form method="post" className="mt-3">
                <input type="hidden" name="intent" value="accept-aid" />
                <input type="hidden" name="lineId" value={a.lineId} />
                <Button type="submit">
                  Accepter l'aide<span className="sr-only"> {de(a.name)}</span>
                </Button>
              </Form>
              <RefuseForm
                intent="refuse-aid"
                keyName="lineId"
                keyValue={a.lineId}
                name={a.name}
                lastResult={resultOf(actionData, "refuse-aid", a.lineId)}
              />
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

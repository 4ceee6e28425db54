/**
 * /espace-membre/essais (admin, user_manager): the trial-class requests by
 * status (à traiter, contacté, essai prévu, inscrit, abandonné). Each request
 * has its status-and-note form (version checked) and, until it is a
 * registration, the one-click « Inscrire » that creates or invites the account
 * pre-filled from the request (app/lib/members/trial-board.server.ts).
 * Plain forms (one intent each): everything works without JavaScript.
 */
import { Form, href, Link, redirect } from "react-router";
import type { Route } from "./+types/board";
import {
  fieldProps,
  FormErrors,
  FormMessage,
  SelectField,
  SubmitButton,
  TextAreaField,
  useClubForm,
  getFormProps,
} from "~/components/form";
import { linkClass } from "~/components/users-admin-ui";
import { buttonClasses } from "~/components/ui/button";
import { userContext } from "~/lib/accounts/auth-context";
import {
  AGE_GROUPS,
  isTrialStatus,
  TRIAL_STATUS_KEYS,
  TRIAL_STATUSES,
  type TrialBoardIntent,
  type TrialStatus,
} from "~/lib/club/trial-requests";
import { trialConvertSchema, trialStatusSchema } from "~/lib/club/trial-requests-schema";
import { formatDateTime } from "~/lib/core/time";
import { handleIntent, intentOf, resultOf, type IntentAnswer } from "~/lib/http/intents";
import type { SubmissionResult } from "~/lib/http/forms";
import { readForm } from "~/lib/http/request.server";
import { pageMeta } from "~/lib/http/seo";
import { convertTrialRequest, TRIAL_STALE, trialBoard, updateTrialStatus } from "~/lib/members/trial-board.server";
import { revalidateAfterConflict } from "~/lib/http/revalidate";
import { telHref } from "~/lib/core/phone";
import { de } from "~/lib/typography/elision";

const PATH = href("/espace-membre/essais");

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Cours d'essai",
    description: "Les demandes de cours d'essai des visiteurs, de la réservation à l'inscription.",
    noindex: true,
  });

const NOTICES: Record<string, string> = {
  enregistree: "La demande a été mise à jour.",
  inscrite:
    "Le compte a été créé et la demande est marquée « Inscrit ». Un e-mail invite la famille à choisir son mot de passe puis à continuer l'inscription.",
  invitee:
    "Un compte existait déjà avec cette adresse : il est invité à continuer l'inscription, et la demande est marquée « Inscrit ».",
};

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const asked = url.searchParams.get("statut");
  const status: TrialStatus = isTrialStatus(asked) ? asked : "a-traiter";
  const board = await trialBoard(status);
  return {
    status,
    counts: board.counts,
    requests: board.requests.map((r) => ({
      id: r.id,
      version: r.version,
      status: r.status,
      name: `${r.prenom} ${r.nom}`.trim(),
      ageGroup: AGE_GROUPS[r.ageGroup as keyof typeof AGE_GROUPS] ?? r.ageGroup,
      minor: r.minor,
      parentName: r.parentName,
      email: r.email,
      phone: r.phone,
      message: r.message,
      note: r.note,
      session: r.session,
      group: r.slotGroup,
      receivedAt: r.createdAt.toISOString(),
      userId: r.userId,
    })),
    notice: NOTICES[url.searchParams.get("ok") ?? ""] ?? null,
  };
}

const HANDLERS: Record<
  TrialBoardIntent,
  (actor: ReturnType<typeof userActor>, formData: FormData, back: string) => ReturnType<typeof handleIntent>
> = {
  status: (actor, formData, back) =>
    handleIntent(
      "status",
      formData,
      trialStatusSchema,
      async (input) => {
        await updateTrialStatus(actor, input);
        return redirect(`${PATH}?statut=${back}&ok=enregistree#demande-${input.id}`);
      },
      { keyField: "id", onDomainError: (err) => (err.message === TRIAL_STALE ? { resetValues: true } : {}) },
    ),
  convert: (actor, formData, back) =>
    handleIntent(
      "convert",
      formData,
      trialConvertSchema,
      async (input) => {
        const { created } = await convertTrialRequest(actor, input);
        return redirect(`${PATH}?statut=${back}&ok=${created ? "inscrite" : "invitee"}`);
      },
      { keyField: "id" },
    ),
};

function userActor(user: { id: string; prenom: string; nom: string; email: string; roles: readonly string[] }) {
  return { id: user.id, prenom: user.prenom, nom: user.nom, email: user.email, roles: user.roles };
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = userActor(context.get(userContext));
  const formData = await readForm(request);
  const from = formData.get("statutListe");
  const back = typeof from === "string" && isTrialStatus(from) ? from : "a-traiter";
  return HANDLERS[intentOf(formData, HANDLERS)](actor, formData, back);
}

type RequestView = Route.ComponentProps["loaderData"]["requests"][number];

const STATUS_OPTIONS = TRIAL_STATUS_KEYS.map((k) => ({ value: k, label: TRIAL_STATUSES[k] }));

function StatusForm({
  request,
  listStatus,
  lastResult,
}: {
  request: RequestView;
  listStatus: TrialStatus;
  lastResult?: SubmissionResult<string[]>;
}) {
  const [form, fields] = useClubForm({
    id: `statut-${request.id}-${request.version}`,
    schema: trialStatusSchema,
    lastResult,
    defaultValue: { status: request.status, note: request.note },
  });
  return (
    <Form method="post" {...getFormProps(form)} className="mt-4">
      <FormErrors
        form={form}
        lastResult={lastResult}
        summary="La demande n'a pas été mise à jour : corrigez les champs signalés."
      />
      <input type="hidden" name="intent" value="status" />
      <input type="hidden" name="id" value={request.id} />
      <input type="hidden" name="version" value={request.version} />
      <input type="hidden" name="statutListe" value={listStatus} />
      <SelectField label="Statut" options={STATUS_OPTIONS} {...fieldProps(fields.status)} />
      <TextAreaField label="Note (facultatif)" rows={2} {...fieldProps(fields.note)} />
      <SubmitButton className={buttonClasses({ variant: "secondary", size: "sm" })} pendingLabel="Enregistrement…">
        Enregistrer
      </SubmitButton>
    </Form>
  );
}

function ConvertForm({
  request,
  listStatus,
  lastResult,
}: {
  request: RequestView;
  listStatus: TrialStatus;
  lastResult?: SubmissionResult<string[]>;
}) {
  const [form] = useClubForm({
    id: `inscrire-${request.id}-${request.version}`,
    schema: trialConvertSchema,
    lastResult,
  });
  const holder = request.minor ? request.parentName : request.name;
  return (
    <Form method="post" {...getFormProps(form)} className="mt-4 border-t border-slate-200 pt-4">
      <FormErrors form={form} lastResult={lastResult} />
      <input type="hidden" name="intent" value="convert" />
      <input type="hidden" name="id" value={request.id} />
      <input type="hidden" name="version" value={request.version} />
      <input type="hidden" name="statutListe" value={listStatus} />
      <p id={`inscrire-aide-${request.id}`} className="mb-2 text-sm text-slate-700">
        {request.email
          ? `Crée le compte pré-inscrit ${de(holder)} (${request.email})${request.minor ? `, avec le profil ${de(request.name)}` : ""}, ou l'invite si le compte existe ; la famille continue l'inscription depuis son espace membre.`
          : "Sans adresse e-mail, le compte se crée depuis la page Utilisateurs."}
      </p>
      <button type="submit" className={buttonClasses({ size: "sm" })} aria-describedby={`inscrire-aide-${request.id}`}>
        Inscrire {request.name}
      </button>
    </Form>
  );
}

/** A conflict (changed meanwhile) reloads the page's data: the form starts again from the fresh values. */
export const shouldRevalidate = revalidateAfterConflict;

export default function TrialBoard({ loaderData, actionData }: Route.ComponentProps) {
  const { status, counts, requests, notice } = loaderData;
  const answer: IntentAnswer | undefined = actionData;
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-3xl font-bold text-slate-900">Cours d'essai</h1>
        <p className="mt-2 text-slate-700">
          Les demandes faites sur la page{" "}
          <Link to="/cours-d-essai" className={linkClass}>
            Cours d'essai
          </Link>{" "}
          du site, de la réservation à l'inscription.
        </p>
      </div>

      {notice ? <FormMessage tone="success">{notice}</FormMessage> : null}

      <nav aria-label="Statuts des demandes">
        <ul className="flex flex-wrap gap-2">
          {TRIAL_STATUS_KEYS.map((k) => (
            <li key={k}>
              <Link
                to={`${PATH}?statut=${k}`}
                aria-current={k === status ? "page" : undefined}
                className={buttonClasses({ variant: k === status ? "primary" : "secondary", size: "sm" })}
              >
                {TRIAL_STATUSES[k]} ({counts[k]})
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      <section aria-labelledby="liste-titre">
        <h2 id="liste-titre" className="text-xl font-semibold text-slate-900">
          {TRIAL_STATUSES[status]} : {requests.length} demande{requests.length > 1 ? "s" : ""}
        </h2>
        {requests.length === 0 ? (
          <p className="mt-2 text-slate-700">Aucune demande avec ce statut.</p>
        ) : (
          <ul className="mt-4 grid gap-4 lg:grid-cols-2">
            {requests.map((r) => (
              <li
                key={r.id}
                id={`demande-${r.id}`}
                className="rounded-lg border border-slate-300 bg-white p-5 shadow-sm"
              >
                <h3 className="text-lg font-semibold text-slate-900">
                  {r.name} <span className="font-normal text-slate-700">· {r.ageGroup}</span>
                </h3>
                <p className="mt-1 font-medium text-club-900">
                  {r.session} · {r.group}
                </p>
                <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm text-slate-800">
                  {r.parentName ? (
                    <>
                      <dt className="font-semibold">Parent</dt>
                      <dd>{r.parentName}</dd>
                    </>
                  ) : null}
                  {r.email ? (
                    <>
                      <dt className="font-semibold">E-mail</dt>
                      <dd className="break-all">
                        <a href={`mailto:${r.email}`} className={linkClass}>
                          {r.email}
                        </a>
                      </dd>
                    </>
                  ) : null}
                  {r.phone ? (
                    <>
                      <dt className="font-semibold">Téléphone</dt>
                      <dd>
                        <a href={telHref(r.phone)} className={linkClass}>
                          {r.phone}
                        </a>
                      </dd>
                    </>
                  ) : null}
                  <dt className="font-semibold">Reçue le</dt>
                  <dd>{formatDateTime(r.receivedAt)}</dd>
                </dl>
                {r.message ? (
                  <p className="mt-2 whitespace-pre-line rounded bg-slate-50 p-2 text-slate-800">{r.message}</p>
                ) : null}
                <StatusForm
                  key={`s-${r.id}-${r.version}`}
                  request={r}
                  listStatus={status}
                  lastResult={resultOf(answer, "status", r.id)}
                />
                {r.userId ? (
                  <p className="mt-4 border-t border-slate-200 pt-4">
                    <Link to={href("/espace-membre/utilisateurs/modifier/:id", { id: r.userId })} className={linkClass}>
                      Voir le compte de l'inscription
                    </Link>
                  </p>
                ) : (
                  <ConvertForm
                    key={`c-${r.id}-${r.version}`}
                    request={r}
                    listStatus={status}
                    lastResult={resultOf(answer, "convert", r.id)}
                  />
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

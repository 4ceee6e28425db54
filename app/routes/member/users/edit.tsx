/**
 * /espace-membre/utilisateurs/modifier/:id (admin, user_manager): one
 * account — identity, e-mail, roles, active state, registration validation —
 * and, per profile (the holder's own and the family's), the season status
 * (cotisation, medical certificate or questionnaire attestation) and grade
 * history; the history of changes (who and when).
 *
 * Every form is a plain POST with an `intent`, handled by ONE function below
 * (HANDLERS); the rules are enforced in the users-*.server.ts modules, which
 * throw `DomainError`; a refused form comes back as Conform's result in the
 * form it belongs to. The sections are in app/components/users.
 */
import { notFound } from "~/lib/http/responses";
import { Form, href, Link, redirect } from "react-router";
import { userContext } from "~/lib/accounts/auth-context";
import type { z } from "zod";
import type { Route } from "./+types/edit";
import { FormMessage, SubmitButton } from "~/components/form";
import { Badge, linkClass } from "~/components/users-admin-ui";
import { buttonClasses } from "~/components/ui/button";
import { AccountForm, DeleteUserSection, SendLinkForm } from "~/components/users/account-section";
import { ProfileSection } from "~/components/users/profile-section";
import { DomainError } from "~/lib/core/errors";
import { handleIntent, intentOf } from "~/lib/http/intents";
import { USERS_ADMIN_MESSAGES as MESSAGES } from "~/lib/members/users-admin-labels";
import { isInstructor, isPending, PENDING_ROLE, ROLE_LABELS, type Role } from "~/lib/accounts/roles";
import { can } from "~/lib/accounts/capabilities";
import { formatDate, formatDateTime } from "~/lib/core/time";
import { pageMeta } from "~/lib/http/seo";
import {
  accountSchema,
  deleteUserSchema,
  gradeDeleteSchema,
  gradeEntrySchema,
  noFieldsSchema,
  statusSchema,
  validateSchema,
  type UserEditAnswer,
  type UserEditIntent,
} from "~/lib/members/users-admin";
import {
  addGradeEntry,
  canEditUser,
  closeDeletionRequest,
  deleteGradeEntry,
  deleteUser,
  getUser,
  getUserDetail,
  saveSeasonStatus,
  sendWelcomeLink,
  updateUserAccount,
  validateRegistration,
  type Actor,
} from "~/lib/members/users-admin.server";
import { readForm } from "~/lib/http/request.server";
import { taughtSlotLabels } from "~/lib/mat/instructors.server";
import { INSTRUCTORS_PATH } from "~/lib/mat/instructors";
import { portraitRemoveSchema } from "~/lib/members/portraits";
import { adminPortraitList, removePortraitAsAdmin } from "~/lib/members/portraits.server";
import { PortraitsAdminSection } from "~/components/users/portraits-section";
import { revalidateAfterConflict } from "~/lib/http/revalidate";
import { de } from "~/lib/typography/elision";

const LIST = href("/espace-membre/utilisateurs");

export const meta: Route.MetaFunction = (args) => {
  const u = args.data?.detail?.user;
  return pageMeta(args, {
    title: u ? `Modifier le compte ${de(`${u.prenom} ${u.nom}`.trim())}` : "Modifier un utilisateur",
    description: "Compte, rôles, cotisation, certificat médical et grades d'un membre du club.",
    noindex: true,
  });
};

const NOTICES: Record<string, string> = {
  cree: "Le compte a été créé. Un e-mail avec le lien pour choisir son mot de passe a été envoyé.",
  compte: "Le compte a été enregistré.",
  valide: "L'inscription est validée : un e-mail l'annonce à la personne.",
  saison: "La situation de la saison a été enregistrée.",
  grade: "Le grade a été ajouté à l'historique.",
  "grade-supprime": "La ligne a été retirée de l'historique des grades.",
  lien: "Un nouveau lien pour choisir le mot de passe a été envoyé.",
  inchange: "Aucune modification à enregistrer.",
  "demande-classee": "La demande de suppression est classée : le compte et ses données sont conservés.",
  "portrait-retire": "Le portrait a été retiré : son image est effacée.",
};

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const actor = context.get(userContext);
  const url = new URL(request.url);
  const detail = await getUserDetail(params.id);
  if (!detail) notFound("Utilisateur introuvable");
  const requested = url.searchParams.get("saison");
  const season = requested && detail.editableSeasons.includes(requested) ? requested : detail.season;
  return {
    detail,
    season,
    canEdit: canEditUser(actor, detail.user),
    isSelf: actor.id === detail.user.id,
    managesAdmins: can(actor, "users:manage-admins"),
    choosesClasses: can(actor, "site:administer"),
    // The classes an instructor teaches (chosen on the admins' page).
    taught: isInstructor(detail.user.roles) ? await taughtSlotLabels(detail.user.id) : null,
    notice: NOTICES[url.searchParams.get("ok") ?? ""] ?? null,
    // The profiles' portraits, which an admin may remove.
    portraits: can(actor, "portraits:manage") ? await adminPortraitList(detail.profiles) : [],
  };
}

// ----------------------------------------------------------------- action

interface IntentArgs {
  actor: Actor;
  /** The account edited (route parameter). */
  id: string;
  formData: FormData;
  /** Post/Redirect/Get back to this page with a notice and an anchor. */
  back: (ok: keyof typeof NOTICES, anchor?: string) => Response;
}

/**
 * Parses the form with its schema and runs the operation (intents.ts); a
 * refused form or a `DomainError` becomes the answer of that form (its
 * profile: `key`); the account not found is a 404 page; edited by someone
 * else meanwhile: the fresh values are shown, not the typed ones.
 */
const handle = <S extends z.ZodType>(
  intent: UserEditIntent,
  formData: FormData,
  schema: S,
  operation: (value: z.output<S>) => Promise<Response>,
) =>
  handleIntent(intent, formData, schema, operation, {
    keyField: "profileId",
    onDomainError(err) {
      if (err.status === 404 && err.message === MESSAGES.notFound) notFound(err.message);
      return { resetValues: err.status === 409 && err.message === MESSAGES.stale };
    },
  });

const HANDLERS: Record<UserEditIntent, (args: IntentArgs) => ReturnType<typeof handle>> = {
  account: ({ actor, id, formData, back }) =>
    handle("account", formData, accountSchema, async (input) => {
      const { validated } = await updateUserAccount(actor, id, input);
      return back(validated ? "valide" : "compte", "#compte");
    }),

  validate: ({ actor, id, formData, back }) =>
    handle("validate", formData, validateSchema, async ({ version }) => {
      await validateRegistration(actor, id, version);
      return back("valide", "#compte");
    }),

  status: ({ actor, id, formData, back }) =>
    handle("status", formData, statusSchema, async (input) => {
      await saveSeasonStatus(actor, id, input);
      return back("saison", `#profil-${input.profileId}`);
    }),

  "grade-add": ({ actor, id, formData, back }) =>
    handle("grade-add", formData, gradeEntrySchema, async (input) => {
      await addGradeEntry(actor, id, input);
      return back("grade", `#grades-${input.profileId}`);
    }),

  "grade-delete": ({ actor, id, formData, back }) =>
    handle("grade-delete", formData, gradeDeleteSchema, async ({ profileId, entryId }) => {
      await deleteGradeEntry(actor, id, entryId);
      return back("grade-supprime", `#grades-${profileId}`);
    }),

  "send-link": ({ actor, id, formData, back }) =>
    handle("send-link", formData, noFieldsSchema, async () => {
      const target = await getUser(id);
      if (!target) throw new DomainError(MESSAGES.notFound, { status: 404 });
      if (!canEditUser(actor, target)) throw new DomainError(MESSAGES.adminOnlyEdit, { status: 403 });
      if (!target.active) throw new DomainError("Ce compte est désactivé : réactivez-le d'abord.", { status: 409 });
      await sendWelcomeLink(target);
      return back("lien", "#compte");
    }),

  "close-deletion-request": ({ actor, id, formData, back }) =>
    handle("close-deletion-request", formData, noFieldsSchema, async () => {
      await closeDeletionRequest(actor, id);
      return back("demande-classee", "#compte");
    }),

  "portrait-remove": ({ actor, id, formData, back }) =>
    handle("portrait-remove", formData, portraitRemoveSchema, async ({ profileId }) => {
      await removePortraitAsAdmin(actor, id, profileId);
      return back("portrait-retire", "#portraits");
    }),

  delete: ({ actor, id, formData }) =>
    handle("delete", formData, deleteUserSchema, async () => {
      await deleteUser(actor, id);
      return redirect(`${LIST}?ok=supprime`);
    }),
};

export async function action({ request, params, context }: Route.ActionArgs) {
  const actor = context.get(userContext);
  const formData = await readForm(request);
  const intent = intentOf(formData, HANDLERS);
  const season = new URL(request.url).searchParams.get("saison");
  const back = (ok: string, anchor = "") =>
    redirect(
      `${LIST}/modifier/${encodeURIComponent(params.id)}?${new URLSearchParams({ ok, ...(season ? { saison: season } : {}) })}${anchor}`,
    );
  return HANDLERS[intent]({ actor, id: params.id, formData, back });
}

// ------------------------------------------------------------------- page

/** A conflict (changed meanwhile) reloads the page's data: the form starts again from the fresh values. */
export const shouldRevalidate = revalidateAfterConflict;

export default function EditUser({ loaderData, actionData }: Route.ComponentProps) {
  const { detail, season, canEdit, isSelf, managesAdmins, choosesClasses, notice, taught, portraits } = loaderData;
  const { user } = detail;
  const answer: UserEditAnswer | undefined = actionData;
  const forAccount = answer?.intent === "account" ? answer.result : undefined;
  // Answers of the forms without their own error area (validate, send-link, close-deletion-request).
  const topMessage =
    answer && ["validate", "send-link", "close-deletion-request", "portrait-remove"].includes(answer.intent)
      ? (answer.result.error?.[""]?.[0] ?? null)
      : null;
  const pending = isPending(user.roles);
  const fullName = `${user.prenom} ${user.nom}`.trim() || user.email;
  return (
    <div className="space-y-8">
      <div>
        <p className="mb-2">
          <Link to={LIST} className={linkClass}>
            Retour à la liste des utilisateurs
          </Link>
        </p>
        <h1 className="text-3xl font-bold text-slate-900">Compte {de(fullName)}</h1>
        <p className="mt-2 flex flex-wrap gap-2 text-slate-700">
          {user.roles.map((r) => (
            <Badge key={r} tone={r === PENDING_ROLE ? "warn" : "neutral"}>
              {ROLE_LABELS[r as Role] ?? r}
            </Badge>
          ))}
          {!user.active ? <Badge tone="bad">Compte désactivé</Badge> : null}
          <span>Créé le {formatDate(user.createdAt)}</span>
        </p>
        {taught ? (
          <p className="mt-2 text-slate-800">
            Cours enseignés : {taught.length ? taught.join(" ; ") : "aucun pour l’instant"}.
            {choosesClasses ? (
              <>
                {" "}
                <Link to={INSTRUCTORS_PATH} className={linkClass}>
                  Choisir ses cours
                </Link>
              </>
            ) : null}
          </p>
        ) : null}
      </div>

      {notice ? <FormMessage tone="success">{notice}</FormMessage> : null}
      {topMessage ? <FormMessage>{topMessage}</FormMessage> : null}
      {detail.deletionRequest ? (
        <FormMessage tone="info">
          <p>
            Cette personne a demandé la suppression de son compte le {formatDate(detail.deletionRequest.requestedAt)}
            {detail.deletionRequest.reason ? <> : « {detail.deletionRequest.reason} »</> : null}. Supprimez le compte en
            bas de cette page, ou conservez les données le temps nécessaire (adhésion de la saison en cours) et classez
            la demande ; répondez-lui dans le mois.
          </p>
          {canEdit ? (
            <Form method="post" className="mt-3">
              <input type="hidden" name="intent" value="close-deletion-request" />
              <SubmitButton pendingLabel="Enregistrement…">Classer la demande (données conservées)</SubmitButton>
            </Form>
          ) : null}
        </FormMessage>
      ) : null}
      {!canEdit ? (
        <FormMessage tone="info">
          {MESSAGES.adminOnlyEdit} Vous pouvez consulter ce compte sans le modifier.
        </FormMessage>
      ) : null}

      {pending && canEdit ? (
        <section aria-labelledby="validation-title" className="rounded-lg border-l-4 border-amber-600 bg-amber-50 p-5">
          <h2 id="validation-title" className="text-xl font-semibold text-slate-900">
            Inscription à valider
          </h2>
          <p className="mt-1 text-slate-800">
            Une fois le dossier complet (formulaire, certificat ou questionnaire, cotisation), validez
            l&apos;inscription : la personne devient membre, reçoit un e-mail et accède à l&apos;espace membre.
          </p>
          <Form method="post" className="mt-3">
            <input type="hidden" name="intent" value="validate" />
            <input type="hidden" name="version" value={user.version} />
            <SubmitButton pendingLabel="Validation…">Valider l&apos;inscription {de(user.prenom)}</SubmitButton>
          </Form>
        </section>
      ) : null}

      <section
        id="compte"
        aria-labelledby="compte-title"
        className="rounded-lg border border-slate-300 bg-white p-5 shadow-sm"
      >
        <h2 id="compte-title" className="text-2xl font-semibold text-slate-900">
          Compte
        </h2>
        <p className="mt-1 text-slate-700">
          Connexion : {user.hasPassword ? "mot de passe" : "pas encore de mot de passe"}
          {user.hasGoogle ? ", compte Google" : ""}.
        </p>
        {canEdit ? (
          <AccountForm
            key={`account-${user.version}`}
            user={user}
            isSelf={isSelf}
            allowAdmin={managesAdmins}
            lastResult={forAccount}
          />
        ) : (
          <dl className="mt-3 grid gap-x-4 gap-y-1 sm:grid-cols-[auto_1fr]">
            <dt className="font-medium">E-mail</dt>
            <dd>{user.email}</dd>
          </dl>
        )}
        {canEdit && !user.hasPassword && user.active ? <SendLinkForm /> : null}
      </section>

      {detail.editableSeasons.length > 1 ? (
        <nav aria-label="Saison affichée" className="flex flex-wrap items-center gap-3">
          <span className="font-medium text-slate-800">Saison :</span>
          {detail.editableSeasons.map((s) => (
            <Link
              key={s}
              to={`?saison=${s}`}
              aria-current={s === season ? "page" : undefined}
              className={s === season ? buttonClasses() : buttonClasses({ variant: "secondary" })}
            >
              {s}
              {s === detail.season ? " (en cours)" : ""}
            </Link>
          ))}
        </nav>
      ) : null}

      {detail.profiles.map((p) => (
        <ProfileSection
          key={p.id}
          profile={p}
          season={season}
          canEdit={canEdit}
          gradeTable={detail.gradeTable}
          certificateValiditySeasons={detail.certificateValiditySeasons}
          answer={answer}
        />
      ))}

      {portraits.length ? <PortraitsAdminSection portraits={portraits} /> : null}

      <section aria-labelledby="history-title">
        <h2 id="history-title" className="text-2xl font-semibold text-slate-900">
          Historique des modifications
        </h2>
        {detail.history.length === 0 ? <p className="mt-2 text-slate-700">Aucune modification enregistrée.</p> : null}
        <ol className="mt-2 space-y-2">
          {detail.history.map((h) => (
            <li key={h.id} className="rounded-md bg-slate-50 px-3 py-2 text-slate-800">
              <span className="font-medium">{formatDateTime(h.at)}</span> — {h.actorName} : {h.summary}
            </li>
          ))}
        </ol>
      </section>

      {canEdit && !isSelf ? (
        <DeleteUserSection fullName={fullName} lastResult={answer?.intent === "delete" ? answer.result : undefined} />
      ) : null}
    </div>
  );
}

/**
 * /espace-membre/utilisateurs/modifier/:id (admin, user_manager): one
 * account — identity, e-mail, roles, active state, registration validation —
 * and, per profile (the holder's own and the family's), the season status
 * (cotisation, medical certificate or questionnaire attestation) and grade
 * history; the history of changes (who and when). Every form is a plain POST
 * with an `intent`; the rules are enforced in users-admin.server.ts.
 */
import { data, Form, Link, redirect } from "react-router";
import type { Route } from "./+types/edit";
import { CheckboxField, FormMessage, SelectField, SubmitButton, TextAreaField, TextField } from "~/components/form";
import {
  Badge,
  buttonClass,
  dangerButtonClass,
  formatDateTimeFr,
  formatEuros,
  healthTone,
  linkClass,
  RoleCheckboxes,
  secondaryButtonClass,
} from "~/components/membership";
import { parseForm } from "~/lib/http/forms";
import { HEALTH_KIND_OPTIONS, HEALTH_STATE_LABELS, MESSAGES, PAYMENT_MEANS_OPTIONS, type HealthState } from "~/lib/members/membership";
import { ROLE_LABELS, USER_MANAGERS, type Role } from "~/lib/accounts/roles";
import { formatDateFr } from "~/lib/members/seasons";
import { requireRoles } from "~/lib/accounts/session.server";
import { pageMeta } from "~/lib/http/seo";
import {
  accountSchema,
  addGradeEntry,
  canEditUser,
  deleteGradeEntry,
  closeDeletionRequest,
  deleteUser,
  getUser,
  getUserDetail,
  gradeEntrySchema,
  RuleError,
  saveSeasonStatus,
  sendWelcomeLink,
  statusSchema,
  updateUserAccount,
  validateRegistration,
} from "~/lib/members/users-admin.server";
import { readForm } from "~/lib/http/request.server";
import { positiveId, requireId, requireTimestampVersion } from "~/lib/http/ids";

const LIST = "/espace-membre/utilisateurs";

export const meta: Route.MetaFunction = (args) => {
  const u = args.data?.detail?.user;
  return pageMeta(args, {
    title: u ? `Modifier le compte de ${`${u.prenom} ${u.nom}`.trim()}` : "Modifier un utilisateur",
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
};

export async function loader({ request, params }: Route.LoaderArgs) {
  const actor = await requireRoles(request, USER_MANAGERS);
  const url = new URL(request.url);
  const detail = await getUserDetail(params.id);
  if (!detail) throw new Response("Utilisateur introuvable", { status: 404 });
  const requested = url.searchParams.get("saison");
  const season = requested && detail.editableSeasons.includes(requested) ? requested : detail.season;
  return {
    detail,
    season,
    canEdit: canEditUser(actor, detail.user),
    isSelf: actor.id === detail.user.id,
    actorIsAdmin: actor.isAdmin,
    notice: NOTICES[url.searchParams.get("ok") ?? ""] ?? null,
  };
}

type ActionResult = {
  intent: string;
  profileId: number | null;
  errors: Record<string, string>;
  values: Record<string, string>;
  roles?: string[];
  message: string | null;
};

function failure(intent: string, profileId: number | null, err: RuleError, values: Record<string, string>, roles?: string[]) {
  const stale = err.status === 409 && err.message === MESSAGES.stale;
  const body: ActionResult = {
    intent,
    profileId,
    errors: err.field ? { [err.field]: err.message } : {},
    values: stale ? {} : values,
    roles: stale ? undefined : roles,
    message: err.field ? null : err.message,
  };
  return data(body, { status: err.status });
}

export async function action({ request, params }: Route.ActionArgs) {
  const actor = await requireRoles(request, USER_MANAGERS);
  const id = params.id;
  const formData = await readForm(request);
  const intent = String(formData.get("intent") ?? "");
  const url = new URL(request.url);
  const season = url.searchParams.get("saison");
  const back = (ok: string, anchor = "") =>
    redirect(`${LIST}/modifier/${encodeURIComponent(id)}?${new URLSearchParams({ ok, ...(season ? { saison: season } : {}) })}${anchor}`);
  const invalid = (profileId: number | null, errors: Record<string, string>, values: Record<string, string>, roles?: string[]) =>
    data({ intent, profileId, errors, values, roles, message: null } satisfies ActionResult, { status: 400 });

  try {
    switch (intent) {
      case "account": {
        const roles = formData.getAll("roles").map(String);
        const parsed = parseForm(formData, accountSchema);
        if (!parsed.ok) return invalid(null, parsed.errors, parsed.values, roles);
        try {
          const { validated } = await updateUserAccount(actor, id, { ...parsed.data, roles });
          return back(validated ? "valide" : "compte", "#compte");
        } catch (err) {
          if (err instanceof RuleError) return failure(intent, null, err, parsed.values, roles);
          throw err;
        }
      }
      case "validate": {
        await validateRegistration(actor, id, requireTimestampVersion(formData.get("version")));
        return back("valide", "#compte");
      }
      case "status": {
        const parsed = parseForm(formData, statusSchema);
        const profileId = positiveId(formData.get("profileId"));
        if (!parsed.ok) return invalid(profileId, parsed.errors, parsed.values);
        try {
          await saveSeasonStatus(actor, id, parsed.data);
        } catch (err) {
          if (err instanceof RuleError) return failure(intent, profileId, err, parsed.values);
          throw err;
        }
        return back("saison", `#profil-${parsed.data.profileId}`);
      }
      case "grade-add": {
        const parsed = parseForm(formData, gradeEntrySchema);
        const profileId = positiveId(formData.get("profileId"));
        if (!parsed.ok) return invalid(profileId, parsed.errors, parsed.values);
        try {
          await addGradeEntry(actor, id, parsed.data);
        } catch (err) {
          if (err instanceof RuleError) return failure(intent, profileId, err, parsed.values);
          throw err;
        }
        return back("grade", `#grades-${parsed.data.profileId}`);
      }
      case "grade-delete": {
        const entryId = requireId(formData.get("entryId"));
        const profileId = positiveId(formData.get("profileId")) ?? 0;
        await deleteGradeEntry(actor, id, entryId);
        return back("grade-supprime", `#grades-${profileId}`);
      }
      case "send-link": {
        const target = await getUser(id);
        if (!target) throw new RuleError(MESSAGES.notFound, 404);
        if (!canEditUser(actor, target)) throw new RuleError(MESSAGES.adminOnlyEdit, 403);
        if (!target.active) throw new RuleError("Ce compte est désactivé : réactivez-le d'abord.", 409);
        await sendWelcomeLink(target);
        return back("lien", "#compte");
      }
      case "close-deletion-request": {
        await closeDeletionRequest(actor, id);
        return back("demande-classee", "#compte");
      }
      case "delete": {
        if (formData.get("confirm") !== "on") {
          return data(
            { intent, profileId: null, errors: { confirm: "Cochez la case pour confirmer la suppression." }, values: {}, message: null } satisfies ActionResult,
            { status: 400 },
          );
        }
        await deleteUser(actor, id);
        return redirect(`${LIST}?ok=supprime`);
      }
      default:
        throw new Response("Action inconnue", { status: 400 });
    }
  } catch (err) {
    if (err instanceof RuleError) {
      if (err.status === 404) throw new Response(err.message, { status: 404 });
      return failure(intent, null, err, {});
    }
    throw err;
  }
}

type Detail = Route.ComponentProps["loaderData"]["detail"];
type ProfileView = Detail["profiles"][number];

function centsToInput(cents: number | null | undefined): string {
  if (cents === null || cents === undefined) return "";
  return (cents / 100).toFixed(2).replace(".", ",").replace(",00", "");
}

function StatusSummary({ s }: { s: ProfileView["statuses"][number] | undefined }) {
  return (
    <ul className="mb-4 flex flex-wrap gap-2">
      <li>
        {s?.cotisationPaidOn ? <Badge tone="ok">Cotisation payée</Badge> : <Badge tone="bad">Cotisation non payée</Badge>}
      </li>
      <li>
        <Badge tone={healthTone(s?.health ?? "manquant")}>
          Document de santé : {HEALTH_STATE_LABELS[(s?.health ?? "manquant") as HealthState].toLowerCase()}
          {s?.healthValidUntil ? ` (jusqu'au ${formatDateFr(s.healthValidUntil)})` : ""}
        </Badge>
      </li>
    </ul>
  );
}

function ProfileSection({
  profile,
  season,
  canEdit,
  gradeTable,
  certificateValiditySeasons,
  actionData,
}: {
  profile: ProfileView;
  season: string;
  canEdit: boolean;
  gradeTable: Detail["gradeTable"];
  certificateValiditySeasons: number;
  actionData: ActionResult | undefined;
}) {
  const status = profile.statuses.find((s) => s.season === season);
  const mine = actionData && actionData.profileId === profile.id;
  const statusErrors = mine && actionData.intent === "status" ? actionData.errors : {};
  const statusValues = mine && actionData.intent === "status" ? actionData.values : null;
  const gradeErrors = mine && actionData.intent === "grade-add" ? actionData.errors : {};
  const gradeValues = mine && actionData.intent === "grade-add" ? actionData.values : null;
  const message = mine ? actionData.message : null;
  const past = profile.statuses.filter((s) => s.season !== season);
  const name = `${profile.prenom} ${profile.nom}`.trim();
  const headingId = `profil-${profile.id}-titre`;
  return (
    <section id={`profil-${profile.id}`} aria-labelledby={headingId} className="rounded-lg border border-slate-300 bg-white p-5 shadow-sm">
      <h2 id={headingId} className="text-2xl font-semibold text-slate-900">
        {name} {profile.isSelf ? <span className="text-base font-normal text-slate-700">(titulaire du compte)</span> : <span className="text-base font-normal text-slate-700">(profil famille)</span>}
      </h2>
      {profile.dateOfBirth ? <p className="text-slate-700">Né(e) le {formatDateFr(profile.dateOfBirth)}</p> : null}

      <h3 className="mt-4 text-xl font-semibold text-slate-900">Saison {season}</h3>
      <StatusSummary s={status} />
      {message ? <FormMessage>{message}</FormMessage> : null}
      {canEdit ? (
        <Form method="post" noValidate key={`status-${profile.id}-${status?.version ?? 0}`} className="space-y-2">
          <input type="hidden" name="intent" value="status" />
          <input type="hidden" name="profileId" value={profile.id} />
          <input type="hidden" name="season" value={season} />
          <input type="hidden" name="version" value={status?.version ?? 0} />
          <fieldset className="rounded-md border border-slate-200 p-4">
            <legend className="px-1 font-semibold text-slate-900">Cotisation</legend>
            <div className="grid gap-x-4 sm:grid-cols-3">
              <TextField
                label="Payée le"
                name="cotisationPaidOn"
                type="date"
                defaultValue={statusValues?.cotisationPaidOn ?? status?.cotisationPaidOn ?? ""}
                error={statusErrors.cotisationPaidOn}
              />
              <TextField
                label="Montant (€)"
                name="cotisationAmount"
                inputMode="decimal"
                hint="Par exemple 180 ou 92,50"
                defaultValue={statusValues?.cotisationAmount ?? centsToInput(status?.cotisationAmountCents)}
                error={statusErrors.cotisationAmount}
              />
              <SelectField
                label="Moyen de paiement"
                name="cotisationMeans"
                options={[{ value: "", label: "— Non payée —" }, ...PAYMENT_MEANS_OPTIONS]}
                defaultValue={statusValues?.cotisationMeans ?? status?.cotisationMeans ?? ""}
                error={statusErrors.cotisationMeans}
              />
            </div>
          </fieldset>
          <fieldset className="rounded-md border border-slate-200 p-4">
            <legend className="px-1 font-semibold text-slate-900">Certificat médical ou attestation</legend>
            <p className="mb-3 text-sm text-slate-700">
              Un certificat médical vaut pour {certificateValiditySeasons} saison{certificateValiditySeasons > 1 ? "s" : ""} (réglage du club) ;
              l&apos;attestation du questionnaire de santé, pour la saison seulement. La date de fin est calculée.
            </p>
            <div className="grid gap-x-4 sm:grid-cols-2">
              <SelectField
                label="Document reçu"
                name="healthKind"
                options={[{ value: "", label: "— Aucun —" }, ...HEALTH_KIND_OPTIONS]}
                defaultValue={statusValues?.healthKind ?? status?.healthKind ?? ""}
                error={statusErrors.healthKind}
              />
              <TextField
                label="Reçu le"
                name="healthReceivedOn"
                type="date"
                defaultValue={statusValues?.healthReceivedOn ?? status?.healthReceivedOn ?? ""}
                error={statusErrors.healthReceivedOn}
              />
            </div>
          </fieldset>
          <SubmitButton pendingLabel="Enregistrement…">Enregistrer la saison {season} de {profile.prenom}</SubmitButton>
        </Form>
      ) : status ? (
        <dl className="grid gap-x-4 gap-y-1 sm:grid-cols-[auto_1fr]">
          <dt className="font-medium">Cotisation</dt>
          <dd>
            {status.cotisationPaidOn
              ? `payée le ${formatDateFr(status.cotisationPaidOn)}, ${formatEuros(status.cotisationAmountCents)}`
              : "non payée"}
          </dd>
          <dt className="font-medium">Document de santé</dt>
          <dd>{status.healthReceivedOn ? `reçu le ${formatDateFr(status.healthReceivedOn)}` : "aucun"}</dd>
        </dl>
      ) : null}

      {past.length > 0 ? (
        <>
          <h3 className="mt-6 text-xl font-semibold text-slate-900">Autres saisons</h3>
          <div className="mt-2 overflow-x-auto">
            <table className="min-w-full text-left text-slate-800">
              <caption className="sr-only">Situation de {name} les autres saisons</caption>
              <thead>
                <tr>
                  <th scope="col" className="py-1 pr-4 font-semibold">
                    Saison
                  </th>
                  <th scope="col" className="py-1 pr-4 font-semibold">
                    Cotisation
                  </th>
                  <th scope="col" className="py-1 pr-4 font-semibold">
                    Document de santé
                  </th>
                </tr>
              </thead>
              <tbody>
                {past.map((s) => (
                  <tr key={s.id} className="border-t border-slate-200">
                    <th scope="row" className="py-1 pr-4 font-normal">
                      {s.season}
                    </th>
                    <td className="py-1 pr-4">
                      {s.cotisationPaidOn ? `payée le ${formatDateFr(s.cotisationPaidOn)} (${formatEuros(s.cotisationAmountCents)})` : "non payée"}
                    </td>
                    <td className="py-1 pr-4">
                      {s.healthReceivedOn
                        ? `${s.healthKind === "questionnaire" ? "attestation" : "certificat"} reçu le ${formatDateFr(s.healthReceivedOn)}, valable jusqu'au ${formatDateFr(s.healthValidUntil)}`
                        : "aucun"}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      ) : null}

      <h3 id={`grades-${profile.id}`} className="mt-6 text-xl font-semibold text-slate-900">
        Grades
      </h3>
      {profile.grades.length === 0 ? <p className="text-slate-700">Aucun grade enregistré.</p> : null}
      <ul className="mt-2 divide-y divide-slate-200">
        {profile.grades.map((g) => (
          <li key={g.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
            <span>
              <strong>{g.name}</strong> — le {formatDateFr(g.awardedOn)}
              {g.note ? <span className="block text-sm text-slate-700">{g.note}</span> : null}
            </span>
            {canEdit ? (
              <Form method="post">
                <input type="hidden" name="intent" value="grade-delete" />
                <input type="hidden" name="profileId" value={profile.id} />
                <input type="hidden" name="entryId" value={g.id} />
                <button type="submit" className={dangerButtonClass}>
                  Supprimer<span className="sr-only"> le grade {g.name} du {formatDateFr(g.awardedOn)}</span>
                </button>
              </Form>
            ) : null}
          </li>
        ))}
      </ul>
      {canEdit ? (
        <Form method="post" noValidate className="mt-3 rounded-md border border-slate-200 p-4" key={`grade-${profile.id}-${profile.grades.length}`}>
          <input type="hidden" name="intent" value="grade-add" />
          <input type="hidden" name="profileId" value={profile.id} />
          <p className="mb-3 font-semibold text-slate-900">Ajouter un grade à l&apos;historique de {profile.prenom}</p>
          <div className="grid gap-x-4 sm:grid-cols-2">
            <SelectField
              label="Grade"
              name="gradeId"
              options={[{ value: "", label: "— Choisir —" }, ...gradeTable.map((g) => ({ value: String(g.id), label: g.label }))]}
              defaultValue={gradeValues?.gradeId ?? ""}
              error={gradeErrors.gradeId}
            />
            <TextField label="Obtenu le" name="awardedOn" type="date" defaultValue={gradeValues?.awardedOn ?? ""} error={gradeErrors.awardedOn} />
          </div>
          <TextAreaField label="Note (facultatif)" name="note" rows={2} defaultValue={gradeValues?.note ?? ""} error={gradeErrors.note} />
          <SubmitButton pendingLabel="Ajout…" className={secondaryButtonClass}>
            Ajouter le grade
          </SubmitButton>
        </Form>
      ) : null}
    </section>
  );
}

export default function EditUser({ loaderData, actionData }: Route.ComponentProps) {
  const { detail, season, canEdit, isSelf, actorIsAdmin, notice } = loaderData;
  const { user } = detail;
  const result = actionData as ActionResult | undefined;
  const accountErrors = result && result.intent === "account" ? result.errors : {};
  const accountValues = result && result.intent === "account" ? result.values : null;
  const topMessage = result && result.profileId === null && result.message ? result.message : null;
  const pending = user.roles.includes("pré-inscrit");
  const fullName = `${user.prenom} ${user.nom}`.trim() || user.email;
  return (
    <div className="space-y-8">
      <div>
        <p className="mb-2">
          <Link to={LIST} className={linkClass}>
            Retour à la liste des utilisateurs
          </Link>
        </p>
        <h1 className="text-3xl font-bold text-slate-900">Compte de {fullName}</h1>
        <p className="mt-2 flex flex-wrap gap-2 text-slate-700">
          {user.roles.map((r) => (
            <Badge key={r} tone={r === "pré-inscrit" ? "warn" : "neutral"}>
              {ROLE_LABELS[r as Role] ?? r}
            </Badge>
          ))}
          {!user.active ? <Badge tone="bad">Compte désactivé</Badge> : null}
          <span>Créé le {formatDateFr(user.createdAt)}</span>
        </p>
      </div>

      {notice ? <FormMessage tone="success">{notice}</FormMessage> : null}
      {topMessage ? <FormMessage>{topMessage}</FormMessage> : null}
      {detail.deletionRequest ? (
        <FormMessage tone="info">
          <p>
            Cette personne a demandé la suppression de son compte le {formatDateFr(detail.deletionRequest.requestedAt)}
            {detail.deletionRequest.reason ? <> : « {detail.deletionRequest.reason} »</> : null}. Supprimez le compte en bas de
            cette page, ou conservez les données le temps nécessaire (adhésion de la saison en cours) et classez la
            demande ; répondez-lui dans le mois.
          </p>
          {canEdit ? (
            <Form method="post" className="mt-3">
              <input type="hidden" name="intent" value="close-deletion-request" />
              <SubmitButton pendingLabel="Enregistrement…">Classer la demande (données conservées)</SubmitButton>
            </Form>
          ) : null}
        </FormMessage>
      ) : null}
      {!canEdit ? <FormMessage tone="info">{MESSAGES.adminOnlyEdit} Vous pouvez consulter ce compte sans le modifier.</FormMessage> : null}

      {pending && canEdit ? (
        <section aria-labelledby="validation-title" className="rounded-lg border-l-4 border-amber-600 bg-amber-50 p-5">
          <h2 id="validation-title" className="text-xl font-semibold text-slate-900">
            Inscription à valider
          </h2>
          <p className="mt-1 text-slate-800">
            Une fois le dossier complet (formulaire, certificat ou questionnaire, cotisation), validez l&apos;inscription : la personne
            devient membre, reçoit un e-mail et accède à l&apos;espace membre.
          </p>
          <Form method="post" className="mt-3">
            <input type="hidden" name="intent" value="validate" />
            <input type="hidden" name="version" value={user.version} />
            <SubmitButton pendingLabel="Validation…">Valider l&apos;inscription de {user.prenom}</SubmitButton>
          </Form>
        </section>
      ) : null}

      <section id="compte" aria-labelledby="compte-title" className="rounded-lg border border-slate-300 bg-white p-5 shadow-sm">
        <h2 id="compte-title" className="text-2xl font-semibold text-slate-900">
          Compte
        </h2>
        <p className="mt-1 text-slate-700">
          Connexion : {user.hasPassword ? "mot de passe" : "pas encore de mot de passe"}
          {user.hasGoogle ? ", compte Google" : ""}.
        </p>
        {canEdit ? (
          <Form method="post" noValidate key={`account-${user.version}`} className="mt-4">
            <input type="hidden" name="intent" value="account" />
            <input type="hidden" name="version" value={user.version} />
            <div className="grid gap-x-4 sm:grid-cols-2">
              <TextField label="Prénom" name="prenom" required defaultValue={accountValues?.prenom ?? user.prenom} error={accountErrors.prenom} />
              <TextField label="Nom" name="nom" required defaultValue={accountValues?.nom ?? user.nom} error={accountErrors.nom} />
            </div>
            <TextField
              label="Adresse e-mail"
              name="email"
              type="email"
              required
              defaultValue={accountValues?.email ?? user.email}
              error={accountErrors.email}
            />
            <RoleCheckboxes selected={result?.intent === "account" && result.roles ? result.roles : user.roles} allowAdmin={actorIsAdmin} error={accountErrors.roles} />
            {isSelf ? (
              <input type="hidden" name="active" value="on" />
            ) : (
              <CheckboxField
                label="Compte actif (décocher pour désactiver : la personne ne peut plus se connecter et ses sessions sont fermées)"
                name="active"
                defaultChecked={accountValues ? accountValues.active === "on" : user.active}
                error={accountErrors.active}
              />
            )}
            <SubmitButton pendingLabel="Enregistrement…">Enregistrer le compte</SubmitButton>
          </Form>
        ) : (
          <dl className="mt-3 grid gap-x-4 gap-y-1 sm:grid-cols-[auto_1fr]">
            <dt className="font-medium">E-mail</dt>
            <dd>{user.email}</dd>
          </dl>
        )}
        {canEdit && !user.hasPassword && user.active ? (
          <Form method="post" className="mt-4 border-t border-slate-200 pt-4">
            <input type="hidden" name="intent" value="send-link" />
            <p className="mb-2 text-slate-700">Cette personne n&apos;a pas encore choisi de mot de passe.</p>
            <button type="submit" className={secondaryButtonClass}>
              Renvoyer le lien pour choisir un mot de passe
            </button>
          </Form>
        ) : null}
      </section>

      {detail.editableSeasons.length > 1 ? (
        <nav aria-label="Saison affichée" className="flex flex-wrap items-center gap-3">
          <span className="font-medium text-slate-800">Saison :</span>
          {detail.editableSeasons.map((s) => (
            <Link
              key={s}
              to={`?saison=${s}`}
              aria-current={s === season ? "page" : undefined}
              className={s === season ? buttonClass : secondaryButtonClass}
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
          actionData={result}
        />
      ))}

      <section aria-labelledby="history-title">
        <h2 id="history-title" className="text-2xl font-semibold text-slate-900">
          Historique des modifications
        </h2>
        {detail.history.length === 0 ? <p className="mt-2 text-slate-700">Aucune modification enregistrée.</p> : null}
        <ol className="mt-2 space-y-2">
          {detail.history.map((h) => (
            <li key={h.id} className="rounded-md bg-slate-50 px-3 py-2 text-slate-800">
              <span className="font-medium">{formatDateTimeFr(h.at)}</span> — {h.actorName} : {h.summary}
            </li>
          ))}
        </ol>
      </section>

      {canEdit && !isSelf ? (
        <section aria-labelledby="delete-title" className="rounded-lg border border-red-300 bg-white p-5">
          <h2 id="delete-title" className="text-2xl font-semibold text-red-900">
            Supprimer le compte
          </h2>
          <p className="mt-1 text-slate-800">
            La suppression efface le compte, ses profils famille, leurs cotisations et leurs grades. Elle est définitive ; pour
            suspendre l&apos;accès, désactivez plutôt le compte.
          </p>
          <Form method="post" className="mt-3">
            <input type="hidden" name="intent" value="delete" />
            <CheckboxField
              label={`Je confirme la suppression définitive du compte de ${fullName}`}
              name="confirm"
              error={result?.intent === "delete" ? result.errors.confirm : undefined}
            />
            <button type="submit" className={dangerButtonClass}>
              Supprimer le compte
            </button>
          </Form>
        </section>
      ) : null}
    </div>
  );
}

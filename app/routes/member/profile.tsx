import { data, Form, Link, redirect } from "react-router";
import { Download, Pencil, Trash2, UserPlus } from "lucide-react";
import type { Route } from "./+types/profile";
import { CheckboxField, FormMessage, SelectField, SubmitButton, TextField } from "~/components/form";
import {
  changeEmail,
  changePassword,
  emailChangeSchema,
  passwordChangeSchema,
  signInMethods,
  startGoogleLink,
  unlinkGoogle,
} from "~/lib/accounts/account-settings.server";
import { signOut } from "~/lib/accounts/auth.server";
import { parseForm, type FieldErrors } from "~/lib/http/forms";
import { deletionBlocker, pendingDeletionRequest, requestAccountDeletion } from "~/lib/accounts/member-data.server";
import {
  addFamilyProfile,
  familyProfileSchema,
  getSelectedProfile,
  ownProfileSchema,
  removeFamilyProfile,
  updateFamilyProfile,
  updateOwnProfile,
} from "~/lib/members/profiles.server";
import { RELATIONSHIP_LABELS, RELATIONSHIPS } from "~/lib/members/relationships";
import { formatDateFr } from "~/lib/members/seasons";
import { pageMeta } from "~/lib/http/seo";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Mon profil",
    description: "Vos informations personnelles, les profils de votre famille, vos moyens de connexion et vos données personnelles.",
    noindex: true,
  });

export async function loader({ request }: Route.LoaderArgs) {
  const ctx = await getSelectedProfile(request);
  const own = ctx.profiles.find((p) => p.isSelf) ?? ctx.profile;
  const url = new URL(request.url);
  const methods = await signInMethods(ctx.user.id);
  const pending = await pendingDeletionRequest(ctx.user.id);
  const google = url.searchParams.get("google");
  return {
    email: ctx.user.email,
    own: {
      prenom: own.prenom,
      nom: own.nom,
      phone: own.phone,
      dateOfBirth: own.dateOfBirth ?? "",
      emergencyContact: own.emergencyContact,
    },
    family: ctx.profiles
      .filter((p) => !p.isSelf)
      .map((p) => ({ id: p.id, prenom: p.prenom, nom: p.nom, dateOfBirth: p.dateOfBirth ?? "", relationship: p.relationship })),
    editId: Number(url.searchParams.get("modifier")) || null,
    removeId: Number(url.searchParams.get("retirer")) || null,
    confirmDeletion: url.searchParams.get("suppression") === "confirmer",
    methods,
    googleNotice: google === "associe" ? "linked" : google === "erreur" ? "error" : null,
    pendingDeletion: pending ? pending.requestedAt.toISOString().slice(0, 10) : null,
  };
}

type ActionResult = {
  intent: string;
  ok: boolean;
  message?: string;
  errors?: FieldErrors;
  values?: Record<string, string>;
  profileId?: number;
};

export async function action({ request }: Route.ActionArgs) {
  const ctx = await getSelectedProfile(request);
  const { user } = ctx;
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const reply = (r: Omit<ActionResult, "intent">, init?: ResponseInit) => data<ActionResult>({ intent, ...r }, init);

  switch (intent) {
    case "info": {
      const parsed = parseForm(form, ownProfileSchema);
      if (!parsed.ok) return reply({ ok: false, errors: parsed.errors, values: parsed.values }, { status: 400 });
      await updateOwnProfile(user.id, parsed.data);
      return reply({ ok: true, message: "Vos informations ont été enregistrées." });
    }
    case "add-family": {
      const parsed = parseForm(form, familyProfileSchema);
      if (!parsed.ok) return reply({ ok: false, errors: parsed.errors, values: parsed.values }, { status: 400 });
      const p = await addFamilyProfile(user.id, parsed.data);
      return reply({ ok: true, message: `Le profil de ${p.prenom} a été ajouté.` });
    }
    case "edit-family": {
      const profileId = Number(form.get("profileId"));
      const parsed = parseForm(form, familyProfileSchema);
      if (!parsed.ok) return reply({ ok: false, errors: parsed.errors, values: parsed.values, profileId }, { status: 400 });
      const p = await updateFamilyProfile(user.id, profileId, parsed.data);
      return reply({ ok: true, message: `Le profil de ${p.prenom} a été modifié.` });
    }
    case "remove-family": {
      const profileId = Number(form.get("profileId"));
      await removeFamilyProfile(user.id, profileId);
      return reply({ ok: true, message: "Le profil a été retiré, avec son historique." });
    }
    case "email": {
      const parsed = parseForm(form, emailChangeSchema);
      if (!parsed.ok) return reply({ ok: false, errors: parsed.errors, values: { newEmail: parsed.values.newEmail ?? "" } }, { status: 400 });
      const result = await changeEmail(request, user, parsed.data);
      if (!result.ok) return reply({ ok: false, errors: result.errors, values: { newEmail: parsed.values.newEmail ?? "" } }, { status: 400 });
      return reply({ ok: true, message: result.message });
    }
    case "password": {
      const parsed = parseForm(form, passwordChangeSchema);
      if (!parsed.ok) return reply({ ok: false, errors: parsed.errors }, { status: 400 });
      const result = await changePassword(request, user.id, parsed.data);
      if (!result.ok) return reply({ ok: false, errors: result.errors }, { status: 400 });
      return reply({ ok: true, message: result.message }, { headers: result.headers });
    }
    case "link-google": {
      const result = await startGoogleLink(request, user.id);
      if (!result.ok) return reply({ ok: false, errors: result.errors }, { status: 400 });
      throw redirect(result.redirectTo!, { headers: result.headers });
    }
    case "unlink-google": {
      const result = await unlinkGoogle(user.id);
      if (!result.ok) return reply({ ok: false, errors: result.errors }, { status: 400 });
      return reply({ ok: true, message: result.message });
    }
    case "delete-account": {
      if (form.get("confirm") !== "oui") {
        return reply(
          { ok: false, errors: { confirm: "Cochez la case pour confirmer la suppression de votre compte." } },
          { status: 400 },
        );
      }
      const reason = String(form.get("reason") ?? "");
      if (await deletionBlocker(user.id)) {
        const outcome = await requestAccountDeletion(user.id, reason);
        const why = outcome.outcome === "queued" ? outcome.reason : "";
        return reply({
          ok: true,
          message: `Votre demande de suppression a été transmise aux responsables du club, qui la traiteront dans un délai d'un mois. ${why}`,
        });
      }
      const headers = await signOut(request.headers);
      await requestAccountDeletion(user.id, reason);
      throw redirect("/compte-supprime", { headers });
    }
    default:
      throw new Response("Action inconnue", { status: 400 });
  }
}

const sectionClass = "mb-10 rounded-lg border border-slate-200 p-5";
const h2Class = "mb-4 text-2xl font-semibold text-club-900";
const secondaryButton =
  "inline-flex items-center gap-2 rounded-md border border-club-700 bg-white px-4 py-2 font-semibold text-club-800 hover:bg-club-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-club-700";
const dangerButton =
  "inline-flex items-center gap-2 rounded-md bg-red-700 px-4 py-2 font-semibold text-white hover:bg-red-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700";

const relationshipOptions = [
  { value: "", label: "Choisir…" },
  ...RELATIONSHIPS.map((r) => ({ value: r, label: RELATIONSHIP_LABELS[r] })),
];

function Notice({ result, intent }: { result: ActionResult | undefined; intent: string | string[] }) {
  const intents = Array.isArray(intent) ? intent : [intent];
  if (!result || !intents.includes(result.intent)) return null;
  if (result.ok && result.message) return <FormMessage tone="success">{result.message}</FormMessage>;
  if (!result.ok) return <FormMessage>Le formulaire contient des erreurs : corrigez les champs signalés.</FormMessage>;
  return null;
}

function FamilyFields({
  values,
  errors,
}: {
  values: { prenom?: string; nom?: string; dateOfBirth?: string; relationship?: string };
  errors?: FieldErrors;
}) {
  return (
    <div className="grid gap-x-4 sm:grid-cols-2">
      <TextField label="Prénom" name="prenom" required defaultValue={values.prenom} error={errors?.prenom} autoComplete="off" />
      <TextField label="Nom" name="nom" defaultValue={values.nom} error={errors?.nom} autoComplete="off" />
      <TextField
        label="Date de naissance"
        name="dateOfBirth"
        type="date"
        defaultValue={values.dateOfBirth}
        error={errors?.dateOfBirth}
      />
      <SelectField
        label="Lien avec vous"
        name="relationship"
        required
        options={relationshipOptions}
        defaultValue={values.relationship ?? ""}
        error={errors?.relationship}
      />
    </div>
  );
}

export default function Profile({ loaderData, actionData }: Route.ComponentProps) {
  const { email, own, family, editId, removeId, confirmDeletion, methods, googleNotice, pendingDeletion } = loaderData;
  const result = actionData as ActionResult | undefined;
  const errorsFor = (intent: string) => (result && !result.ok && result.intent === intent ? result.errors : undefined);
  const valuesFor = (intent: string) => (result && !result.ok && result.intent === intent ? result.values : undefined);
  const infoValues = valuesFor("info") ?? own;
  const addOk = result?.intent === "add-family" && result.ok;
  const editing =
    result && !result.ok && result.intent === "edit-family" ? result.profileId : result?.intent === "edit-family" ? null : editId;

  return (
    <div className="max-w-4xl">
      <h1 className="mb-2 text-3xl font-bold text-club-900">Mon profil</h1>
      <p className="mb-8 text-slate-700">
        Vos informations, les profils de votre famille, vos moyens de connexion et vos données personnelles.
      </p>

      <section aria-labelledby="infos" className={sectionClass}>
        <h2 id="infos" className={h2Class}>
          Mes informations
        </h2>
        <Notice result={result} intent="info" />
        <Form method="post" action="/espace-membre/profil" noValidate>
          <input type="hidden" name="intent" value="info" />
          <div className="grid gap-x-4 sm:grid-cols-2">
            <TextField label="Prénom" name="prenom" required autoComplete="given-name" defaultValue={infoValues.prenom} error={errorsFor("info")?.prenom} />
            <TextField label="Nom" name="nom" required autoComplete="family-name" defaultValue={infoValues.nom} error={errorsFor("info")?.nom} />
            <TextField
              label="Téléphone"
              name="phone"
              type="tel"
              autoComplete="tel"
              inputMode="tel"
              defaultValue={infoValues.phone}
              error={errorsFor("info")?.phone}
            />
            <TextField
              label="Date de naissance"
              name="dateOfBirth"
              type="date"
              autoComplete="bday"
              defaultValue={infoValues.dateOfBirth}
              error={errorsFor("info")?.dateOfBirth}
            />
          </div>
          <TextField
            label="Personne à prévenir en cas d'urgence"
            name="emergencyContact"
            hint="Nom et téléphone, par exemple : Marie Dupont, 06 12 34 56 78"
            defaultValue={infoValues.emergencyContact}
            error={errorsFor("info")?.emergencyContact}
          />
          <SubmitButton pendingLabel="Enregistrement…">Enregistrer mes informations</SubmitButton>
        </Form>
      </section>

      <section aria-labelledby="famille" className={sectionClass}>
        <h2 id="famille" className={h2Class}>
          Les profils de ma famille
        </h2>
        <p className="mb-4 text-slate-700">
          Ajoutez vos enfants ou vos proches inscrits au club : chaque profil a son adhésion, ses grades et ses révisions.
          Choisissez ensuite le profil affiché en haut des pages de l'espace membre.
        </p>
        <Notice result={result} intent={["edit-family", "remove-family"]} />
        {family.length ? (
          <ul className="mb-6 divide-y divide-slate-200 rounded-lg border border-slate-200">
            {family.map((p) => (
              <li key={p.id} className="p-4">
                {editing === p.id ? (
                  <Form method="post" action="/espace-membre/profil" noValidate aria-label={`Modifier le profil de ${p.prenom}`}>
                    <input type="hidden" name="intent" value="edit-family" />
                    <input type="hidden" name="profileId" value={p.id} />
                    <FamilyFields values={valuesFor("edit-family") ?? p} errors={errorsFor("edit-family")} />
                    <div className="flex flex-wrap gap-3">
                      <SubmitButton pendingLabel="Enregistrement…">Enregistrer</SubmitButton>
                      <Link to="/espace-membre/profil" className={secondaryButton}>
                        Annuler
                      </Link>
                    </div>
                  </Form>
                ) : removeId === p.id && !(result?.intent === "remove-family" && result.ok) ? (
                  <Form method="post" action="/espace-membre/profil">
                    <input type="hidden" name="intent" value="remove-family" />
                    <input type="hidden" name="profileId" value={p.id} />
                    <p className="mb-3 font-semibold text-red-800" role="alert">
                      Retirer le profil de {p.prenom} ? Son historique de grades, son adhésion et ses révisions seront effacés.
                    </p>
                    <div className="flex flex-wrap gap-3">
                      <button type="submit" className={dangerButton}>
                        <Trash2 aria-hidden="true" className="h-5 w-5" />
                        Oui, retirer ce profil
                      </button>
                      <Link to="/espace-membre/profil" className={secondaryButton}>
                        Annuler
                      </Link>
                    </div>
                  </Form>
                ) : (
                  <div className="flex flex-wrap items-center justify-between gap-3">
                    <div>
                      <p className="font-semibold text-slate-900">
                        {p.prenom} {p.nom}
                      </p>
                      <p className="text-sm text-slate-700">
                        {RELATIONSHIP_LABELS[p.relationship] ?? "Proche"}
                        {p.dateOfBirth ? ` · né(e) le ${formatDateFr(p.dateOfBirth)}` : ""}
                      </p>
                    </div>
                    <div className="flex flex-wrap gap-2">
                      <Link to={`?modifier=${p.id}#famille`} className={secondaryButton}>
                        <Pencil aria-hidden="true" className="h-4 w-4" />
                        Modifier<span className="sr-only"> le profil de {p.prenom}</span>
                      </Link>
                      <Link to={`?retirer=${p.id}#famille`} className={secondaryButton}>
                        <Trash2 aria-hidden="true" className="h-4 w-4" />
                        Retirer<span className="sr-only"> le profil de {p.prenom}</span>
                      </Link>
                    </div>
                  </div>
                )}
              </li>
            ))}
          </ul>
        ) : (
          <p className="mb-6 text-slate-700">Aucun profil familial pour l'instant.</p>
        )}

        <h3 className="mb-3 text-xl font-semibold text-club-900">Ajouter un profil</h3>
        <Notice result={result} intent="add-family" />
        <Form method="post" action="/espace-membre/profil" noValidate key={addOk ? `added-${family.length}` : "add"}>
          <input type="hidden" name="intent" value="add-family" />
          <FamilyFields values={valuesFor("add-family") ?? {}} errors={errorsFor("add-family")} />
          <SubmitButton pendingLabel="Ajout…">
            <UserPlus aria-hidden="true" className="mr-2 h-5 w-5" />
            Ajouter ce profil
          </SubmitButton>
        </Form>
      </section>

      <section aria-labelledby="titre-email" className={sectionClass}>
        <h2 id="titre-email" className={h2Class}>
          Adresse e-mail
        </h2>
        <p className="mb-4 text-slate-700">
          Adresse actuelle : <strong>{email}</strong>
        </p>
        <Notice result={result} intent="email" />
        <Form method="post" action="/espace-membre/profil" noValidate>
          <input type="hidden" name="intent" value="email" />
          <TextField
            label="Nouvelle adresse e-mail"
            name="newEmail"
            type="email"
            autoComplete="email"
            required
            defaultValue={valuesFor("email")?.newEmail}
            error={errorsFor("email")?.newEmail}
          />
          <TextField
            label="Mot de passe actuel"
            name="password"
            type="password"
            autoComplete="current-password"
            required
            hint="Pour votre sécurité, confirmez le changement avec votre mot de passe."
            error={errorsFor("email")?.password}
          />
          <SubmitButton pendingLabel="Modification…">Changer d'adresse e-mail</SubmitButton>
        </Form>
      </section>

      <section aria-labelledby="mot-de-passe" className={sectionClass}>
        <h2 id="mot-de-passe" className={h2Class}>
          Mot de passe
        </h2>
        <Notice result={result} intent="password" />
        {methods.hasPassword ? (
          <Form method="post" action="/espace-membre/profil" noValidate>
            <input type="hidden" name="intent" value="password" />
            <TextField
              label="Mot de passe actuel"
              name="currentPassword"
              type="password"
              autoComplete="current-password"
              required
              error={errorsFor("password")?.currentPassword}
            />
            <TextField
              label="Nouveau mot de passe"
              name="newPassword"
              type="password"
              autoComplete="new-password"
              required
              hint="Au moins 8 caractères ; une phrase de plusieurs mots est facile à retenir et difficile à deviner."
              error={errorsFor("password")?.newPassword}
            />
            <TextField
              label="Confirmer le nouveau mot de passe"
              name="confirmPassword"
              type="password"
              autoComplete="new-password"
              required
              error={errorsFor("password")?.confirmPassword}
            />
            <p className="mb-4 text-sm text-slate-700">Vos autres sessions (sur d'autres appareils) seront fermées.</p>
            <SubmitButton pendingLabel="Modification…">Changer de mot de passe</SubmitButton>
          </Form>
        ) : (
          <p className="text-slate-700">
            Vous vous connectez avec Google et n'avez pas de mot de passe. Pour en créer un, utilisez{" "}
            <Link to="/mot-de-passe-oublie" className="font-semibold text-club-800 underline">
              « Mot de passe oublié »
            </Link>{" "}
            avec votre adresse e-mail.
          </p>
        )}
      </section>

      <section aria-labelledby="google" className={sectionClass}>
        <h2 id="google" className={h2Class}>
          Connexion avec Google
        </h2>
        {googleNotice === "linked" && methods.hasGoogle ? (
          <FormMessage tone="success">Votre compte Google est associé : vous pouvez vous connecter avec lui.</FormMessage>
        ) : null}
        {googleNotice === "error" || (googleNotice === "linked" && !methods.hasGoogle) ? (
          <FormMessage>
            L'association avec Google a échoué. Vérifiez que le compte Google utilise la même adresse e-mail ({email}) et
            réessayez.
          </FormMessage>
        ) : null}
        {result && ["link-google", "unlink-google"].includes(result.intent) ? (
          result.ok ? (
            <FormMessage tone="success">{result.message}</FormMessage>
          ) : (
            <FormMessage>{result.errors?.google}</FormMessage>
          )
        ) : null}
        {methods.hasGoogle ? (
          <>
            <p className="mb-4 text-slate-700">Un compte Google est associé à votre compte.</p>
            <Form method="post" action="/espace-membre/profil">
              <input type="hidden" name="intent" value="unlink-google" />
              <button type="submit" className={secondaryButton}>
                Dissocier mon compte Google
              </button>
            </Form>
          </>
        ) : methods.googleAvailable ? (
          <>
            <p className="mb-4 text-slate-700">
              Associez votre compte Google (même adresse e-mail) pour vous connecter sans mot de passe.
            </p>
            <Form method="post" action="/espace-membre/profil" reloadDocument>
              <input type="hidden" name="intent" value="link-google" />
              <button type="submit" className={secondaryButton}>
                Associer mon compte Google
              </button>
            </Form>
          </>
        ) : (
          <p className="text-slate-700">La connexion avec Google n'est pas disponible pour le moment.</p>
        )}
      </section>

      <section aria-labelledby="donnees" className={sectionClass}>
        <h2 id="donnees" className={h2Class}>
          Mes données personnelles
        </h2>
        <p className="mb-4 text-slate-700">
          Conformément au RGPD, vous pouvez obtenir une copie de toutes les données que le site conserve sur vous et sur
          les profils de votre famille (fichier JSON), ou demander la suppression de votre compte.
        </p>
        <p className="mb-6">
          <a href="/espace-membre/profil/donnees" download className={secondaryButton}>
            <Download aria-hidden="true" className="h-5 w-5" />
            Télécharger mes données
          </a>
        </p>
        <h3 className="mb-3 text-xl font-semibold text-club-900">Supprimer mon compte</h3>
        <Notice result={result} intent="delete-account" />
        {pendingDeletion && !(result?.intent === "delete-account" && result.ok) ? (
          <FormMessage tone="info">
            Votre demande de suppression du {formatDateFr(pendingDeletion)} est en cours de traitement par les responsables du
            club.
          </FormMessage>
        ) : confirmDeletion || (result?.intent === "delete-account" && !result.ok) ? (
          <Form method="post" action="/espace-membre/profil" noValidate>
            <input type="hidden" name="intent" value="delete-account" />
            <p className="mb-3 text-slate-800">
              La suppression efface votre compte, les profils de votre famille, leurs grades et leurs révisions. Si une
              adhésion est en cours cette saison (ou si vous avez un rôle de gestion), la demande est transmise aux
              responsables du club, qui la traitent sous un mois ; sinon elle est immédiate.
            </p>
            <CheckboxField
              label="Je confirme vouloir supprimer mon compte et mes données"
              name="confirm"
              value="oui"
              error={errorsFor("delete-account")?.confirm}
            />
            <div className="flex flex-wrap gap-3">
              <button type="submit" className={dangerButton}>
                <Trash2 aria-hidden="true" className="h-5 w-5" />
                Supprimer mon compte
              </button>
              <Link to="/espace-membre/profil" className={secondaryButton}>
                Annuler
              </Link>
            </div>
          </Form>
        ) : result?.intent === "delete-account" && result.ok ? null : (
          <Link to="?suppression=confirmer#donnees" className={secondaryButton}>
            Demander la suppression de mon compte
          </Link>
        )}
      </section>
    </div>
  );
}

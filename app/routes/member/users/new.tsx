/**
 * /espace-membre/utilisateurs/ajouter (admin, user_manager): creates an
 * account for someone — prénom, nom, e-mail, roles. No password is chosen
 * here: the person receives an e-mail with a single-use link to choose it.
 */
import { data, Form, Link, redirect } from "react-router";
import type { Route } from "./+types/new";
import { FormMessage, SubmitButton, TextField } from "~/components/form";
import { linkClass, RoleCheckboxes } from "~/components/membership";
import { parseForm } from "~/lib/http/forms";
import { USER_MANAGERS } from "~/lib/accounts/roles";
import { requireRoles } from "~/lib/accounts/session.server";
import { pageMeta } from "~/lib/http/seo";
import { createManagedUser, newUserSchema, RuleError, WELCOME_LINK_DAYS } from "~/lib/members/users-admin.server";
import { readForm } from "~/lib/http/request.server";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: "Ajouter un utilisateur", description: "Créer le compte d'un membre du club.", noindex: true });

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireRoles(request, USER_MANAGERS);
  return { allowAdmin: user.isAdmin, linkDays: WELCOME_LINK_DAYS };
}

export async function action({ request }: Route.ActionArgs) {
  const actor = await requireRoles(request, USER_MANAGERS);
  const formData = await readForm(request);
  const roles = formData.getAll("roles").map(String);
  const parsed = parseForm(formData, newUserSchema);
  if (!parsed.ok) return data({ errors: parsed.errors, values: parsed.values, roles, message: null }, { status: 400 });
  try {
    const { id } = await createManagedUser(actor, { ...parsed.data, roles });
    return redirect(`/espace-membre/utilisateurs/modifier/${id}?ok=cree`);
  } catch (err) {
    if (!(err instanceof RuleError)) throw err;
    const errors = err.field ? { [err.field]: err.message } : {};
    return data({ errors, values: parsed.values, roles, message: err.field ? null : err.message }, { status: err.status });
  }
}

export default function NewUser({ loaderData, actionData }: Route.ComponentProps) {
  const { allowAdmin, linkDays } = loaderData;
  const errors: Record<string, string> = actionData?.errors ?? {};
  const values: Record<string, string> = actionData?.values ?? {};
  const hasErrors = Object.keys(errors).length > 0;
  return (
    <div className="max-w-2xl space-y-6">
      <p>
        <Link to="/espace-membre/utilisateurs" className={linkClass}>
          Retour à la liste des utilisateurs
        </Link>
      </p>
      <h1 className="text-3xl font-bold text-slate-900">Ajouter un utilisateur</h1>
      <p className="text-slate-700">
        La personne reçoit un e-mail « Un compte a été créé pour vous… » avec un lien pour choisir elle-même son mot de
        passe (valable {linkDays} jours, utilisable une seule fois). Vous ne choisissez ni ne voyez jamais son mot de passe.
      </p>
      {actionData?.message ? <FormMessage>{actionData.message}</FormMessage> : null}
      {hasErrors && !actionData?.message ? <FormMessage>Le compte n&apos;a pas été créé : corrigez les champs signalés.</FormMessage> : null}
      <Form method="post" noValidate className="rounded-lg border border-slate-300 bg-white p-5 shadow-sm">
        <div className="grid gap-x-4 sm:grid-cols-2">
          <TextField label="Prénom" name="prenom" required autoComplete="off" defaultValue={values.prenom} error={errors.prenom} />
          <TextField label="Nom" name="nom" required autoComplete="off" defaultValue={values.nom} error={errors.nom} />
        </div>
        <TextField label="Adresse e-mail" name="email" type="email" required autoComplete="off" defaultValue={values.email} error={errors.email} />
        <RoleCheckboxes selected={actionData?.roles ?? ["membre"]} allowAdmin={allowAdmin} error={errors.roles} />
        <SubmitButton pendingLabel="Création…">Créer le compte et envoyer l&apos;e-mail</SubmitButton>
      </Form>
    </div>
  );
}

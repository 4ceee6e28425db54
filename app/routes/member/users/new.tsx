/**
 * /espace-membre/utilisateurs/ajouter (admin, user_manager): creates an
 * account for someone — prénom, nom, e-mail, roles. No password is chosen
 * here: the person receives an e-mail with a single-use link to choose it.
 */
import { Form, href, Link } from "react-router";
import { userContext } from "~/lib/accounts/auth-context";
import { can } from "~/lib/accounts/capabilities";
import { MEMBER_ROLE } from "~/lib/accounts/roles";
import type { Route } from "./+types/new";
import { fieldProps, FormErrors, SubmitButton, TextField, useClubForm, getFormProps } from "~/components/form";
import { linkClass, RoleCheckboxes } from "~/components/users-admin-ui";
import { invalid, parseSubmission, tryDomain } from "~/lib/http/forms";
import { newSubmissionToken, redirectOnce } from "~/lib/http/submissions.server";
import { OnceField } from "~/components/once-field";
import { pageMeta } from "~/lib/http/seo";
import { newUserSchema } from "~/lib/members/users-admin";
import { createManagedUser, WELCOME_LINK_DAYS } from "~/lib/members/users-admin.server";
import { readForm } from "~/lib/http/request.server";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Ajouter un utilisateur",
    description: "Créer le compte d'un membre du club.",
    noindex: true,
  });

export async function loader({ context }: Route.LoaderArgs) {
  const user = context.get(userContext);
  return {
    allowAdmin: can(user, "users:manage-admins"),
    linkDays: WELCOME_LINK_DAYS,
    submissionToken: newSubmissionToken(),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = context.get(userContext);
  const formData = await readForm(request);
  const submission = parseSubmission(formData, newUserSchema);
  if (submission.status !== "success") return invalid(submission);
  // Created once however often the form is sent (one-time token): one account, one welcome mail.
  return tryDomain(submission, () =>
    redirectOnce("user.create", formData, async () => {
      const { id } = await createManagedUser(actor, submission.value);
      return `${href("/espace-membre/utilisateurs/modifier/:id", { id })}?ok=cree`;
    }),
  );
}

export default function NewUser({ loaderData, actionData }: Route.ComponentProps) {
  const { allowAdmin, linkDays, submissionToken } = loaderData;
  const lastResult = actionData?.result;
  const [form, fields] = useClubForm({ schema: newUserSchema, lastResult });
  const typed = lastResult?.initialValue?.roles;
  const roles = Array.isArray(typed) ? typed.map(String) : typeof typed === "string" ? [typed] : [MEMBER_ROLE];
  return (
    <div className="max-w-2xl space-y-6">
      <p>
        <Link to={href("/espace-membre/utilisateurs")} className={linkClass}>
          Retour à la liste des utilisateurs
        </Link>
      </p>
      <h1 className="text-3xl font-bold text-slate-900">Ajouter un utilisateur</h1>
      <p className="text-slate-700">
        La personne reçoit un e-mail « Un compte a été créé pour vous… » avec un lien pour choisir elle-même son mot de
        passe (valable {linkDays} jours, utilisable une seule fois). Vous ne choisissez ni ne voyez jamais son mot de
        passe.
      </p>
      <Form method="post" {...getFormProps(form)} className="rounded-lg border border-slate-300 bg-white p-5 shadow-sm">
        <FormErrors
          form={form}
          lastResult={lastResult}
          summary="Le compte n'a pas été créé : corrigez les champs signalés."
        />
        <OnceField token={submissionToken} />
        <div className="grid gap-x-4 sm:grid-cols-2">
          <TextField label="Prénom" required autoComplete="off" {...fieldProps(fields.prenom)} />
          <TextField label="Nom" required autoComplete="off" {...fieldProps(fields.nom)} />
        </div>
        <TextField label="Adresse e-mail" type="email" required autoComplete="off" {...fieldProps(fields.email)} />
        <RoleCheckboxes selected={roles} allowAdmin={allowAdmin} error={fields.roles.errors?.[0]} />
        <SubmitButton pendingLabel="Création…">Créer le compte et envoyer l&apos;e-mail</SubmitButton>
      </Form>
    </div>
  );
}

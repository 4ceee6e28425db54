/**
 * /installation?jeton=… — first run in the browser (app/lib/operations/setup.server.ts):
 * creates the first administrator and the club's essential settings, then
 * queues a test e-mail. Answers 404 without the token, with a wrong one, or
 * once an administrator exists. Works without JavaScript (Conform, decision 0009).
 */
import { getFormProps } from "@conform-to/react";
import { data, Form, redirect } from "react-router";
import type { Route } from "./+types/setup";
import { AuthCard } from "~/components/auth-card";
import { fieldProps, FormErrors, SubmitButton, TextField, useClubForm } from "~/components/form";
import { invalid, parseSubmission, replyWithError } from "~/lib/http/forms";
import { DomainError } from "~/lib/core/errors";
import { readForm } from "~/lib/http/request.server";
import { assertSameOrigin } from "~/lib/http/csrf.server";
import { completeSetup, setupAllowed } from "~/lib/operations/setup.server";
import { setupSchema } from "~/lib/operations/setup";

export const meta: Route.MetaFunction = () => [
  { title: "Installation du site" },
  { name: "robots", content: "noindex" },
];

function notFound(): never {
  throw data("Page introuvable", { status: 404 });
}

export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("jeton");
  if (!(await setupAllowed(token))) notFound();
  return { token: token! };
}

export async function action({ request }: Route.ActionArgs) {
  assertSameOrigin(request);
  const formData = await readForm(request);
  const token = formData.get("token");
  if (typeof token !== "string" || !(await setupAllowed(token))) notFound();
  const submission = parseSubmission(formData, setupSchema);
  if (submission.status !== "success") return invalid(submission, { hideFields: ["password", "confirmation"] });
  try {
    await completeSetup(submission.value);
  } catch (err) {
    if (!(err instanceof DomainError)) throw err;
    if (err.status === 404) notFound();
    return replyWithError(submission, err, { hideFields: ["password", "confirmation"] });
  }
  return redirect(`/connexion?redirectTo=${encodeURIComponent("/espace-membre")}`);
}

export default function Setup({ loaderData, actionData }: Route.ComponentProps) {
  const result = actionData && "result" in actionData ? actionData.result : undefined;
  const [form, fields] = useClubForm({ schema: setupSchema, lastResult: result, defaultValue: { token: loaderData.token } });
  return (
    <AuthCard
      title="Installation du site"
      intro={
        <p>
          Bienvenue ! Créez le compte du premier administrateur et indiquez les coordonnées du club. Tout reste modifiable
          ensuite dans l'espace membre.
        </p>
      }
    >
      <Form method="post" {...getFormProps(form)}>
        <FormErrors form={form} lastResult={result} summary="L'installation n'est pas terminée : corrigez les champs signalés." />
        <input type="hidden" name="token" value={loaderData.token} />
        <fieldset className="mb-6">
          <legend className="mb-3 text-lg font-semibold text-club-900">Premier administrateur</legend>
          <TextField label="Prénom" autoComplete="given-name" required {...fieldProps(fields.prenom)} />
          <TextField label="Nom" autoComplete="family-name" required {...fieldProps(fields.nom)} />
          <TextField label="Adresse e-mail" type="email" autoComplete="email" inputMode="email" required {...fieldProps(fields.email)} />
          <TextField
            label="Mot de passe"
            type="password"
            autoComplete="new-password"
            required
            hint="8 caractères au moins ; évitez les mots de passe courants."
            {...fieldProps(fields.password)}
          />
          <TextField label="Mot de passe (confirmation)" type="password" autoComplete="new-password" required {...fieldProps(fields.confirmation)} />
        </fieldset>
        <fieldset className="mb-6">
          <legend className="mb-3 text-lg font-semibold text-club-900">Le club</legend>
          <TextField label="Nom du club" autoComplete="organization" required {...fieldProps(fields.clubName)} />
          <TextField
            label="E-mail de contact du club"
            type="email"
            inputMode="email"
            required
            hint="Les messages du formulaire de contact y arrivent."
            {...fieldProps(fields.clubEmail)}
          />
          <TextField label="Adresse du gymnase (numéro et rue)" autoComplete="street-address" required {...fieldProps(fields.street)} />
          <TextField label="Code postal" autoComplete="postal-code" inputMode="numeric" required {...fieldProps(fields.postalCode)} />
          <TextField label="Ville" autoComplete="address-level2" required {...fieldProps(fields.city)} />
        </fieldset>
        <p className="mb-6 text-sm text-slate-700">
          E-mails : un message d'essai part vers votre adresse dès la fin de l'installation. Si le serveur n'a pas encore de
          serveur d'envoi (variable <code>SMTP_URL</code>), le message attend dans la file d'envoi et partira dès qu'il sera
          configuré ; la page Exploitation de l'espace membre indique son état.
        </p>
        <SubmitButton pendingLabel="Installation…">Créer l'administrateur et terminer</SubmitButton>
      </Form>
    </AuthCard>
  );
}

/**
 * /installation?jeton=… — first run in the browser (app/lib/operations/setup.server.ts):
 * creates the first administrator and the club's essential settings (name, short
 * name, association, venue, address, e-mail, and the weekly classes, which may wait), then
 * queues a test e-mail. Answers 404 without the token, with a wrong one, or
 * once an administrator exists. Works without JavaScript (Conform).
 */
import { notFound } from "~/lib/http/responses";
import { Form, href, redirect } from "react-router";
import type { Route } from "./+types/setup";
import { AuthCard } from "~/components/auth-card";
import {
  fieldProps,
  FormErrors,
  SelectField,
  SubmitButton,
  TextField,
  useClubForm,
  getFormProps,
} from "~/components/form";
import { invalid, parseSubmission, replyWithError } from "~/lib/http/forms";
import { DomainError } from "~/lib/core/errors";
import { readForm } from "~/lib/http/request.server";
import { assertSameOrigin } from "~/lib/http/csrf.server";
import { completeSetup, setupAllowed } from "~/lib/operations/setup.server";
import { SETUP_CLASS_ROWS, setupSchema } from "~/lib/operations/setup";
import { MailSettingsFields } from "~/components/operations/mail-settings-fields";
import { env } from "~/lib/core/env.server";
import { DAYS } from "~/lib/club/settings-labels";

export const meta: Route.MetaFunction = () => [
  { title: "Installation du site" },
  { name: "robots", content: "noindex" },
];

const DAY_OPTIONS = DAYS.map((label, i) => ({ value: String(i + 1), label }));

export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("jeton");
  if (!(await setupAllowed(token))) notFound("Page introuvable");
  return { token: token!, smtpFromEnv: Boolean(env().SMTP_URL) };
}

export async function action({ request }: Route.ActionArgs) {
  assertSameOrigin(request);
  const formData = await readForm(request);
  const token = formData.get("token");
  if (typeof token !== "string" || !(await setupAllowed(token))) notFound("Page introuvable");
  const submission = parseSubmission(formData, setupSchema);
  if (submission.status !== "success")
    return invalid(submission, { hideFields: ["password", "confirmation", "smtpPassword"] });
  try {
    await completeSetup(submission.value);
  } catch (err) {
    if (!(err instanceof DomainError)) throw err;
    if (err.status === 404) notFound("Page introuvable");
    return replyWithError(submission, err, { hideFields: ["password", "confirmation", "smtpPassword"] });
  }
  return redirect(`${href("/connexion")}?redirectTo=${encodeURIComponent(href("/espace-membre"))}`);
}

export default function Setup({ loaderData, actionData }: Route.ComponentProps) {
  const result = actionData && "result" in actionData ? actionData.result : undefined;
  const [form, fields] = useClubForm({
    schema: setupSchema,
    lastResult: result,
    defaultValue: {
      token: loaderData.token,
      mailChoice: "plus-tard",
      smtpPort: "587",
      classes: Array.from({ length: SETUP_CLASS_ROWS }, () => ({})),
    },
  });
  // Always SETUP_CLASS_ROWS rows, whatever a refused submission sent back (empty rows may be dropped).
  const listed = fields.classes.getFieldList();
  const classRows = Array.from({ length: SETUP_CLASS_ROWS }, (_, i) => {
    const c = listed[i]?.getFieldset();
    const props = (field: "day" | "start" | "end" | "group") =>
      c ? fieldProps(c[field]) : { name: `classes[${i}].${field}`, defaultValue: "" };
    return { key: listed[i]?.key ?? String(i), props };
  });
  const mailChoice = fields.mailChoice.value ?? fields.mailChoice.initialValue ?? "plus-tard";
  return (
    <AuthCard
      title="Installation du site"
      intro={
        <p>
          Bienvenue ! Créez le compte du premier administrateur et indiquez les coordonnées du club. Tout reste
          modifiable ensuite dans l'espace membre.
        </p>
      }
    >
      <Form method="post" {...getFormProps(form)}>
        <FormErrors
          form={form}
          lastResult={result}
          summary="L'installation n'est pas terminée : corrigez les champs signalés."
        />
        <input type="hidden" name="token" value={loaderData.token} />
        <fieldset className="mb-6">
          <legend className="mb-3 text-lg font-semibold text-club-900">Premier administrateur</legend>
          <TextField label="Prénom" autoComplete="given-name" required {...fieldProps(fields.prenom)} />
          <TextField label="Nom" autoComplete="family-name" required {...fieldProps(fields.nom)} />
          <TextField
            label="Adresse e-mail"
            type="email"
            autoComplete="email"
            inputMode="email"
            required
            {...fieldProps(fields.email)}
          />
          <TextField
            label="Mot de passe"
            type="password"
            autoComplete="new-password"
            required
            hint="8 caractères au moins ; évitez les mots de passe courants."
            {...fieldProps(fields.password)}
          />
          <TextField
            label="Mot de passe (confirmation)"
            type="password"
            autoComplete="new-password"
            required
            {...fieldProps(fields.confirmation)}
          />
        </fieldset>
        <fieldset className="mb-6">
          <legend className="mb-3 text-lg font-semibold text-club-900">Le club</legend>
          <TextField
            label="Nom du club"
            autoComplete="organization"
            required
            hint="Tel qu'il s'affiche en haut de chaque page, par exemple Vovinam Viet Vo Dao Boulogne."
            {...fieldProps(fields.clubName)}
          />
          <TextField
            label="Nom court"
            required
            hint="Pour les titres courts, par exemple VVD Boulogne."
            {...fieldProps(fields.shortName)}
          />
          <TextField
            label="Nom officiel de l'association"
            required
            hint="Celui des statuts : il figure dans les mentions légales et le pied de page."
            {...fieldProps(fields.associationName)}
          />
          <TextField
            label="E-mail de contact du club"
            type="email"
            inputMode="email"
            required
            hint="Les messages du formulaire de contact y arrivent."
            {...fieldProps(fields.clubEmail)}
          />
          <TextField
            label="Gymnase ou complexe sportif des cours"
            required
            hint="Par exemple Gymnase Paul Bert."
            {...fieldProps(fields.sportsComplex)}
          />
          <TextField
            label="Adresse du gymnase (numéro et rue)"
            autoComplete="street-address"
            required
            {...fieldProps(fields.street)}
          />
          <TextField
            label="Code postal"
            autoComplete="postal-code"
            inputMode="numeric"
            required
            {...fieldProps(fields.postalCode)}
          />
          <TextField label="Ville" autoComplete="address-level2" required {...fieldProps(fields.city)} />
        </fieldset>
        <fieldset className="mb-6">
          <legend className="mb-3 text-lg font-semibold text-club-900">Les cours de la semaine</legend>
          <p className="mb-3 text-sm text-slate-700">
            Facultatif : les horaires paraissent sur l'accueil et la page Tarifs et horaires. Laissez vide pour les
            saisir plus tard : d'ici là, ces pages annoncent que les horaires seront bientôt publiés. D'autres cours
            s'ajoutent ensuite dans les réglages (Horaires des cours).
          </p>
          {classRows.map((row, i) => (
            <fieldset key={row.key} className="mb-4 rounded-lg border border-slate-300 p-4">
              <legend className="px-1 font-semibold text-slate-900">Cours {i + 1}</legend>
              <SelectField
                label="Jour"
                options={[{ value: "", label: "Choisir…" }, ...DAY_OPTIONS]}
                {...row.props("day")}
              />
              <TextField label="Début (HH:MM)" type="time" {...row.props("start")} />
              <TextField label="Fin (HH:MM)" type="time" {...row.props("end")} />
              <TextField label="Groupe" hint="Par exemple Enfants (6-11 ans) ou Adultes." {...row.props("group")} />
            </fieldset>
          ))}
        </fieldset>
        <fieldset className="mb-6">
          <legend className="mb-3 text-lg font-semibold text-club-900">E-mails</legend>
          {loaderData.smtpFromEnv ? (
            <p className="text-sm text-slate-700">
              Le serveur d’envoi est déjà fixé par la variable <code>SMTP_URL</code> de l’environnement du serveur :
              elle prime sur tout réglage fait dans le navigateur. Un message d’essai part vers votre adresse dès la fin
              de l’installation.
            </p>
          ) : (
            <>
              <p className="mb-3 text-sm text-slate-700">
                Un message d’essai part vers votre adresse dès la fin de l’installation. Sans serveur d’envoi, les
                e-mails attendent dans la file et partiront dès qu’il sera réglé (page Exploitation de l’espace membre).
              </p>
              <div className="mb-4 space-y-2" role="radiogroup" aria-labelledby="mail-choice-label">
                <p id="mail-choice-label" className="font-medium text-slate-800">
                  Serveur d’envoi des e-mails
                </p>
                {[
                  { value: "plus-tard", label: "Plus tard" },
                  { value: "smtp", label: "Le régler maintenant (SMTP)" },
                ].map((o) => (
                  <label key={o.value} className="flex items-center gap-2 text-slate-800">
                    <input
                      type="radio"
                      name={fields.mailChoice.name}
                      value={o.value}
                      defaultChecked={mailChoice === o.value}
                      className="h-5 w-5 border-slate-400 text-club-700 focus:ring-club-600"
                    />
                    {o.label}
                  </label>
                ))}
              </div>
              <p className="mb-3 text-sm text-slate-700">Si vous choisissez de le régler maintenant :</p>
              <MailSettingsFields fields={fields} required={false} />
            </>
          )}
        </fieldset>
        <SubmitButton pendingLabel="Installation…">Créer l'administrateur et terminer</SubmitButton>
      </Form>
    </AuthCard>
  );
}

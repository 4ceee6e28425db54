/**
 * The mail-server fields (host, port, TLS, user, password, sender), shared by
 * the first-run setup page and the operations page. The stored password is
 * never shown back: an empty field keeps it (the hint says so).
 */
import { Form } from "react-router";
import {
  checkboxProps,
  fieldProps,
  FormErrors,
  SubmitButton,
  TextField,
  useClubForm,
  getFormProps,
  type FieldMetadata,
} from "~/components/form";
import { CheckboxField } from "~/components/checkbox-field";
import { mailSettingsSchema } from "~/lib/mail/mail-settings";

type MailFieldName = "smtpHost" | "smtpPort" | "smtpSecure" | "smtpUser" | "smtpPassword" | "smtpFrom";

export function MailSettingsFields({
  fields,
  hasPassword = false,
  required = true,
}: {
  fields: Record<MailFieldName, FieldMetadata<unknown>>;
  hasPassword?: boolean;
  required?: boolean;
}) {
  return (
    <>
      <TextField
        label="Serveur d’envoi (SMTP)"
        hint="Donné par votre fournisseur de messagerie, par exemple smtp.exemple.fr."
        required={required}
        {...fieldProps(fields.smtpHost)}
      />
      <TextField
        label="Port"
        inputMode="numeric"
        hint="587 en général ; 465 si la connexion est chiffrée d’emblée."
        required={required}
        {...fieldProps(fields.smtpPort)}
      />
      <CheckboxField
        label="Connexion chiffrée d’emblée (SMTPS, port 465 en général)"
        {...checkboxProps(fields.smtpSecure)}
      />
      <TextField label="Identifiant" autoComplete="off" {...fieldProps(fields.smtpUser)} />
      <TextField
        label="Mot de passe du serveur d’envoi"
        type="password"
        autoComplete="new-password"
        hint={hasPassword ? "Un mot de passe est enregistré ; laissez vide pour le garder." : undefined}
        name={fields.smtpPassword.name}
        error={fields.smtpPassword.errors?.[0]}
      />
      <TextField
        label="Expéditeur"
        hint="Par exemple : Club de Vovinam <contact@exemple.fr>. Vide : l’expéditeur par défaut du serveur."
        {...fieldProps(fields.smtpFrom)}
      />
    </>
  );
}

/**
 * The operations page's mail-server form (intent "smtp"). When SMTP_URL is set
 * in the environment it wins: the page says so and offers no form.
 */
export function MailServerForm({
  view,
  lastResult,
}: {
  view: {
    envWins: boolean;
    host: string;
    port: number;
    secure: boolean;
    user: string;
    from: string;
    hasPassword: boolean;
  };
  lastResult?: Parameters<typeof useClubForm>[0]["lastResult"];
}) {
  const [form, fields] = useClubForm({
    id: "serveur-envoi",
    schema: mailSettingsSchema,
    lastResult,
    defaultValue: {
      smtpHost: view.host,
      smtpPort: String(view.port),
      smtpSecure: view.secure ? "on" : "",
      smtpUser: view.user,
      smtpFrom: view.from,
    },
  });
  if (view.envWins)
    return (
      <p className="mt-4 text-slate-800">
        Le serveur d’envoi est fixé par la variable <code>SMTP_URL</code> de l’environnement du serveur : elle prime sur
        tout réglage fait ici. Pour le changer, modifiez cette variable puis redémarrez le site.
      </p>
    );
  return (
    <Form method="post" {...getFormProps(form)} className="mt-6 border-t border-slate-200 pt-4">
      <h3 className="mb-3 text-lg font-semibold text-slate-900">Serveur d’envoi</h3>
      <FormErrors form={form} lastResult={lastResult} />
      <input type="hidden" name="intent" value="smtp" />
      <MailSettingsFields fields={fields} hasPassword={view.hasPassword} />
      <SubmitButton pendingLabel="Enregistrement…">Enregistrer le serveur d’envoi</SubmitButton>
    </Form>
  );
}

/**
 * The account parts of the user edit page: identity, e-mail, roles and state
 * (Conform form, decision 0009), the « send the link again » button, and the
 * deletion form with its confirmation box. Each shows the action's answer
 * only when it belongs to it (intent).
 */
import { Form } from "react-router";
import {
  checkboxProps,
  FormErrors,
  fieldProps,
  SubmitButton,
  TextField,
  useClubForm,
  getFormProps,
} from "~/components/form";
import { CheckboxField } from "~/components/checkbox-field";
import { RoleCheckboxes } from "~/components/users-admin-ui";
import { buttonClasses } from "~/components/ui/button";

const dangerButtonClass = buttonClasses({ variant: "danger" });
const secondaryButtonClass = buttonClasses({ variant: "secondary" });
import { accountSchema, deleteUserSchema, type UserEditAnswer } from "~/lib/members/users-admin";
import type { UserDetail } from "~/lib/members/users-detail.server";
import { de } from "~/lib/typography/elision";

type Result = UserEditAnswer["result"] | undefined;

/** The roles typed in the refused form (one value or several), else the account's. */
function typedRoles(value: unknown, fallback: readonly string[]): readonly string[] {
  if (Array.isArray(value)) return value.map(String);
  if (typeof value === "string") return [value];
  return fallback;
}

export function AccountForm({
  user,
  isSelf,
  allowAdmin,
  lastResult,
}: {
  user: UserDetail["user"];
  isSelf: boolean;
  allowAdmin: boolean;
  lastResult: Result;
}) {
  const [form, fields] = useClubForm({
    id: `compte-${user.version}`,
    schema: accountSchema,
    lastResult,
    defaultValue: { prenom: user.prenom, nom: user.nom, email: user.email, active: user.active ? "on" : "" },
  });
  const roles = lastResult?.initialValue ? typedRoles(lastResult.initialValue.roles, []) : user.roles;
  return (
    <Form method="post" {...getFormProps(form)} className="mt-4">
      <FormErrors
        form={form}
        lastResult={lastResult}
        summary="Le compte n'a pas été enregistré : corrigez les champs signalés."
      />
      <input type="hidden" name="intent" value="account" />
      <input type="hidden" name="version" value={user.version} />
      <div className="grid gap-x-4 sm:grid-cols-2">
        <TextField label="Prénom" required {...fieldProps(fields.prenom)} />
        <TextField label="Nom" required {...fieldProps(fields.nom)} />
      </div>
      <TextField label="Adresse e-mail" type="email" required {...fieldProps(fields.email)} />
      <RoleCheckboxes selected={roles} allowAdmin={allowAdmin} error={fields.roles.errors?.[0]} />
      {isSelf ? (
        <input type="hidden" name="active" value="on" />
      ) : (
        <CheckboxField
          label="Compte actif (décocher pour désactiver : la personne ne peut plus se connecter et ses sessions sont fermées)"
          {...checkboxProps(fields.active)}
        />
      )}
      <SubmitButton pendingLabel="Enregistrement…">Enregistrer le compte</SubmitButton>
    </Form>
  );
}

export function SendLinkForm() {
  return (
    <Form method="post" className="mt-4 border-t border-slate-200 pt-4">
      <input type="hidden" name="intent" value="send-link" />
      <p className="mb-2 text-slate-700">Cette personne n&apos;a pas encore choisi de mot de passe.</p>
      <button type="submit" className={secondaryButtonClass}>
        Renvoyer le lien pour choisir un mot de passe
      </button>
    </Form>
  );
}

export function DeleteUserSection({ fullName, lastResult }: { fullName: string; lastResult: Result }) {
  const [form, fields] = useClubForm({ id: "supprimer-compte", schema: deleteUserSchema, lastResult });
  return (
    <section aria-labelledby="delete-title" className="rounded-lg border border-red-300 bg-white p-5">
      <h2 id="delete-title" className="text-2xl font-semibold text-red-900">
        Supprimer le compte
      </h2>
      <p className="mt-1 text-slate-800">
        La suppression efface le compte, ses profils famille, leurs cotisations et leurs grades. Elle est définitive ;
        pour suspendre l&apos;accès, désactivez plutôt le compte.
      </p>
      <Form method="post" {...getFormProps(form)} className="mt-3">
        <FormErrors form={form} lastResult={lastResult} />
        <input type="hidden" name="intent" value="delete" />
        <CheckboxField
          label={`Je confirme la suppression définitive du compte ${de(fullName)}`}
          {...checkboxProps(fields.confirm)}
        />
        <button type="submit" className={dangerButtonClass}>
          Supprimer le compte
        </button>
      </Form>
    </section>
  );
}

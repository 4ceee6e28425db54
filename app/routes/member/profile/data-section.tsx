/**
 * "Mes données personnelles" (RGPD): the JSON export (a download link) and the
 * deletion of the account (?suppression=confirmer shows the form, intent
 * "delete-account"; the domain deletes at once or queues the request).
 */
import { Form, href, Link } from "react-router";
import { checkboxProps, FormErrors, FormMessage, useClubForm, getFormProps } from "~/components/form";
import { CheckboxField } from "~/components/checkbox-field";
import { OnceField } from "~/components/once-field";
import { deleteAccountSchema } from "~/lib/accounts/account-settings";
import { PROFILE_NOT_SAVED } from "~/lib/members/profiles";
import { formatDate } from "~/lib/core/time";
import {
  dangerButton,
  h2Class,
  PROFILE_ACTION,
  resultFor,
  secondaryButton,
  sectionClass,
  Success,
  successFor,
  type ProfileAnswer,
} from "./shared";
import { Icon } from "~/components/ui/icon";

export function DataSection({
  confirmDeletion,
  pendingDeletion,
  answer,
  submissionToken,
}: {
  confirmDeletion: boolean;
  pendingDeletion: string | null;
  answer: ProfileAnswer | undefined;
  /** One-time token of the deletion request. */
  submissionToken: string;
}) {
  const requested = successFor(answer, "delete-account");
  const lastResult = resultFor(answer, "delete-account");
  return (
    <section aria-labelledby="donnees" className={sectionClass}>
      <h2 id="donnees" className={h2Class}>
        Mes données personnelles
      </h2>
      <p className="mb-4 text-slate-700">
        Conformément au RGPD, vous pouvez obtenir une copie de toutes les données que le site conserve sur vous et sur
        les profils de votre famille (fichier JSON), ou demander la suppression de votre compte.
      </p>
      <p className="mb-6">
        <a href={href("/espace-membre/profil/donnees")} download className={secondaryButton}>
          <Icon name="download" className="h-5 w-5" />
          Télécharger mes données
        </a>
      </p>
      <h3 className="mb-3 text-xl font-semibold text-club-900">Supprimer mon compte</h3>
      <Success message={requested} />
      {requested ? null : pendingDeletion ? (
        <FormMessage tone="info">
          Votre demande de suppression du {formatDate(pendingDeletion)} est en cours de traitement par les responsables
          du club.
        </FormMessage>
      ) : confirmDeletion || lastResult ? (
        <DeleteForm lastResult={lastResult} submissionToken={submissionToken} />
      ) : (
        <Link to="?suppression=confirmer#donnees" className={secondaryButton}>
          Demander la suppression de mon compte
        </Link>
      )}
    </section>
  );
}

function DeleteForm({
  lastResult,
  submissionToken,
}: {
  lastResult: ReturnType<typeof resultFor>;
  submissionToken: string;
}) {
  const [form, fields] = useClubForm({ id: "profil-suppression", schema: deleteAccountSchema, lastResult });
  return (
    <Form method="post" action={PROFILE_ACTION} {...getFormProps(form)}>
      <FormErrors form={form} lastResult={lastResult} summary={PROFILE_NOT_SAVED} />
      <input type="hidden" name="intent" value="delete-account" />
      <OnceField token={submissionToken} />
      <p className="mb-3 text-slate-800">
        La suppression efface votre compte, les profils de votre famille, leurs grades et leurs révisions. Si une
        adhésion est en cours cette saison (ou si vous avez un rôle de gestion), la demande est transmise aux
        responsables du club, qui la traitent sous un mois ; sinon elle est immédiate.
      </p>
      <CheckboxField
        label="Je confirme vouloir supprimer mon compte et mes données"
        value="oui"
        {...checkboxProps(fields.confirm)}
      />
      <div className="flex flex-wrap gap-3">
        <button type="submit" className={dangerButton}>
          <Icon name="trash-2" className="h-5 w-5" />
          Supprimer mon compte
        </button>
        <Link to={PROFILE_ACTION} className={secondaryButton}>
          Annuler
        </Link>
      </div>
    </Form>
  );
}

/**
 * "Les profils de ma famille": the list, editing one profile (?modifier=id,
 * intent "edit-family"), removing one after a confirmation (?retirer=id,
 * intent "remove-family"), and adding one (intent "add-family").
 */
import type { SubmissionResult } from "@conform-to/react";
import { Form, Link } from "react-router";
import {
  fieldProps,
  FormErrors,
  SelectField,
  SubmitButton,
  TextField,
  useClubForm,
  getFormProps,
} from "~/components/form";
import {
  familyEditSchema,
  familyProfileSchema,
  PROFILE_NOT_SAVED,
  profileIdSchema,
  type LicenceIdentity,
} from "~/lib/members/profiles";
import { RELATIONSHIP_LABELS, RELATIONSHIPS } from "~/lib/members/relationships";
import { de } from "~/lib/typography/elision";
import { gendered, SEX_OPTIONS } from "~/lib/typography/gender";
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
  typed,
  type ProfileAnswer,
} from "./shared";
import { Icon } from "~/components/ui/icon";
import { LicenceIdentityFields } from "./licence-fields";

interface FamilyMember {
  id: number;
  prenom: string;
  nom: string;
  dateOfBirth: string;
  sex: string;
  relationship: string;
  authorisedPickup: string;
  birthName: string;
  placeOfBirth: string;
  nationality: string;
  address: string;
  postalCode: string;
  city: string;
}

const relationshipOptions = [
  { value: "", label: "Choisir…" },
  ...RELATIONSHIPS.map((r) => ({ value: r, label: RELATIONSHIP_LABELS[r] })),
];

type FamilyFieldsMeta = Record<
  "prenom" | "nom" | "dateOfBirth" | "sex" | "relationship" | "authorisedPickup" | keyof LicenceIdentity,
  Parameters<typeof fieldProps>[0]
>;

function FamilyFields({ fields }: { fields: FamilyFieldsMeta }) {
  return (
    <div className="grid gap-x-4 sm:grid-cols-2">
      <TextField label="Prénom" required autoComplete="off" {...fieldProps(fields.prenom)} />
      <TextField label="Nom" autoComplete="off" {...fieldProps(fields.nom)} />
      <TextField label="Date de naissance" type="date" {...fieldProps(fields.dateOfBirth)} />
      <SelectField label="Sexe" options={SEX_OPTIONS} {...fieldProps(fields.sex)} />
      <SelectField label="Lien avec vous" required options={relationshipOptions} {...fieldProps(fields.relationship)} />
      <div className="sm:col-span-2">
        <TextField
          label="Personnes autorisées à venir le chercher après le cours"
          hint="Nom, lien et téléphone, par exemple : Marie Dupont (tante), 06 12 34 56 78. Montré aux seuls enseignants de son cours."
          autoComplete="off"
          {...fieldProps(fields.authorisedPickup)}
        />
      </div>
      <div className="sm:col-span-2">
        <LicenceIdentityFields fields={fields} />
      </div>
    </div>
  );
}

export function FamilySection({
  family,
  editId,
  removeId,
  answer,
}: {
  family: FamilyMember[];
  editId: number | null;
  removeId: number | null;
  answer: ProfileAnswer | undefined;
}) {
  const editResult = resultFor(answer, "edit-family");
  const removeResult = resultFor(answer, "remove-family");
  const refusedId = (result: SubmissionResult<string[]> | undefined) => Number(typed(result, "profileId")) || null;
  const editing = editResult ? refusedId(editResult) : successFor(answer, "edit-family") ? null : editId;
  const removing = removeResult ? refusedId(removeResult) : successFor(answer, "remove-family") ? null : removeId;
  const added = successFor(answer, "add-family");

  return (
    <section aria-labelledby="famille" className={sectionClass}>
      <h2 id="famille" className={h2Class}>
        Les profils de ma famille
      </h2>
      <p className="mb-4 text-slate-700">
        Ajoutez vos enfants ou vos proches inscrits au club : chaque profil a son adhésion, ses grades et ses révisions.
        Choisissez ensuite le profil affiché en haut des pages de l'espace membre.
      </p>
      <Success message={successFor(answer, "edit-family", "remove-family")} />
      {family.length ? (
        <ul className="mb-6 divide-y divide-slate-200 rounded-lg border border-slate-200">
          {family.map((p) => (
            <li key={p.id} className="p-4">
              {editing === p.id ? (
                <EditForm member={p} lastResult={editResult} />
              ) : removing === p.id ? (
                <RemoveForm member={p} lastResult={removeResult} />
              ) : (
                <FamilyRow member={p} />
              )}
            </li>
          ))}
        </ul>
      ) : (
        <p className="mb-6 text-slate-700">Aucun profil familial pour l'instant.</p>
      )}

      <h3 className="mb-3 text-xl font-semibold text-club-900">Ajouter un profil</h3>
      <Success message={added} />
      <AddForm key={added ? answer?.done : "add"} lastResult={resultFor(answer, "add-family")} />
    </section>
  );
}

function FamilyRow({ member: p }: { member: FamilyMember }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <div>
        <p className="font-semibold text-slate-900">
          {p.prenom} {p.nom}
        </p>
        <p className="text-sm text-slate-700">
          {RELATIONSHIP_LABELS[p.relationship] ?? "Proche"}
          {p.dateOfBirth
            ? ` · ${gendered(p.sex, { f: "née le", m: "né le", n: "date de naissance :" })} ${formatDate(p.dateOfBirth)}`
            : ""}
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        <Link to={`?modifier=${p.id}#famille`} className={secondaryButton}>
          <Icon name="pencil" className="h-4 w-4" />
          Modifier<span className="sr-only"> le profil {de(p.prenom)}</span>
        </Link>
        <Link to={`?retirer=${p.id}#famille`} className={secondaryButton}>
          <Icon name="trash-2" className="h-4 w-4" />
          Retirer<span className="sr-only"> le profil {de(p.prenom)}</span>
        </Link>
      </div>
    </div>
  );
}

function EditForm({
  member: p,
  lastResult,
}: {
  member: FamilyMember;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const [form, fields] = useClubForm({
    id: `profil-famille-${p.id}`,
    schema: familyEditSchema,
    lastResult,
    defaultValue: {
      prenom: p.prenom,
      nom: p.nom,
      dateOfBirth: p.dateOfBirth,
      sex: p.sex,
      relationship: p.relationship,
      authorisedPickup: p.authorisedPickup,
      birthName: p.birthName,
      placeOfBirth: p.placeOfBirth,
      nationality: p.nationality,
      address: p.address,
      postalCode: p.postalCode,
      city: p.city,
    },
  });
  return (
    <Form
      method="post"
      action={PROFILE_ACTION}
      {...getFormProps(form)}
      aria-label={`Modifier le profil ${de(p.prenom)}`}
    >
      <FormErrors form={form} lastResult={lastResult} summary={PROFILE_NOT_SAVED} />
      <input type="hidden" name="intent" value="edit-family" />
      <input type="hidden" name="profileId" value={p.id} />
      <FamilyFields fields={fields} />
      <div className="flex flex-wrap gap-3">
        <SubmitButton pendingLabel="Enregistrement…">Enregistrer</SubmitButton>
        <Link to={PROFILE_ACTION} className={secondaryButton}>
          Annuler
        </Link>
      </div>
    </Form>
  );
}

function RemoveForm({
  member: p,
  lastResult,
}: {
  member: FamilyMember;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const [form] = useClubForm({ id: `profil-retirer-${p.id}`, schema: profileIdSchema, lastResult });
  return (
    <Form method="post" action={PROFILE_ACTION} {...getFormProps(form)}>
      <FormErrors form={form} lastResult={lastResult} />
      <input type="hidden" name="intent" value="remove-family" />
      <input type="hidden" name="profileId" value={p.id} />
      <p className="mb-3 font-semibold text-red-800" role="alert">
        Retirer le profil {de(p.prenom)} ? Son historique de grades, son adhésion et ses révisions seront effacés.
      </p>
      <div className="flex flex-wrap gap-3">
        <button type="submit" className={dangerButton}>
          <Icon name="trash-2" className="h-5 w-5" />
          Oui, retirer ce profil
        </button>
        <Link to={PROFILE_ACTION} className={secondaryButton}>
          Annuler
        </Link>
      </div>
    </Form>
  );
}

function AddForm({ lastResult }: { lastResult: SubmissionResult<string[]> | undefined }) {
  const [form, fields] = useClubForm({ id: "profil-ajouter", schema: familyProfileSchema, lastResult });
  return (
    <Form method="post" action={PROFILE_ACTION} {...getFormProps(form)}>
      <FormErrors form={form} lastResult={lastResult} summary={PROFILE_NOT_SAVED} />
      <input type="hidden" name="intent" value="add-family" />
      <FamilyFields fields={fields} />
      <SubmitButton pendingLabel="Ajout…">
        <Icon name="user-plus" className="mr-2 h-5 w-5" />
        Ajouter ce profil
      </SubmitButton>
    </Form>
  );
}

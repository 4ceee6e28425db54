/** "Mes informations": the member's own profile (intent "info"). */
import { Form } from "react-router";
import {
  fieldProps,
  FormErrors,
  SelectField,
  SubmitButton,
  TextField,
  useClubForm,
  getFormProps,
} from "~/components/form";
import { ownProfileSchema, PROFILE_NOT_SAVED } from "~/lib/members/profiles";
import { SEX_HINT, SEX_OPTIONS } from "~/lib/typography/gender";
import { LicenceIdentityFields } from "./licence-fields";
import { h2Class, PROFILE_ACTION, resultFor, sectionClass, Success, successFor, type ProfileAnswer } from "./shared";

interface OwnInfo {
  prenom: string;
  nom: string;
  phone: string;
  dateOfBirth: string;
  sex: string;
  emergencyContact: string;
  birthName: string;
  placeOfBirth: string;
  nationality: string;
  address: string;
  postalCode: string;
  city: string;
}

export function InfoSection({ own, answer }: { own: OwnInfo; answer: ProfileAnswer | undefined }) {
  const saved = successFor(answer, "info");
  return (
    <section aria-labelledby="infos" className={sectionClass}>
      <h2 id="infos" className={h2Class}>
        Mes informations
      </h2>
      <Success message={saved} />
      <InfoForm key={saved ? answer?.done : "info"} own={own} answer={answer} />
    </section>
  );
}

function InfoForm({ own, answer }: { own: OwnInfo; answer: ProfileAnswer | undefined }) {
  const lastResult = resultFor(answer, "info");
  const [form, fields] = useClubForm({
    id: "profil-infos",
    schema: ownProfileSchema,
    lastResult,
    defaultValue: { ...own },
  });
  return (
    <Form method="post" action={PROFILE_ACTION} {...getFormProps(form)}>
      <FormErrors form={form} lastResult={lastResult} summary={PROFILE_NOT_SAVED} />
      <input type="hidden" name="intent" value="info" />
      <div className="grid gap-x-4 sm:grid-cols-2">
        <TextField label="Prénom" required autoComplete="given-name" {...fieldProps(fields.prenom)} />
        <TextField label="Nom" required autoComplete="family-name" {...fieldProps(fields.nom)} />
        <TextField label="Téléphone" type="tel" autoComplete="tel" inputMode="tel" {...fieldProps(fields.phone)} />
        <TextField label="Date de naissance" type="date" autoComplete="bday" {...fieldProps(fields.dateOfBirth)} />
        <SelectField label="Sexe" hint={SEX_HINT} options={SEX_OPTIONS} {...fieldProps(fields.sex)} />
      </div>
      <TextField
        label="Personne à prévenir en cas d'urgence"
        hint="Nom et téléphone, par exemple : Marie Dupont, 06 12 34 56 78"
        {...fieldProps(fields.emergencyContact)}
      />
      <LicenceIdentityFields fields={fields} />
      <SubmitButton pendingLabel="Enregistrement…">Enregistrer mes informations</SubmitButton>
    </Form>
  );
}

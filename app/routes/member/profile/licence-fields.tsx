/**
 * The licence identity fields of a profile form: what a
 * federation's licence form asks for, all optional, in their own fieldset,
 * filled by the family (the managers export them in licences.csv).
 */
import { fieldProps, TextField } from "~/components/form";
import type { LICENCE_IDENTITY_FIELDS } from "~/lib/members/profiles";

type LicenceFieldsMeta = Record<(typeof LICENCE_IDENTITY_FIELDS)[number], Parameters<typeof fieldProps>[0]>;

export function LicenceIdentityFields({ fields }: { fields: LicenceFieldsMeta }) {
  return (
    <fieldset className="mb-4 rounded-md border border-slate-200 p-3">
      <legend className="px-1 font-semibold text-slate-900">Pour la licence fédérale (facultatif)</legend>
      <p className="mb-3 text-sm text-slate-700">
        Tels qu'ils figurent à l'état civil : le club les reporte sur la demande de licence auprès de la fédération.
      </p>
      <div className="grid gap-x-4 sm:grid-cols-2">
        <TextField
          label="Nom de naissance"
          hint="Seulement s'il diffère du nom ci-dessus."
          autoComplete="off"
          {...fieldProps(fields.birthName)}
        />
        <TextField
          label="Lieu de naissance"
          hint="Commune et département, ou pays : Boulogne-Billancourt (92)."
          autoComplete="off"
          {...fieldProps(fields.placeOfBirth)}
        />
        <TextField label="Nationalité" autoComplete="off" {...fieldProps(fields.nationality)} />
        <div className="sm:col-span-2">
          <TextField label="Adresse (numéro et rue)" autoComplete="address-line1" {...fieldProps(fields.address)} />
        </div>
        <TextField
          label="Code postal"
          autoComplete="postal-code"
          inputMode="numeric"
          {...fieldProps(fields.postalCode)}
        />
        <TextField label="Ville" autoComplete="address-level2" {...fieldProps(fields.city)} />
      </div>
    </fieldset>
  );
}

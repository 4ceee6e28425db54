import { SelectField, TextField } from "~/components/form";
import { MONTHS } from "~/lib/club/settings-labels";
import type { SectionFormProps } from "./shared";

const monthOptions = MONTHS.map((m, i) => ({ value: String(i + 1), label: m.charAt(0).toUpperCase() + m.slice(1) }));

export function MembershipForm({ values, errors }: SectionFormProps) {
  return (
    <>
      <SelectField
        label="Mois de début de saison"
        name="seasonStartMonth"
        options={monthOptions}
        defaultValue={values.seasonStartMonth ?? "9"}
        error={errors.seasonStartMonth}
      />
      <TextField
        label="Validité du certificat médical (en saisons)"
        name="certificateValiditySeasons"
        inputMode="numeric"
        hint="Pour les adultes, selon la règle de la fédération (entre 1 et 5)."
        defaultValue={values.certificateValiditySeasons ?? ""}
        error={errors.certificateValiditySeasons}
      />
      <TextField
        label="Cours d’essai gratuits"
        name="trialClasses"
        inputMode="numeric"
        hint="Entre 0 et 5."
        defaultValue={values.trialClasses ?? ""}
        error={errors.trialClasses}
      />
      <TextField
        label="Places pour les cours d’essai, par cours"
        name="trialVisitorsPerSession"
        inputMode="numeric"
        hint="Le nombre de personnes qui peuvent réserver un essai sur un même cours (entre 1 et 50). Laissez vide pour ne pas limiter."
        defaultValue={values.trialVisitorsPerSession ?? ""}
        error={errors.trialVisitorsPerSession}
      />
    </>
  );
}

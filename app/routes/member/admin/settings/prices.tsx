import { TextAreaField, TextField } from "~/components/form";
import { AddRowsButton, isExistingRow, RowFieldset, type SectionFormProps } from "./shared";

export function PricesForm({ values, errors, rows }: SectionFormProps) {
  return (
    <div className="space-y-4">
      <TextField
        label="Saison"
        name="season"
        required
        hint="Par exemple 2026-2027."
        defaultValue={values.season ?? ""}
        error={errors.season}
      />
      {Array.from({ length: rows }, (_, i) => {
        const f = (name: string) => ({
          name: `${name}_${i}`,
          defaultValue: values[`${name}_${i}`] ?? "",
          error: errors[`${name}_${i}`],
        });
        const existing = isExistingRow(values, i);
        return (
          <RowFieldset
            key={i}
            index={i}
            legend={
              existing
                ? `Tarif ${i + 1}${values[`group_${i}`] ? ` : ${values[`group_${i}`]}` : ""}`
                : `Nouveau tarif (ligne ${i + 1})`
            }
            isNew={!existing}
            values={values}
          >
            <div className="grid gap-x-4 sm:grid-cols-3">
              <TextField label="Groupe" className="mb-4 sm:col-span-2" {...f("group")} />
              <TextField
                label="Montant (€)"
                inputMode="decimal"
                hint="Licence comprise, par exemple 190."
                {...f("amount")}
              />
            </div>
            <TextField label="Précisions" {...f("description")} />
          </RowFieldset>
        );
      })}
      <AddRowsButton />
      <TextAreaField
        label="Remarques"
        name="notes"
        rows={4}
        hint="Une remarque par ligne (réductions, paiement en plusieurs fois…)."
        defaultValue={values.notes ?? ""}
        error={errors.notes}
      />
    </div>
  );
}

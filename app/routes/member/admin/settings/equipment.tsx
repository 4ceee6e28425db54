import { TextAreaField, TextField } from "~/components/form";
import { CheckboxField } from "~/components/checkbox-field";
import { AddRowsButton, isExistingRow, RowFieldset, type SectionFormProps } from "./shared";

export function EquipmentForm({ values, errors, rows }: SectionFormProps) {
  return (
    <div className="space-y-4">
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
                ? `Équipement ${i + 1}${values[`name_${i}`] ? ` : ${values[`name_${i}`]}` : ""}`
                : `Nouvel équipement (ligne ${i + 1})`
            }
            isNew={!existing}
            values={values}
          >
            <div className="grid gap-x-4 sm:grid-cols-3">
              <TextField label="Nom" className="mb-4 sm:col-span-2" {...f("name")} />
              <TextField label="Prix indicatif" hint="Par exemple environ 45 €." {...f("price")} />
            </div>
            <TextAreaField label="Description" rows={2} {...f("description")} />
            <CheckboxField
              label="Obligatoire"
              name={`required_${i}`}
              defaultChecked={values[`required_${i}`] === "on"}
            />
          </RowFieldset>
        );
      })}
      <AddRowsButton />
    </div>
  );
}

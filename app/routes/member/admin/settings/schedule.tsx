import { SelectField, TextField } from "~/components/form";
import { DAYS } from "~/lib/club/settings-labels";
import { AddRowsButton, isExistingRow, RowFieldset, type SectionFormProps } from "./shared";

const dayOptions = [
  { value: "", label: "Choisir un jour" },
  ...DAYS.map((d, i) => ({ value: String(i + 1), label: d })),
];

export function ScheduleForm({ values, errors, rows }: SectionFormProps) {
  return (
    <div className="space-y-4">
      {Array.from({ length: rows }, (_, i) => {
        const f = (name: string) => ({
          name: `${name}_${i}`,
          defaultValue: values[`${name}_${i}`] ?? "",
          error: errors[`${name}_${i}`],
        });
        const existing = isExistingRow(values, i);
        const day = DAYS[Number(values[`day_${i}`]) - 1];
        const legend = existing
          ? `Cours ${i + 1}${day ? ` : ${day} ${values[`start_${i}`] ?? ""}` : ""}`
          : `Nouveau cours (ligne ${i + 1})`;
        return (
          <RowFieldset key={i} index={i} legend={legend} isNew={!existing} values={values}>
            <div className="grid gap-x-4 sm:grid-cols-3">
              <SelectField label="Jour" options={dayOptions} {...f("day")} />
              <TextField label="Début" type="time" hint="HH:MM" {...f("start")} />
              <TextField label="Fin" type="time" hint="HH:MM" {...f("end")} />
              <TextField label="Groupe" hint="Par exemple Adultes (16 ans et plus)." {...f("group")} />
              <TextField label="Niveau" {...f("level")} />
              <TextField label="Salle" {...f("place")} />
            </div>
          </RowFieldset>
        );
      })}
      <AddRowsButton />
    </div>
  );
}

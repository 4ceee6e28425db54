/** Shared pieces of the club-settings forms (no JavaScript needed). */
import type { ReactNode } from "react";
import { CheckboxField } from "~/components/checkbox-field";
import { Button } from "~/components/ui/button";

export interface SectionFormProps {
  /** The saved values, or what was typed in a refused submission (by field name). */
  values: Record<string, string>;
  /** The first error per field (`_form`: the whole form), from Conform's answer. */
  errors: Record<string, string>;
  /** Row slots to show (table sections). */
  rows: number;
}

/** One row of a table setting, as a labelled group with its « supprimer » box. */
export function RowFieldset({
  index,
  legend,
  isNew,
  values,
  children,
}: {
  index: number;
  legend: string;
  isNew: boolean;
  values: Record<string, string>;
  children: ReactNode;
}) {
  return (
    <fieldset
      className={`rounded-lg border p-4 ${isNew ? "border-dashed border-slate-400 bg-slate-50" : "border-slate-300 bg-white"}`}
    >
      <legend className="px-1 font-semibold text-slate-900">{legend}</legend>
      <input type="hidden" name={`id_${index}`} value={values[`id_${index}`] ?? ""} />
      {children}
      {isNew ? (
        <p className="text-sm text-slate-700">
          Ligne vide : remplissez-la pour l’ajouter, laissez-la vide pour l’ignorer.
        </p>
      ) : (
        <CheckboxField
          label="Supprimer cette ligne à l’enregistrement"
          name={`remove_${index}`}
          defaultChecked={values[`remove_${index}`] === "on"}
        />
      )}
    </fieldset>
  );
}

/** Whether row `i` existed when the page was loaded (it has a stored id). */
export function isExistingRow(values: Record<string, string>, i: number): boolean {
  return Boolean(values[`id_${i}`]);
}

export function AddRowsButton() {
  return (
    <Button type="submit" name="intent" value="add-rows" formNoValidate variant="secondary">
      Ajouter des lignes vides
    </Button>
  );
}

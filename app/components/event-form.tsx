/**
 * The event form shared by /espace-membre/evenements/ajouter and
 * /modifier/:id, on Conform with the schema of app/lib/content/event-form.ts.
 * Works without JavaScript: the timed fields and the
 * all-day fields are swapped by CSS (:has on the "Toute la journée" box).
 */
import { useId } from "react";
import { Form } from "react-router";
import type { SubmissionResult } from "@conform-to/react";
import {
  checkboxProps,
  fieldProps,
  FormErrors,
  SelectField,
  SubmitButton,
  TextAreaField,
  TextField,
  useClubForm,
  getFormProps,
} from "~/components/form";
import { CheckboxField } from "~/components/checkbox-field";
import { OnceField } from "~/components/once-field";
import { eventSchema, eventUpdateSchema } from "~/lib/content/event-form";

export const CATEGORY_OPTIONS = [
  { value: "cours", label: "Cours" },
  { value: "stage", label: "Stage" },
  { value: "competition", label: "Compétition" },
  { value: "passage-de-grades", label: "Passage de grades" },
  { value: "demonstration", label: "Démonstration" },
  { value: "fermeture", label: "Fermeture (annule les cours réguliers)" },
  { value: "autre", label: "Autre" },
] as const;

export function EventForm({
  values,
  lastResult,
  submissionToken,
  submitLabel,
}: {
  /** The saved values (the edit page: with `version`). */
  values: Record<string, string>;
  /** The action's answer to a refused submission (errors and what was typed). */
  lastResult?: SubmissionResult<string[]>;
  /** The new-event page: its one-time token. */
  submissionToken?: string;
  submitLabel: string;
}) {
  const id = useId();
  const editing = values.version !== undefined && values.version !== "";
  const [form, fields] = useClubForm({
    schema: editing ? eventUpdateSchema : eventSchema,
    lastResult,
    id: `event-${editing ? values.version : "new"}`,
    defaultValue: values,
  });
  const allDay = checkboxProps(fields.allDay).defaultChecked;
  return (
    <Form method="post" {...getFormProps(form)} className="group/event max-w-3xl">
      <FormErrors
        form={form}
        lastResult={lastResult}
        summary="L’événement n’a pas été enregistré : corrigez les champs signalés ci-dessous."
      />
      {editing ? <input type="hidden" name="version" value={values.version} /> : null}
      {submissionToken ? <OnceField token={submissionToken} /> : null}

      <TextField label="Titre" required {...fieldProps(fields.title)} />
      <SelectField
        label="Catégorie"
        required
        options={CATEGORY_OPTIONS}
        {...fieldProps(fields.category)}
        defaultValue={fieldProps(fields.category).defaultValue || "autre"}
      />

      <fieldset className="mb-6 rounded-md border border-slate-300 p-4">
        <legend className="px-1 font-semibold text-slate-900">Date et heure (heure de Paris)</legend>
        <div className="mb-4 flex items-center gap-2">
          <input
            id={`${id}-allday`}
            type="checkbox"
            name={fields.allDay.name}
            defaultChecked={allDay}
            className="allday-toggle h-5 w-5 rounded border-slate-400"
          />
          <label htmlFor={`${id}-allday`} className="text-slate-800">
            Toute la journée (ou plusieurs jours entiers)
          </label>
        </div>
        <div className="grid gap-x-6 sm:grid-cols-2 group-has-[.allday-toggle:checked]/event:hidden">
          <TextField type="datetime-local" label="Début" {...fieldProps(fields.startsAt)} />
          <TextField type="datetime-local" label="Fin" {...fieldProps(fields.endsAt)} />
        </div>
        <div className="hidden gap-x-6 sm:grid-cols-2 group-has-[.allday-toggle:checked]/event:grid">
          <TextField type="date" label="Premier jour" {...fieldProps(fields.startDay)} />
          <TextField
            type="date"
            label="Dernier jour"
            {...fieldProps(fields.endDay)}
            hint="Laissez vide pour un seul jour."
          />
        </div>
      </fieldset>

      <TextField
        label="Lieu"
        hint="Par exemple : le gymnase des cours, ou l’adresse d’un autre lieu."
        {...fieldProps(fields.place)}
      />
      <TextAreaField
        label="Description"
        rows={5}
        {...fieldProps(fields.description)}
        hint="Programme, public concerné, tarif, ce qu’il faut apporter…"
      />
      <CheckboxField
        label="Réservé aux membres (invisible pour les visiteurs et dans le calendrier public)"
        {...checkboxProps(fields.membersOnly)}
      />
      <CheckboxField
        label="Remplace les cours de la journée (pas de cours réguliers ce jour-là : démonstration, passage de grades…)"
        {...checkboxProps(fields.replacesClasses)}
      />

      <SubmitButton pendingLabel="Enregistrement…">{submitLabel}</SubmitButton>
    </Form>
  );
}

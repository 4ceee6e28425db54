/**
 * The event form shared by /espace-membre/evenements/ajouter and
 * /modifier/:id. Works without JavaScript: the timed fields and the
 * all-day fields are swapped by CSS (:has on the "Toute la journée" box).
 */
import { useId } from "react";
import { Form } from "react-router";
import { CheckboxField, FormMessage, SelectField, SubmitButton, TextAreaField, TextField } from "~/components/form";

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
  errors = {},
  submitLabel,
}: {
  values: Record<string, string>;
  errors?: Record<string, string>;
  submitLabel: string;
}) {
  const id = useId();
  const allDay = values.allDay === "on";
  return (
    <Form method="post" noValidate className="group/event max-w-3xl">
      {errors._form ? <FormMessage>{errors._form}</FormMessage> : null}
      {Object.keys(errors).length > 0 && !errors._form ? (
        <FormMessage>L’événement n’a pas été enregistré : corrigez les champs signalés ci-dessous.</FormMessage>
      ) : null}
      <input type="hidden" name="version" value={values.version ?? ""} />

      <TextField label="Titre" name="title" required defaultValue={values.title} error={errors.title} />
      <SelectField
        label="Catégorie"
        name="category"
        required
        options={CATEGORY_OPTIONS}
        defaultValue={values.category || "autre"}
        error={errors.category}
      />

      <fieldset className="mb-6 rounded-md border border-slate-300 p-4">
        <legend className="px-1 font-semibold text-slate-900">Date et heure (heure de Paris)</legend>
        <div className="mb-4 flex items-center gap-2">
          <input
            id={`${id}-allday`}
            type="checkbox"
            name="allDay"
            defaultChecked={allDay}
            className="allday-toggle h-5 w-5 rounded border-slate-400"
          />
          <label htmlFor={`${id}-allday`} className="text-slate-800">
            Toute la journée (ou plusieurs jours entiers)
          </label>
        </div>
        <div className="grid gap-x-6 sm:grid-cols-2 group-has-[.allday-toggle:checked]/event:hidden">
          <TextField type="datetime-local" label="Début" name="startsAt" defaultValue={values.startsAt} error={errors.startsAt} />
          <TextField type="datetime-local" label="Fin" name="endsAt" defaultValue={values.endsAt} error={errors.endsAt} />
        </div>
        <div className="hidden gap-x-6 sm:grid-cols-2 group-has-[.allday-toggle:checked]/event:grid">
          <TextField type="date" label="Premier jour" name="startDay" defaultValue={values.startDay} error={errors.startDay} />
          <TextField
            type="date"
            label="Dernier jour"
            name="endDay"
            defaultValue={values.endDay}
            error={errors.endDay}
            hint="Laissez vide pour un seul jour."
          />
        </div>
      </fieldset>

      <TextField label="Lieu" name="place" defaultValue={values.place} error={errors.place} hint="Par exemple : Gymnase Casalis, Créteil." />
      <TextAreaField
        label="Description"
        name="description"
        rows={5}
        defaultValue={values.description}
        error={errors.description}
        hint="Programme, public concerné, tarif, ce qu’il faut apporter…"
      />
      <CheckboxField
        label="Réservé aux membres (invisible pour les visiteurs et dans le calendrier public)"
        name="membersOnly"
        defaultChecked={values.membersOnly === "on"}
        error={errors.membersOnly}
      />
      <CheckboxField
        label="Remplace les cours de la journée (pas de cours réguliers ce jour-là : démonstration, passage de grades…)"
        name="replacesClasses"
        defaultChecked={values.replacesClasses === "on"}
        error={errors.replacesClasses}
      />

      <SubmitButton pendingLabel="Enregistrement…">{submitLabel}</SubmitButton>
    </Form>
  );
}

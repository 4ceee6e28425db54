/**
 * The exam session form (create and edit), shared by the list page and the
 * session page: date, place, state, grades examined and jury (checkbox
 * groups in fieldsets). Conform validates with the action's schema;
 * everything works without JavaScript.
 */
import { Form } from "react-router";
import type { SubmissionResult } from "@conform-to/react";
import { useId } from "react";
import {
  fieldProps,
  FormErrors,
  SelectField,
  SubmitButton,
  TextField,
  useClubForm,
  getFormProps,
} from "~/components/form";
import { EXAM_STATUS_LABELS, EXAM_STATUSES, examSessionSchema } from "~/lib/members/exams";

export interface SessionFormValues {
  id: number | null;
  version: number;
  examDate: string;
  place: string;
  status: string;
  gradeIds: number[];
  juryIds: string[];
}

function CheckboxGroup({
  legend,
  name,
  options,
  checked,
  error,
  hint,
}: {
  legend: string;
  name: string;
  options: ReadonlyArray<{ value: string; label: string; lang?: string }>;
  checked: ReadonlySet<string>;
  error?: string;
  hint?: string;
}) {
  const id = useId();
  return (
    <fieldset
      className="mb-4"
      aria-describedby={[hint ? `${id}-hint` : "", error ? `${id}-error` : ""].join(" ").trim() || undefined}
    >
      <legend className="mb-1 font-medium text-slate-800">{legend}</legend>
      {hint ? (
        <p id={`${id}-hint`} className="mb-2 text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="mb-2 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
      <ul className="grid gap-1 sm:grid-cols-2">
        {options.map((o) => (
          <li key={o.value} className="flex items-center gap-2">
            <input
              id={`${id}-${o.value}`}
              type="checkbox"
              name={name}
              value={o.value}
              defaultChecked={checked.has(o.value)}
              className="h-5 w-5 shrink-0 rounded border-slate-400 text-club-700 focus:ring-club-600"
            />
            <label htmlFor={`${id}-${o.value}`} className="py-1 text-slate-800" lang={o.lang}>
              {o.label}
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}

const asStrings = (v: unknown): string[] => (Array.isArray(v) ? v.map(String) : typeof v === "string" ? [v] : []);

export function ExamSessionForm({
  values,
  grades,
  juryChoices,
  lastResult,
  submitLabel,
  intent,
}: {
  values: SessionFormValues;
  grades: ReadonlyArray<{ id: number; vietnameseName: string; frenchName: string }>;
  juryChoices: ReadonlyArray<{ id: string; name: string }>;
  lastResult?: SubmissionResult<string[]>;
  submitLabel: string;
  intent?: string;
}) {
  const [form, fields] = useClubForm({
    id: values.id ? `session-${values.id}-${values.version}` : "nouvelle-session",
    schema: examSessionSchema,
    lastResult,
    defaultValue: {
      version: String(values.version),
      examDate: values.examDate,
      place: values.place,
      status: values.status,
      gradeIds: values.gradeIds.map(String),
      juryIds: values.juryIds,
    },
  });
  return (
    <Form method="post" {...getFormProps(form)} className="rounded-lg border border-slate-200 p-4">
      <FormErrors
        form={form}
        lastResult={lastResult}
        summary="La session n'a pas été enregistrée : corrigez les champs signalés."
      />
      {intent ? <input type="hidden" name="intent" value={intent} /> : null}
      <input type="hidden" name="version" value={values.version} />
      <div className="grid gap-x-4 sm:grid-cols-2">
        <TextField label="Date de l'examen" type="date" required {...fieldProps(fields.examDate)} />
        <TextField label="Lieu" required hint="Par exemple : dojo du gymnase, 14 h" {...fieldProps(fields.place)} />
      </div>
      {values.id ? (
        <SelectField
          label="État"
          options={EXAM_STATUSES.map((s) => ({ value: s, label: EXAM_STATUS_LABELS[s] }))}
          {...fieldProps(fields.status)}
        />
      ) : (
        <input type="hidden" name="status" value="prevue" />
      )}
      <CheckboxGroup
        legend="Grades examinés"
        name={fields.gradeIds.name}
        options={grades.map((g) => ({ value: String(g.id), label: `${g.vietnameseName} — ${g.frenchName}` }))}
        checked={new Set(asStrings(fields.gradeIds.initialValue))}
        error={fields.gradeIds.errors?.[0]}
      />
      <CheckboxGroup
        legend="Jury"
        name={fields.juryIds.name}
        hint="Les membres du jury notent les candidats sur leur téléphone ; les administrateurs le peuvent aussi."
        options={juryChoices.map((u) => ({ value: u.id, label: u.name }))}
        checked={new Set(asStrings(fields.juryIds.initialValue))}
        error={fields.juryIds.errors?.[0]}
      />
      <SubmitButton pendingLabel="Enregistrement…">{submitLabel}</SubmitButton>
    </Form>
  );
}

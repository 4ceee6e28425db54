/**
 * Accessible form fields: a visible label, the error next to the field
 * (aria-invalid + aria-describedby), the submitted value kept.
 *
 * One way for forms: `useClubForm({ schema, lastResult })` gives the form
 * and its fields (its browser hooks are in form-hooks.ts); the form element takes
 * `{...getFormProps(form)}`, each field component `{...fieldProps(fields.name)}`
 * (name, value to start from, error). The server parses with Conform and the
 * schema (app/lib/http/forms.ts) and answers a `SubmissionResult`; in the
 * browser our own small hook reads it (form-state.ts holds its rules): a
 * field's error shows after the field is left or the form sent, and is checked
 * again as the user types. After a submission with errors, focus moves to the
 * error summary (`<FormErrors form={form} />`) or, without one, to the first
 * field in error.
 *
 * The browser's validation code (Zod, Conform's Zod parser) is loaded with
 * `import()` only: public pages give their schema as a function importing it,
 * loaded on the form's first focus or pointer; until then the server alone
 * checks, with the same schema. Checkbox and filter fields live in
 * checkbox-field.tsx and filter-select.tsx, so that public forms do not load them.
 */
import { useEffect, useId, useRef, useState } from "react";
import type { SubmissionResult } from "@conform-to/react";
import { useNavigation } from "react-router";
import type { z } from "zod";
import {
  useAnswerFocusAndReset,
  useFocusAfterServerErrors,
  useFormEvents,
  useValidationLoader,
  type FormSchema,
  type LoadedValidation,
  type PendingAfterAnswer,
  type SchemaSource,
} from "~/components/form-hooks";
import { answered, initialState, pathValue, type ErrorMap, type FormState } from "~/components/form-state";
import { buttonClasses } from "~/components/ui/button";

/** A value as a form holds it: text, lists of values, groups of values. */
export type FormValue<T> = T extends null | undefined
  ? undefined
  : T extends string | number | boolean | bigint | Date
    ? string
    : T extends ReadonlyArray<infer I>
      ? Array<FormValue<I>>
      : T extends File
        ? undefined
        : T extends object
          ? { [K in keyof T]?: FormValue<T[K]> }
          : unknown;

type Present<T> = Exclude<T, null | undefined>;

/** One field of a form: its name, its shown error, the value it started from. */
export interface FieldMetadata<T = unknown> {
  name: string;
  /** A stable React key for a list's items. */
  key: string;
  errors: string[] | undefined;
  initialValue: FormValue<T> | undefined;
  /** The value now (read from the form as the user types, for a page that shows or hides fields by it). */
  value: FormValue<T> | undefined;
  getFieldList(): Array<FieldMetadata<Present<T> extends ReadonlyArray<infer I> ? I : unknown>>;
  getFieldset(): Fieldset<T>;
}

export type Fieldset<T> = { [K in keyof Present<T> & string]-?: FieldMetadata<Present<T>[K]> };

/** The form: its id, its own errors (under ""), every error shown, and its submit handler. */
export interface FormMetadata {
  id: string;
  name: "";
  errors: string[] | undefined;
  allErrors: ErrorMap;
  onSubmit: (event: React.FormEvent<HTMLFormElement>) => void;
}

/** The `<form>` element's props: id, the browser's check before sending, no native bubbles (our messages). */
export function getFormProps(form: FormMetadata) {
  return { id: form.id, onSubmit: form.onSubmit, noValidate: true };
}

/** The form and its fields for a schema, validated on blur then on input, server answer in `lastResult`. */
export function useClubForm<S extends FormSchema>({
  schema,
  lastResult,
  id,
  defaultValue,
}: {
  schema: SchemaSource<S>;
  lastResult?: SubmissionResult<string[]> | null;
  id?: string;
  defaultValue?: Record<string, unknown>;
}): readonly [FormMetadata, Fieldset<z.input<S>>] {
  const generatedId = useId();
  const formId = id ?? generatedId;
  const [loaded, setLoaded] = useState<LoadedValidation | null>(null);
  // A schema given as is may change between renders: always the current one.
  const current = typeof schema === "function" ? loaded?.schema : schema;
  const checks = loaded && current ? loaded.checksFor(current) : undefined;

  const [state, setState] = useState<FormState>(() => initialState(lastResult, defaultValue));
  const [values, setValues] = useState<Record<string, unknown> | null>(null);
  // State adjusted while rendering, then the fields in a layout effect (useAnswerFocusAndReset).
  const pending = useRef<PendingAfterAnswer>({ reset: false, focus: false });
  // Another entry in the same form (the id names the entry's version, after a save): its values, no errors.
  const [seenId, setSeenId] = useState(formId);
  if (seenId !== formId) {
    setSeenId(formId);
    setState(initialState(null, defaultValue));
    setValues(null);
    pending.current.reset = true;
  }
  // A new answer from the server: its errors replace the shown ones.
  const [seen, setSeen] = useState(lastResult);
  if (seen !== lastResult) {
    setSeen(lastResult);
    if (lastResult) {
      setState((s) => answered(s, lastResult, defaultValue));
      if (lastResult.initialValue === null) pending.current.reset = true;
      if (lastResult.status === "error") pending.current.focus = true;
    }
  }
  const live = useRef({ checks, state, trackValues: false, defaultValue });
  live.current.checks = checks;
  live.current.state = state;
  live.current.defaultValue = defaultValue;

  useFormEvents(formId, live, setState, setValues);
  useAnswerFocusAndReset(formId, lastResult, pending);
  useValidationLoader(formId, schema, setLoaded);
  useFocusAfterServerErrors(formId, lastResult);

  // Not loaded yet: the form is sent, the server checks.
  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    if (live.current.checks) setState(live.current.checks.submit(event));
  };

  const view: FormView = {
    errors: state.errors,
    initialValue: state.initialValue,
    values,
    trackValues: () => {
      live.current.trackValues = true;
    },
  };
  const form: FormMetadata = { id: formId, name: "", errors: state.errors[""], allErrors: state.errors, onSubmit };
  return [form, fieldset("", view) as Fieldset<z.input<S>>] as const;
}

interface FormView {
  errors: ErrorMap;
  initialValue: Record<string, unknown>;
  values: Record<string, unknown> | null;
  trackValues: () => void;
}

function fieldMeta(name: string, view: FormView): FieldMetadata<never> {
  return {
    name,
    key: name,
    get errors() {
      return view.errors[name];
    },
    get initialValue() {
      return pathValue(view.initialValue, name) as never;
    },
    get value() {
      view.trackValues();
      return (view.values ? view.values[name] : pathValue(view.initialValue, name)) as never;
    },
    getFieldList() {
      const list = pathValue(view.initialValue, name);
      return (Array.isArray(list) ? list : []).map((_, i) => fieldMeta(`${name}[${i}]`, view));
    },
    getFieldset() {
      return fieldset(name, view);
    },
  };
}

function fieldset(prefix: string, view: FormView): Record<string, FieldMetadata<never>> {
  const made: Record<string, FieldMetadata<never>> = {};
  return new Proxy(made, {
    get(_, key) {
      if (typeof key !== "string") return undefined;
      return (made[key] ??= fieldMeta(prefix ? `${prefix}.${key}` : key, view));
    },
  });
}

/** What a field component needs from a field: name, value to start from, first error. */
export function fieldProps(field: FieldMetadata<unknown>): { name: string; defaultValue: string; error?: string } {
  const initial = field.initialValue;
  return {
    name: field.name,
    defaultValue: typeof initial === "string" ? initial : "",
    error: field.errors?.[0],
  };
}

/** A checkbox field: name, checked to start with, first error. */
export function checkboxProps(field: FieldMetadata<unknown>): {
  name: string;
  defaultChecked: boolean;
  error?: string;
} {
  const initial = field.initialValue;
  return { name: field.name, defaultChecked: initial === "on" || initial === "true", error: field.errors?.[0] };
}

/**
 * The form-level errors (role="alert"), focused after a server answer with
 * errors so keyboard and screen-reader users land on it.
 */
export function FormErrors({
  form,
  lastResult,
  summary,
  children,
}: {
  form: Pick<FormMetadata, "id" | "errors" | "allErrors" | "name">;
  lastResult?: SubmissionResult<string[]> | null;
  /** Sentence shown when only fields are in error, once the user has tried to send. */
  summary?: string;
  /** Shown inside the alert under a form error (e.g. links that help: sign in, reset the password). */
  children?: React.ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const [tried, setTried] = useState(false);
  useEffect(() => {
    const element = document.getElementById(form.id);
    if (!element) return;
    const onSubmit = () => setTried(true);
    element.addEventListener("submit", onSubmit, true);
    return () => element.removeEventListener("submit", onSubmit, true);
  }, [form.id]);
  const formErrors = form.errors ?? [];
  const fieldErrors = Object.entries(form.allErrors).some(([k, v]) => k !== form.name && v.length > 0);
  const answered = lastResult?.status === "error";
  const message = formErrors[0] ?? (fieldErrors && (tried || answered) ? summary : undefined);
  useEffect(() => {
    if (answered && message) ref.current?.focus();
  }, [lastResult, answered, message]);
  if (!message) return null;
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role="alert"
      className="mb-4 rounded-md border-l-4 border-red-700 bg-red-50 px-4 py-3 text-red-900 focus:outline-2 focus:outline-offset-2 focus:outline-red-700"
    >
      {formErrors.length > 1 ? (
        <ul className="list-disc pl-5">
          {formErrors.map((e) => (
            <li key={e}>{e}</li>
          ))}
        </ul>
      ) : (
        message
      )}
      {formErrors.length > 0 ? children : null}
    </div>
  );
}

interface BaseProps {
  label: string;
  name: string;
  error?: string;
  hint?: string;
  required?: boolean;
  className?: string;
}

function describedBy(id: string, error?: string, hint?: string) {
  return [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
}

function FieldShell({
  id,
  label,
  error,
  hint,
  required,
  className,
  children,
}: BaseProps & { id: string; children: React.ReactNode }) {
  return (
    <div className={className ?? "mb-4"}>
      <label htmlFor={id} className="mb-1 block font-medium text-slate-800">
        {label}
        {required ? (
          <span className="text-red-700" aria-hidden="true">
            {" "}
            *
          </span>
        ) : null}
      </label>
      {hint ? (
        <p id={`${id}-hint`} className="mb-1 text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      {children}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

const inputClass =
  "block w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-base text-slate-900 shadow-sm focus:border-club-600 focus:outline-none focus:ring-2 focus:ring-club-600 aria-[invalid=true]:border-red-700";

export function TextField({
  type = "text",
  defaultValue,
  autoComplete,
  inputMode,
  ...props
}: BaseProps & {
  type?: string;
  defaultValue?: string;
  autoComplete?: string;
  inputMode?: React.HTMLAttributes<HTMLInputElement>["inputMode"];
}) {
  const id = useId();
  return (
    <FieldShell id={id} {...props}>
      <input
        id={id}
        name={props.name}
        type={type}
        defaultValue={defaultValue}
        autoComplete={autoComplete}
        inputMode={inputMode}
        required={props.required}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={describedBy(id, props.error, props.hint)}
        className={inputClass}
      />
    </FieldShell>
  );
}

export function TextAreaField({
  defaultValue,
  rows = 6,
  ...props
}: BaseProps & { defaultValue?: string; rows?: number }) {
  const id = useId();
  return (
    <FieldShell id={id} {...props}>
      <textarea
        id={id}
        name={props.name}
        rows={rows}
        defaultValue={defaultValue}
        required={props.required}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={describedBy(id, props.error, props.hint)}
        className={inputClass}
      />
    </FieldShell>
  );
}

export function SelectField({
  options,
  defaultValue,
  ...props
}: BaseProps & { options: ReadonlyArray<{ value: string; label: string }>; defaultValue?: string }) {
  const id = useId();
  return (
    <FieldShell id={id} {...props}>
      <select
        id={id}
        name={props.name}
        defaultValue={defaultValue}
        // Native `required` only with an empty first choice (« Choisir… »): otherwise a choice is
        // always made, and HTML forbids `required` there; assistive technology still hears it.
        required={props.required && options[0]?.value === "" ? true : undefined}
        aria-required={props.required && options[0]?.value !== "" ? true : undefined}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={describedBy(id, props.error, props.hint)}
        className={inputClass}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}

/** A message for the whole form (role="alert" so screen readers hear it). */
export function FormMessage({
  tone = "error",
  children,
}: {
  tone?: "error" | "success" | "info";
  children: React.ReactNode;
}) {
  const styles = {
    error: "border-red-700 bg-red-50 text-red-900",
    success: "border-green-700 bg-green-50 text-green-900",
    info: "border-club-600 bg-club-50 text-club-900",
  }[tone];
  return (
    <div role={tone === "error" ? "alert" : "status"} className={`mb-4 rounded-md border-l-4 px-4 py-3 ${styles}`}>
      {children}
    </div>
  );
}

/** Submit button that shows a pending label while the form is being sent. */
export function SubmitButton({
  children,
  pendingLabel = "Envoi en cours…",
  name,
  value,
  className,
}: {
  children: React.ReactNode;
  pendingLabel?: string;
  name?: string;
  value?: string;
  className?: string;
}) {
  const navigation = useNavigation();
  const pending = navigation.state === "submitting";
  return (
    <button
      type="submit"
      name={name}
      value={value}
      disabled={pending}
      className={className ?? buttonClasses({ size: "lg" })}
    >
      {pending ? pendingLabel : children}
    </button>
  );
}

/**
 * Accessible form fields: a visible label, the error next to the field
 * (aria-invalid + aria-describedby), the submitted value kept.
 *
 * Forms use Conform (decision 0009): `useClubForm({ schema, lastResult })`
 * validates in the browser with the schema the action uses, and each field
 * component takes `{...fieldProps(fields.name)}` (name, typed value, error).
 * After a submission with errors, focus moves to the error summary
 * (`<FormErrors form={form} />`) or, without one, to the first field in error.
 *
 * The browser's validation code (Zod, Conform's Zod parser) is never imported
 * here but loaded with `import()` (decision 0036): public pages give their
 * schema as a function importing it, loaded on the form's first focus or
 * pointer; until it is there the browser checks nothing and the server checks
 * with the same schema. Pages without a form load no Zod at all.
 */
import { useEffect, useId, useRef, useState } from "react";
import { useForm, type FieldMetadata, type FormMetadata, type SubmissionResult } from "@conform-to/react";
import { useNavigation } from "react-router";
import type { z } from "zod";
import type * as FormValidation from "~/components/form-validation";
import { buttonClasses } from "~/components/ui/button";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type FormSchema = z.ZodType<Record<string, unknown>, Record<string, any>>;

/**
 * A form's schema, or a function importing it
 * (`() => import("~/lib/club/contact-schema").then((m) => m.contactSchema)`):
 * the page then holds no Zod until the form is used (public pages, decision 0036).
 */
export type SchemaSource<S extends FormSchema> = S | (() => Promise<S>);

/** Conform's form for a schema, validated on blur then on input, server answer in `lastResult`. */
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
}) {
  const [loaded, setLoaded] = useState<LoadedValidation | null>(null);
  // A schema given as is may change between renders: always the current one.
  const current = typeof schema === "function" ? loaded?.schema : schema;
  const validate = loaded && current ? loaded.validatorFor(current) : undefined;
  const [form, fields] = useForm<z.input<S>, z.output<S>>({
    id,
    lastResult,
    defaultValue: defaultValue as never,
    // Until the validation code is there, nothing is checked in the browser (no round trip on blur):
    // a submission goes to the server, which checks with the same schema.
    shouldValidate: validate ? "onBlur" : "onSubmit",
    shouldRevalidate: validate ? "onInput" : "onSubmit",
    onValidate: validate ? ({ formData }) => validate(formData) as never : undefined,
  });
  useValidationLoader(form.id, schema, setLoaded);
  useFocusAfterServerErrors(form.id, lastResult);
  return [form, fields] as const;
}

interface LoadedValidation {
  validatorFor: typeof FormValidation.validatorFor;
  /** The imported schema (a schema given as a function). */
  schema?: FormSchema;
}

/**
 * Loads the validation code: at once when the page already holds the schema
 * (member pages), else on the form's first focus or pointer. A failed import
 * (offline) leaves the validation to the server.
 */
function useValidationLoader<S extends FormSchema>(
  formId: string,
  schema: SchemaSource<S>,
  setLoaded: (value: LoadedValidation) => void,
) {
  const source = useRef(schema);
  source.current = schema;
  const lazy = typeof schema === "function";
  useEffect(() => {
    let alive = true;
    let done = false;
    const load = () => {
      if (done) return;
      done = true;
      stop();
      const given = source.current;
      Promise.all([import("~/components/form-validation"), typeof given === "function" ? given() : undefined])
        .then(([module, imported]) => {
          if (alive) setLoaded({ validatorFor: module.validatorFor, schema: imported });
        })
        .catch(() => {
          if (!alive) return;
          done = false; // offline: the server validates; a later focus tries again
          start();
        });
    };
    const onEvent = (event: Event) => {
      if (event.target instanceof Element && event.target.closest("form")?.id === formId) load();
    };
    const start = () => {
      document.addEventListener("focusin", onEvent);
      document.addEventListener("pointerover", onEvent);
    };
    const stop = () => {
      document.removeEventListener("focusin", onEvent);
      document.removeEventListener("pointerover", onEvent);
    };
    if (lazy) start();
    else load();
    return () => {
      alive = false;
      stop();
    };
  }, [formId, lazy, setLoaded]);
}

/**
 * After a server answer with errors, focus goes where the reader must look:
 * the error summary (`<FormErrors>` focuses itself, its effect runs first) or,
 * when the form has none or it stays silent, the first field in error.
 */
function useFocusAfterServerErrors(formId: string, lastResult: SubmissionResult<string[]> | null | undefined) {
  useEffect(() => {
    if (lastResult?.status !== "error") return;
    const element = document.getElementById(formId);
    if (!element || element.contains(document.activeElement)) return;
    element.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [formId, lastResult]);
}

/** What a field component needs from Conform: name, typed value, first error. */
export function fieldProps(field: FieldMetadata<unknown>): { name: string; defaultValue: string; error?: string } {
  const initial = field.initialValue;
  return {
    name: field.name,
    defaultValue: typeof initial === "string" ? initial : "",
    error: field.errors?.[0],
  };
}

/** Checked state of a checkbox field from Conform. */
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
  form: Pick<FormMetadata<Record<string, unknown>, string[]>, "id" | "errors" | "allErrors" | "name">;
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

export function CheckboxField({
  label,
  name,
  defaultChecked,
  error,
  value = "on",
}: {
  label: string;
  name: string;
  defaultChecked?: boolean;
  error?: string;
  value?: string;
}) {
  const id = useId();
  return (
    <div className="mb-4">
      <div className="flex items-center gap-2">
        <input
          id={id}
          type="checkbox"
          name={name}
          value={value}
          defaultChecked={defaultChecked}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="h-5 w-5 rounded border-slate-400 text-club-700 focus:ring-club-600"
        />
        <label htmlFor={id} className="text-slate-800">
          {label}
        </label>
      </div>
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
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

/** A compact labelled <select> for the filter bars of the management lists (GET forms). */
export function FilterSelect({
  id,
  label,
  name,
  defaultValue,
  options,
  allLabel,
}: {
  id: string;
  label: string;
  name: string;
  defaultValue: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  /** First option with an empty value ("Tous", "Toutes"), when the filter can be off. */
  allLabel?: string;
}) {
  return (
    <div>
      <label htmlFor={id} className="mb-1 block font-medium text-slate-800">
        {label}
      </label>
      <select
        id={id}
        name={name}
        defaultValue={defaultValue}
        className="rounded-md border border-slate-400 bg-white px-3 py-2 text-slate-900 focus:outline-none focus:ring-2 focus:ring-club-600"
      >
        {allLabel !== undefined ? <option value="">{allLabel}</option> : null}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * Accessible form fields: a visible label, the error next to the field
 * (aria-invalid + aria-describedby), the submitted value kept.
 */
import { useId } from "react";
import { useNavigation } from "react-router";

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

export function TextAreaField({ defaultValue, rows = 6, ...props }: BaseProps & { defaultValue?: string; rows?: number }) {
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
        required={props.required}
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
export function FormMessage({ tone = "error", children }: { tone?: "error" | "success" | "info"; children: React.ReactNode }) {
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
      className={
        className ??
        "inline-flex items-center justify-center rounded-md bg-club-700 px-5 py-2.5 font-semibold text-white shadow hover:bg-club-800 disabled:opacity-70"
      }
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

/**
 * A checkbox with its label beside it and its error under it (aria-invalid +
 * aria-describedby), for the member area's forms; `checkboxProps(field)` (form.tsx)
 * gives its name, starting state and error. Apart from form.tsx so that the public
 * pages' forms, which have no checkbox, do not load it.
 */
import { useId } from "react";

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

/**
 * A labelled file input with its hint and error (the companion of form.tsx's
 * fields), and the check of upload sizes before sending (useUploadCheck): a
 * too-large file gets the French error at once and the form is kept.
 */
import { useId, useState } from "react";
import { oversizedUpload } from "~/lib/content/upload-limits";

/**
 * `onSubmit` for a form with files: stops the submission when a file is over
 * its input's `data-max-bytes` (or all over the request limit) and tells which
 * field; `errorFor(name)` gives that message to show next to the field.
 */
export function useUploadCheck() {
  const [refused, setRefused] = useState<{ name: string; message: string } | null>(null);
  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    const found = oversizedUpload(event.currentTarget);
    setRefused(found);
    if (!found) return;
    event.preventDefault();
    event.currentTarget
      .querySelector<HTMLInputElement>(`input[type="file"][name="${CSS.escape(found.name)}"]`)
      ?.focus();
  }
  /** The size check first, then the form's own handler (Conform's) when the file is accepted. */
  function then(next: (event: React.FormEvent<HTMLFormElement>) => void) {
    return (event: React.FormEvent<HTMLFormElement>) => {
      onSubmit(event);
      if (!event.defaultPrevented) next(event);
    };
  }
  return { onSubmit, then, errorFor: (name: string) => (refused?.name === name ? refused.message : undefined) };
}

export function FileField({
  label,
  name,
  accept,
  hint,
  error,
  required,
  maxBytes,
}: {
  label: string;
  name: string;
  accept: string;
  hint?: string;
  error?: string;
  required?: boolean;
  /** Largest file accepted, checked in the browser before sending (useUploadCheck). */
  maxBytes?: number;
}) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className="mb-4">
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
      <input
        id={id}
        type="file"
        name={name}
        accept={accept}
        required={required}
        data-max-bytes={maxBytes}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className="block w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-base text-slate-900 file:mr-3 file:rounded file:border-0 file:bg-club-50 file:px-3 file:py-1 file:font-semibold file:text-club-900 focus:outline-none focus:ring-2 focus:ring-club-600"
      />
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * Server-side form validation with zod: French messages per field, and the
 * submitted values sent back so the page can show them again.
 */
import type { z } from "zod";

export type FieldErrors = Record<string, string>;

export type FormResult<T> =
  | { ok: true; data: T; values: Record<string, string> }
  | { ok: false; errors: FieldErrors; values: Record<string, string> };

/** Text values of a FormData (files are left out). */
export function formValues(formData: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of formData.entries()) {
    if (typeof value === "string" && !(key in values)) values[key] = value;
  }
  return values;
}

export function parseForm<S extends z.ZodType>(formData: FormData, schema: S): FormResult<z.infer<S>> {
  const values = formValues(formData);
  const result = schema.safeParse(values);
  if (result.success) return { ok: true, data: result.data, values };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const key = issue.path.join(".") || "_form";
    if (!errors[key]) errors[key] = issue.message;
  }
  return { ok: false, errors, values };
}

/** A positive integer id from a form field or query parameter, else null. */
export function positiveId(value: unknown): number | null {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : null;
}

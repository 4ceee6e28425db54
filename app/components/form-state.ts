/**
 * The state behind `useClubForm` (form.tsx), without React:
 * which errors a form shows and which values its fields start from, read from
 * the server's answer (Conform's `SubmissionResult`, built by
 * app/lib/http/forms.ts) or from the browser's own check of the same schema.
 *
 * Rules (the ones Conform's browser hook followed, kept so nothing changes for
 * the user):
 *  - a field's error shows once the field is "validated": left after a change
 *    (blur), or the whole form sent; the server's answer validates the fields
 *    it names and every field in error;
 *  - a field's error is the one under its exact name (`profiles[0].group`); the
 *    form's own errors are under "";
 *  - values start from the server's echo of the submission (`initialValue`),
 *    else from the page's `defaultValue` written as a form would send it
 *    (true → "on", numbers and dates as text, null left out);
 *  - `initialValue: null` in an answer means "start again from the page's
 *    values" (a saved entry, or values changed meanwhile by someone else): the
 *    fields are reset, the answer's own errors still show.
 */

/** A field name's parts: `profiles[0].group` → ["profiles", 0, "group"]. */
export function parsePath(name: string): Array<string | number> {
  const parts: Array<string | number> = [];
  for (const m of name.matchAll(/([^.[\]]+)|\[(\d*)\]/g)) {
    if (m[1] !== undefined) parts.push(m[1]);
    else parts.push(Number(m[2]));
  }
  return parts;
}

/** The value at a field name in a nested object (`profiles[0].group`). */
export function pathValue(root: unknown, name: string): unknown {
  let value: unknown = root;
  for (const part of parsePath(name)) {
    if (value === null || typeof value !== "object") return undefined;
    value = (value as Record<string | number, unknown>)[part];
  }
  return value;
}

/** A default value written as a form sends it: true → "on", false/null → absent, numbers and dates as text. */
export function serialize(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(serialize);
  if (value instanceof Date) return value.toISOString();
  if (typeof value === "boolean") return value ? "on" : undefined;
  if (typeof value === "number" || typeof value === "bigint") return value.toString();
  if (value !== null && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [key, v] of Object.entries(value)) out[key] = serialize(v);
    return out;
  }
  return value ?? undefined;
}

export type ErrorMap = Record<string, string[]>;
export type Validated = Record<string, boolean>;

/** What the server (or the browser's check) answered: Conform's `SubmissionResult`. */
export interface Answer {
  status?: "success" | "error";
  initialValue?: Record<string, unknown> | null;
  error?: Record<string, string[] | null> | null;
  state?: { validated: Record<string, boolean> };
  fields?: string[];
}

export interface FormState {
  /** Errors shown, by field name ("" for the form's own). */
  errors: ErrorMap;
  validated: Validated;
  /** The values the fields started from (kept after later answers: the fields are uncontrolled). */
  initialValue: Record<string, unknown>;
}

function startValue(defaultValue: Record<string, unknown> | undefined): Record<string, unknown> {
  return (serialize(defaultValue ?? {}) as Record<string, unknown> | undefined) ?? {};
}

/** The errors of an answer, without the empty entries. */
function answerErrors(answer: Answer | null | undefined, previous: ErrorMap = {}): ErrorMap {
  const errors: ErrorMap = {};
  for (const [name, messages] of Object.entries(answer?.error ?? {})) {
    // null: "unchanged" (Conform's convention), the error already shown stays.
    const kept = messages === null ? previous[name] : messages;
    if (kept && kept.length > 0) errors[name] = kept;
  }
  return errors;
}

/** The state of a form just rendered: from the server's answer to a form sent without JavaScript, or the defaults. */
export function initialState(answer: Answer | null | undefined, defaultValue?: Record<string, unknown>): FormState {
  const errors = answerErrors(answer);
  return {
    errors,
    validated: validatedBy(answer, errors, {}),
    initialValue: answer?.initialValue ?? startValue(defaultValue),
  };
}

function validatedBy(answer: Answer | null | undefined, errors: ErrorMap, before: Validated): Validated {
  const validated: Validated = { ...before, ...answer?.state?.validated };
  for (const name of Object.keys(errors).concat(answer?.fields ?? [])) validated[name] = true;
  return validated;
}

/**
 * A new answer from the server, the form already on the page. An answer that
 * empties the form (a saved entry, or values changed meanwhile by someone
 * else) still shows its own errors: "reloaded, check and try again".
 */
export function answered(state: FormState, answer: Answer, defaultValue?: Record<string, unknown>): FormState {
  if (answer.initialValue === null) {
    return { errors: answerErrors(answer), validated: {}, initialValue: startValue(defaultValue) };
  }
  const errors = answerErrors(answer, state.errors);
  return { ...state, errors, validated: validatedBy(answer, errors, state.validated) };
}

/**
 * The browser's own check of a form, after the user acts: which
 * errors show once a field is left, typed in again, or the form sent. Without React.
 *
 * Rules (Conform's, kept so nothing changes for the user):
 *  - a field left for the first time is checked, and its error shows from then on;
 *  - a field already checked is checked again at each input;
 *  - sending the form validates every field: every error shows;
 *  - an error inside a validated list or group shows (`profiles[0].group` once `profiles` is).
 *
 * Only the validation loaded on the form's first use (form-validation.ts) imports this module,
 * so a page's own script holds none of it.
 */
import type { ErrorMap, FormState, Validated } from "~/components/form-state";

/** Whether `name` is `prefix` or inside it (`profiles[0].group` is inside `profiles`). */
export function isInside(name: string, prefix: string): boolean {
  if (prefix === "") return true;
  return name === prefix || name.startsWith(`${prefix}.`) || name.startsWith(`${prefix}[`);
}

/** The errors to show: those of validated fields (or inside a validated list or group). */
export function shownErrors(all: ErrorMap, validated: Validated): ErrorMap {
  const names = Object.keys(validated).filter((n) => validated[n]);
  const shown: ErrorMap = {};
  for (const [name, messages] of Object.entries(all)) {
    if (validated[name] || names.some((v) => isInside(name, v))) shown[name] = messages;
  }
  return shown;
}

/** The browser checked the form after a change of `field`: that field is now validated. */
export function checkedField(state: FormState, field: string, all: ErrorMap): FormState {
  const validated = { ...state.validated, [field]: true };
  return { ...state, validated, errors: shownErrors(all, validated) };
}

/** The browser checked the whole form before sending it: every field is validated, every error shown. */
export function checkedForm(state: FormState, fields: string[], all: ErrorMap): FormState {
  const validated = { ...state.validated };
  for (const name of fields.concat(Object.keys(all))) validated[name] = true;
  return { ...state, validated, errors: all };
}

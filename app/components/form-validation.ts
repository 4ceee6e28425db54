/**
 * The browser half of a form's validation, loaded on demand:
 * Conform's Zod parser, Zod's French fallback messages, and what the form does with the
 * result as the user acts (form-checks.ts holds its rules). `useClubForm` (form.tsx) imports
 * this module with `import()` only, so a page holds none of it until one of its forms is about
 * to be used; the server validates with the same schema (app/lib/http/forms.ts) whether or
 * not this ever loads.
 *
 * Rules: a field left for the first time is checked; a field already checked is checked
 * again at each input; a form the check refuses is not sent, and its first field in error
 * takes the focus.
 */
import "~/lib/http/zod-fr";
import { parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";
import { isNamedField, type NamedField } from "~/components/form-dom";
import { checkedField, checkedForm } from "~/components/form-checks";
import type { ErrorMap, FormState } from "~/components/form-state";

/** The errors of a form's data for a schema, by field name (none: the data is valid). */
function validatorFor(schema: z.ZodType) {
  return (formData: FormData): ErrorMap => {
    const result = parseWithZod(formData, { schema }).reply();
    const errors: ErrorMap = {};
    for (const [name, messages] of Object.entries(result.error ?? {})) if (messages?.length) errors[name] = messages;
    return errors;
  };
}

type StateUpdate = (state: FormState) => FormState;

/** What a form does with its schema once loaded (`useClubForm` calls it). */
export interface FormChecks {
  /**
   * A field of the form was typed in (`input`) or left (`focusout`): the state to set, or
   * nothing when the field is not to be checked now.
   */
  fieldEvent(kind: "input" | "left", field: NamedField, form: HTMLFormElement, state: FormState): StateUpdate | null;
  /** The form is being sent: the state to set; a refused form is stopped and its first field in error focused. */
  submit(event: React.FormEvent<HTMLFormElement>): StateUpdate;
}

export function checksFor(schema: z.ZodType): FormChecks {
  const validate = validatorFor(schema);
  return {
    fieldEvent(kind, field, form, state) {
      const validated = state.validated[field.name] === true;
      if (validated !== (kind === "input")) return null;
      const errors = validate(new FormData(form));
      return (s) => checkedField(s, field.name, errors);
    },
    submit(event) {
      const element = event.currentTarget;
      const submitter = (event.nativeEvent as SubmitEvent).submitter;
      const data = new FormData(element, submitter);
      const errors = validate(data);
      const update: StateUpdate = (s) => checkedForm(s, [...new Set(data.keys())], errors);
      if (Object.keys(errors).length === 0) return update;
      event.preventDefault();
      for (const field of element.elements) {
        if (isNamedField(field) && errors[field.name]) {
          field.focus();
          break;
        }
      }
      return update;
    },
  };
}

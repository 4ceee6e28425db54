/**
 * The browser half of a form's validation, loaded on demand (decision 0036):
 * Conform's Zod parser and Zod's French fallback messages. `useClubForm`
 * (form.tsx) imports this module with `import()` only, so a page holds no Zod
 * until one of its forms is about to be used; the server validates with the
 * same schema (app/lib/http/forms.ts) whether or not this ever loads.
 */
import "~/lib/http/zod-fr";
import { parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";
import type { ErrorMap } from "~/components/form-state";

/** The errors of a form's data for a schema, by field name (none: the data is valid). */
export function validatorFor(schema: z.ZodType) {
  return (formData: FormData): ErrorMap => {
    const result = parseWithZod(formData, { schema }).reply();
    const errors: ErrorMap = {};
    for (const [name, messages] of Object.entries(result.error ?? {})) if (messages?.length) errors[name] = messages;
    return errors;
  };
}

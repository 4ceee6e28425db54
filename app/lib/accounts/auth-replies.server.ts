/**
 * Answers of the account pages' actions (decision 0009 with the error
 * catalogue of spec section 8): a refusal of auth.server.ts (`{ code, message }`,
 * optional field errors) becomes Conform's answer — next to the field when the
 * catalogue names one (a common password), else for the whole form — plus the
 * catalogue `code`, which the page uses for its help links. Passwords are never
 * sent back.
 */
import type { Submission } from "@conform-to/react";
import { data } from "react-router";
import { reply } from "../http/forms";
import { AUTH_PASSWORD_FIELDS } from "./auth-forms";
import type { AuthError } from "./auth-errors";

export function authRefusal(
  submission: Submission<unknown, string[], unknown>,
  error: AuthError,
  status: number,
  fieldErrors?: Record<string, string>,
) {
  const errors = fieldErrors
    ? { fieldErrors: Object.fromEntries(Object.entries(fieldErrors).map(([k, v]) => [k, [v]])) }
    : { formErrors: [error.message] };
  return data(
    { result: reply(submission, { hideFields: AUTH_PASSWORD_FIELDS, ...errors }), code: fieldErrors ? null : error.code },
    { status },
  );
}

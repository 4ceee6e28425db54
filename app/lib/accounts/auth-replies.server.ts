/**
 * Answers of the account pages' actions (the error catalogue of spec
 * section 8): an `AuthFailure` thrown by auth.server.ts
 * becomes Conform's answer — next to the field when it names one (a common
 * password), else for the whole form — plus the catalogue `code`, which the
 * page uses for its help links. Passwords are never sent back.
 */
import type { Submission } from "@conform-to/react";
import { data } from "react-router";
import { reply } from "../http/forms";
import { AUTH_PASSWORD_FIELDS } from "./auth-forms";
import { AuthFailure } from "./auth-errors";

type AnySubmission = Submission<unknown, string[], unknown>;

function authRefusal(submission: AnySubmission, failure: AuthFailure) {
  const errors = failure.field
    ? { fieldErrors: { [failure.field]: [failure.message] } }
    : { formErrors: [failure.message] };
  return data(
    {
      result: reply(submission, { hideFields: AUTH_PASSWORD_FIELDS, ...errors }),
      code: failure.field ? null : failure.code,
    },
    {
      status: failure.status,
      headers: failure.retryAfterSeconds ? { "Retry-After": String(failure.retryAfterSeconds) } : undefined,
    },
  );
}

/** Runs an account operation; an AuthFailure becomes the page's answer, anything else is a bug (500). */
export async function tryAuth<T>(
  submission: AnySubmission,
  operation: () => Promise<T>,
): Promise<T | ReturnType<typeof authRefusal>> {
  try {
    return await operation();
  } catch (err) {
    if (err instanceof AuthFailure) return authRefusal(submission, err);
    throw err;
  }
}

/** The answer to a form posted from another site (CSRF). */
export function crossSiteRefusal(submission: AnySubmission) {
  return authRefusal(submission, new AuthFailure("auth/invalid-origin", 403));
}

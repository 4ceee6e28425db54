/**
 * Forms: one way, Conform + Zod.
 *
 *  - A form's schema is built from the shared fields (app/lib/http/fields.ts)
 *    and lives next to the domain code, browser-safe, so that the page
 *    validates in the browser with the SAME schema the action uses.
 *  - Action: `const submission = parseSubmission(formData, schema)`; when it is
 *    not a success, `return invalid(submission)` (400, errors next to the fields,
 *    what the user typed kept). Domain rules throw `DomainError`; wrap the call in
 *    `tryDomain(submission, () => …)` or catch and `return replyWithError(submission, err)`.
 *  - Page: `const [form, fields] = useClubForm({ schema, lastResult: actionData })`
 *    (app/components/form.tsx), `<Form {...getFormProps(form)}>`, and each field
 *    component gets `{...fieldProps(fields.email)}`. Works without JavaScript:
 *    the server answer carries the errors and the typed values.
 *  - A page never echoes more of a field than the field's own maximum
 *    (`maxLength` from the schema, else ECHO_MAX characters), so an oversized
 *    post cannot produce an oversized page.
 */
import { refusedWith } from "~/lib/http/responses";
import { parseWithZod } from "@conform-to/zod/v4";
import type { Submission, SubmissionResult } from "@conform-to/react";
import { data } from "react-router";
import type { z } from "zod";
import { DomainError } from "../core/errors";
import { maxLengthOf } from "./fields";

export type { SubmissionResult };

/** Longest value echoed back for a field without its own maximum. */
export const ECHO_MAX = 10_000;

type AnySubmission = Submission<unknown, string[], unknown>;

/** Parses a form with its schema (the same call the browser makes). */
export function parseSubmission<S extends z.ZodType>(formData: FormData | URLSearchParams, schema: S) {
  const submission = parseWithZod(formData, { schema });
  capEcho(submission.payload, schema);
  return submission;
}

function capEcho(payload: Record<string, unknown>, schema: z.ZodType) {
  const shape = (schema as unknown as { shape?: Record<string, z.ZodType> }).shape ?? {};
  for (const [name, value] of Object.entries(payload)) {
    // The field's own maximum (an article's body: 200 000), else ECHO_MAX.
    const max = maxLengthOf(shape[name]) ?? ECHO_MAX;
    if (typeof value === "string" && value.length > max) payload[name] = value.slice(0, max);
    else if (Array.isArray(value))
      payload[name] = (value as unknown[]).map((v) => (typeof v === "string" && v.length > max ? v.slice(0, max) : v));
  }
}

export interface ReplyOptions {
  /** Fields never sent back (passwords). */
  hideFields?: string[];
  /** Errors for the whole form (shown in the summary above the fields). */
  formErrors?: string[];
  /** Errors next to fields. */
  fieldErrors?: Record<string, string[]>;
  /**
   * Send no typed value back: the page shows its fresh data (an edit refused
   * because someone else changed the record meanwhile).
   */
  resetValues?: boolean;
}

/** The Conform answer for a submission, with optional extra errors. */
export function reply(submission: AnySubmission, options: ReplyOptions = {}): SubmissionResult<string[]> {
  const { resetValues, ...rest } = options;
  const result = submission.reply(rest);
  return resetValues ? { ...result, initialValue: null } : result;
}

/** A domain error as reply options: next to its field, or for the whole form. */
export function domainErrors(err: DomainError): ReplyOptions {
  return err.field ? { fieldErrors: { [err.field]: [err.message] } } : { formErrors: [err.message] };
}

/** A 400 answer for an invalid submission (or with the given errors). */
export function invalid(submission: AnySubmission, options: ReplyOptions = {}, status = 400) {
  return data({ result: reply(submission, options) }, { status });
}

/** The answer for a domain error: next to its field, or for the whole form. */
export function replyWithError(submission: AnySubmission, err: DomainError, options: ReplyOptions = {}) {
  return data({ result: reply(submission, { ...options, ...domainErrors(err) }) }, { status: err.status });
}

/**
 * Runs a domain operation for a valid submission; a `DomainError` becomes the
 * error answer (field or form), anything else is rethrown (a bug: 500).
 */
export async function tryDomain<T>(
  submission: AnySubmission,
  operation: () => Promise<T>,
  options: ReplyOptions = {},
): Promise<T | ReturnType<typeof replyWithError>> {
  try {
    return await operation();
  } catch (err) {
    if (err instanceof DomainError) return replyWithError(submission, err, options);
    throw err;
  }
}

/**
 * For actions and loaders without a form to answer (a button, a link, a
 * download): a `DomainError` becomes an HTTP error response, thrown to the
 * route's error boundary with its status and French message; anything else is
 * rethrown (a bug: 500).
 */
export async function orErrorPage<T>(operation: () => Promise<T>): Promise<T> {
  try {
    return await operation();
  } catch (err) {
    if (err instanceof DomainError) refusedWith(err);
    throw err;
  }
}

/** First error per field of an answer ("" is the form itself): for tests and logs. */
export function firstErrors(result: SubmissionResult<string[]> | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, errors] of Object.entries(result?.error ?? {})) {
    const first = errors?.[0];
    if (first) out[name] = first;
  }
  return out;
}

/** A positive 32-bit id from a form field or query parameter, else null: the one parser is ids.server.ts. */
export { positiveId } from "./id-format";

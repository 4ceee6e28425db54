/**
 * Pages with several forms: ONE way.
 *
 *  - Each form posts a hidden `intent`; the page lists its intents in its
 *    browser-safe schema module (`USER_EDIT_INTENTS`, `TODO_INTENTS`…).
 *  - The action dispatches to ONE handler per intent, a `HANDLERS` record typed
 *    by that list: `HANDLERS[intentOf(formData, HANDLERS)](args)` (an unknown
 *    intent is a 400).
 *  - A handler is `handleIntent(intent, formData, schema, operation)`: the
 *    form is parsed with its schema, the operation runs (a redirect, or a
 *    success answer of the page's own), and a refusal — invalid fields or a
 *    `DomainError` — answers `{ intent, key, result }` with Conform's result.
 *    `key` is the object the form is about (a task, a profile: the value of
 *    `keyField`), so that among repeated forms only the one sent shows it:
 *    the page reads `resultOf(answer, intent, key)`.
 */
import { badRequest } from "~/lib/http/responses";
import { data } from "react-router";
import type { z } from "zod";
import { DomainError } from "../core/errors";
import { domainErrors, parseSubmission, reply, type ReplyOptions, type SubmissionResult } from "./forms";

export interface IntentAnswer<I extends string = string> {
  intent: I;
  key: string | null;
  result: SubmissionResult<string[]>;
}

export interface IntentOptions {
  /** The field naming the object of the form (e.g. "id", "profileId"). */
  keyField?: string;
  /** Fields never sent back (passwords). */
  hideFields?: string[];
  /**
   * How a `DomainError` is answered: extra reply options (e.g. `resetValues`
   * on an edit conflict), or throw (e.g. a 404 page for a missing record).
   */
  onDomainError?: (err: DomainError) => ReplyOptions;
}

/** The intent of a posted form among the handlers' keys; any other value is a 400. */
export function intentOf<I extends string>(formData: FormData, handlers: Record<I, unknown>): I {
  const intent = formData.get("intent");
  if (typeof intent !== "string" || !Object.hasOwn(handlers, intent)) badRequest("Action inconnue.");
  return intent as I;
}

/** Parses the form of `intent` with its schema and runs the operation; a refusal is that form's answer. */
export async function handleIntent<I extends string, S extends z.ZodType, R>(
  intent: I,
  formData: FormData,
  schema: S,
  operation: (value: z.output<S>) => Promise<R>,
  options: IntentOptions = {},
) {
  const raw = options.keyField ? formData.get(options.keyField) : null;
  const key = typeof raw === "string" ? raw.slice(0, 100) : null;
  const hidden = options.hideFields ? { hideFields: options.hideFields } : {};
  const answer = (result: SubmissionResult<string[]>, status: number) =>
    data({ intent, key, result } satisfies IntentAnswer<I>, { status });
  const submission = parseSubmission(formData, schema);
  if (submission.status !== "success") return answer(reply(submission, hidden), 400);
  try {
    return await operation(submission.value);
  } catch (err) {
    if (!(err instanceof DomainError)) throw err;
    const extra = options.onDomainError?.(err) ?? {};
    return answer(reply(submission, { ...hidden, ...domainErrors(err), ...extra }), err.status);
  }
}

/** The refusal answered to the form `intent` (and `key`), undefined for every other form. */
export function resultOf(
  answer: Partial<IntentAnswer> | null | undefined,
  intent: string,
  key?: string | number | null,
): SubmissionResult<string[]> | undefined {
  if (!answer || answer.intent !== intent || !answer.result) return undefined;
  if (key !== undefined && String(key ?? "") !== String(answer.key ?? "")) return undefined;
  return answer.result;
}

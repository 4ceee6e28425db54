/**
 * The one error type of domain rules. A server module that refuses an
 * operation for a reason the user can fix throws `DomainError` with a French
 * message, and the field it concerns when there is one:
 *
 *   throw new DomainError("Cette adresse e-mail est déjà utilisée.", { field: "email" });
 *
 * Actions never build error answers by hand: `replyWithError` (app/lib/http/forms.ts)
 * turns it into a field error (next to the field) or a form error (the summary at
 * the top of the form), with the values typed kept. Anything else thrown is a bug
 * and reaches the error boundary as a 500 (logged, never shown).
 *
 * `status` is the HTTP status of the answer: 400 (bad input, the default), 401
 * (the session is gone), 403
 * (not allowed for this user), 404 (the object does not exist), 409 (edited by
 * someone else meanwhile: version checks), 413 (too large), 429 (too many tries),
 * 500/502 (a service the operation needs did not answer: the message asks to retry later).
 */
export type DomainErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 429 | 500 | 502;

export class DomainError extends Error {
  readonly field: string | undefined;
  readonly status: DomainErrorStatus;

  constructor(message: string, options: { field?: string; status?: DomainErrorStatus; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = "DomainError";
    this.field = options.field;
    this.status = options.status ?? 400;
  }
}

export function isDomainError(err: unknown): err is DomainError {
  return err instanceof DomainError;
}

/**
 * Errors as they go to the log: the whole chain of causes (`err.cause`, so
 * "No space left on device" under a failed query stays visible) with their
 * codes, but no personal data: a failed query's parameters (the visitor's
 * name, e-mail, message…) and the database's `detail` ("Key (email)=(…)")
 * are left out.
 */

export interface LoggedError {
  name: string;
  message: string;
  code?: string;
  stack?: string;
  cause?: LoggedError | string;
}

/** Drizzle's "Failed query: <sql>\nparams: <values>": the values go. */
function redact(text: string | undefined): string | undefined {
  return text?.replace(/\nparams: .*?(?=\n\s+at |\n[A-Z]|$)/gs, "\nparams: [masqués]");
}

export function serializeError(err: unknown, depth = 0): LoggedError | string {
  if (!(err instanceof Error)) return typeof err === "string" ? err : String(err);
  const out: LoggedError = { name: err.name, message: redact(err.message) ?? "" };
  const code = (err as { code?: unknown }).code;
  if (typeof code === "string" || typeof code === "number") out.code = String(code);
  if (err.stack) out.stack = redact(err.stack);
  if (err.cause !== undefined && depth < 4) out.cause = serializeError(err.cause, depth + 1);
  return out;
}

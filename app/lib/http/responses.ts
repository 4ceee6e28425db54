/**
 * How a page's loader or action stops with an HTTP error: one way.
 *
 * Rules:
 *  - A page answers 400, 403 or 404 by calling `badRequest()`, `forbidden()` or `notFound()`:
 *    they throw React Router's `data()`, which the nearest error boundary shows with the French
 *    message (the site layout and the member navigation stay around it); no message: the
 *    boundary's own text for that status.
 *  - A `DomainError` that must become the page's error answer goes through `refusedWith(err)`
 *    (its status and French message).
 *  - Resource routes (files, feeds, PDFs, exports) have no page to show: they return or throw
 *    their own `Response`.
 */
import { data } from "react-router";

/** 404: what was asked does not exist (or is not this visitor's to see). */
export function notFound(message?: string): never {
  throw data(message ?? null, { status: 404 });
}

/** 403: the visitor may not do this. */
export function forbidden(message?: string): never {
  throw data(message ?? null, { status: 403 });
}

/** 400: the request itself is malformed (an unknown action, a missing identifier). */
export function badRequest(message?: string): never {
  throw data(message ?? null, { status: 400 });
}

/** The page's error answer for a refusal of the domain: its status and its French message. */
export function refusedWith(err: { status: number; message: string }): never {
  throw data(err.message, { status: err.status });
}

/**
 * Request bodies and bad requests: the one place where a form action reads
 * its body.
 *
 * Rules:
 * - `readForm(request)` accepts only `application/x-www-form-urlencoded` and
 *   `multipart/form-data` with a boundary; anything else (JSON, text/plain,
 *   no Content-Type, a multipart without boundary) is a French 415/400;
 * - the body is counted on the stream while it is read (chunked bodies
 *   included, not `Content-Length` alone) and refused with a French 413 past
 *   the route's limit, before any parsing: `FORM_BODY_LIMIT` for ordinary
 *   forms, `UPLOAD_BODY_LIMIT` only where the caller passes it (authenticated
 *   uploads, behind the member-area guard);
 * - a broken multipart body is a French 400, never a 500;
 * - a NUL byte in any text field (e-mail, token, id…) is a French 400;
 * - every refusal is a `data(message, { status })` thrown to the route's
 *   error boundary, which shows the message (see root.tsx).
 */
import { data } from "react-router";
import { joinBytes } from "../core/bytes";
import "./zod-fr";

import { BODY_TOO_LARGE, FORM_BODY_LIMIT, tooLargeMessage } from "./body-limits";

export { FORM_BODY_LIMIT, UPLOAD_BODY_LIMIT } from "./body-limits";

/** A French 4xx thrown to the error boundary (the message is shown as is). */
export function badRequest(message: string, status = 400) {
  return data(message, { status, headers: { "Cache-Control": "no-store" } });
}

export function tooLarge(limit: number) {
  return badRequest(tooLargeMessage(limit), 413);
}

/** True when a stream error means "body over the limit" (ours or the HTTP server's). */
function isTooLarge(err: unknown): boolean {
  return typeof err === "object" && err !== null && (err as { code?: unknown }).code === BODY_TOO_LARGE;
}

/** The body, read chunk by chunk and abandoned as soon as it passes `limit` bytes. */
export async function readBodyLimited(request: Request, limit: number): Promise<Uint8Array<ArrayBuffer>> {
  const declared = request.headers.get("content-length");
  if (declared !== null && /^\d+$/.test(declared) && Number(declared) > limit) throw tooLarge(limit);
  if (!request.body) return new Uint8Array(new ArrayBuffer(0));
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  let over = false;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > limit) {
        over = true;
        await reader.cancel().catch(() => {});
        break;
      }
      chunks.push(value);
    }
  } catch (err) {
    if (isTooLarge(err)) throw tooLarge(limit);
    throw badRequest("La requête a été interrompue ou est illisible.");
  }
  if (over) throw tooLarge(limit);
  return joinBytes(chunks);
}

/** The form of a POST, after the checks listed at the top of this file. */
export async function readForm(request: Request, options: { limit?: number } = {}): Promise<FormData> {
  const limit = options.limit ?? FORM_BODY_LIMIT;
  const contentType = request.headers.get("content-type") ?? "";
  const mediaType = (contentType.split(";")[0] ?? "").trim().toLowerCase();
  if (mediaType === "multipart/form-data") {
    if (!/;\s*boundary=("?)[^";]+\1/i.test(contentType))
      throw badRequest("Formulaire illisible\u00a0: délimiteur manquant.");
  } else if (mediaType !== "application/x-www-form-urlencoded") {
    throw badRequest("Ce formulaire doit être envoyé depuis la page du site.", 415);
  }
  const body = await readBodyLimited(request, limit);
  let form: FormData;
  try {
    form = await new Response(body, { headers: { "Content-Type": contentType } }).formData();
  } catch {
    throw badRequest("Formulaire illisible.");
  }
  for (const [, value] of form.entries()) {
    if (typeof value === "string" && value.includes("\u0000"))
      throw badRequest("Caractère interdit dans le formulaire.");
  }
  return form;
}

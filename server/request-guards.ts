/**
 * Guards run by the HTTP server before React Router sees a request.
 *
 * Rules:
 * - TRACE, TRACK and CONNECT are refused (405, French text);
 * - a NUL byte in the path or the query string (raw or `%00`) is a 400;
 * - request bodies are limited per route (app/lib/http/body-limits.ts):
 *   a declared `Content-Length` over the limit is refused before reading,
 *   and every body (chunked ones included) is counted as it arrives from the
 *   socket: past the limit the rest is dropped, the answer is a French 413
 *   and the connection is closed. The reader of the body (readForm) gets an
 *   error with code BODY_TOO_LARGE.
 */
import type { NextFunction, Request, Response } from "express";
import { BODY_TOO_LARGE, bodyLimitFor, tooLargeMessage } from "../app/lib/http/body-limits";

const REFUSED_METHODS = new Set(["TRACE", "TRACK", "CONNECT"]);

function refuse(res: Response, status: number, message: string) {
  if (res.headersSent) return;
  res.status(status).set("Cache-Control", "no-store").type("text/plain; charset=utf-8").send(message);
}

export function rejectMalformedRequests(req: Request, res: Response, next: NextFunction) {
  if (REFUSED_METHODS.has(req.method)) {
    res.setHeader("Allow", "GET, HEAD, POST");
    return refuse(res, 405, "Méthode non acceptée par ce site.");
  }
  if (/%00/i.test(req.originalUrl) || req.originalUrl.includes("\u0000"))
    return refuse(res, 400, "Adresse invalide\u00a0: caractère interdit.");
  next();
}

/** res.locals.bodyTooLarge is set once a 413 was sent for the request. */
export function bodyLimit(req: Request, res: Response, next: NextFunction) {
  if (req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS") return next();
  const limit = bodyLimitFor(req.path, req.headers.cookie);
  const declared = req.headers["content-length"];
  const tooLarge = () => {
    res.locals.bodyTooLarge = true;
    res.setHeader("Connection", "close");
    refuse(res, 413, tooLargeMessage(limit));
  };
  if (declared !== undefined && Number(declared) > limit) {
    tooLarge();
    // Leave the unread body: the connection closes after the answer.
    return;
  }
  let seen = 0;
  let over = false;
  const push = req.push.bind(req);
  req.push = (chunk: unknown, encoding?: BufferEncoding) => {
    if (over) return true; // drop the rest
    if (chunk !== null && chunk !== undefined) {
      seen += (chunk as Buffer).length ?? 0;
      if (seen > limit) {
        over = true;
        tooLarge();
        const err = Object.assign(new Error("Request body over the limit"), { code: BODY_TOO_LARGE, status: 413 });
        if (req.listenerCount("error") > 0) req.emit("error", err);
        return true;
      }
    }
    return push(chunk, encoding);
  };
  next();
}

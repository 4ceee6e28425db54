/**
 * The browser's files of the build (build/client: the favicon, the manifests,
 * the banners, the comics…), served without asking the disk on every page.
 * `express.static` looks a path up on disk before passing it on: every page
 * request (page-cache hits included) paid a file-system lookup that can only
 * fail (issue 12). The build's top-level names are listed once at start (the
 * folder does not change while the server runs; a new build restarts it); a
 * path whose first segment is not one of them goes straight to the pages.
 */
import { readdirSync } from "node:fs";
import express, { type RequestHandler } from "express";

export function clientFiles(dir: string, options: Parameters<typeof express.static>[1]): RequestHandler {
  const names = new Set(readdirSync(dir));
  const serve = express.static(dir, options);
  return (req, res, next) => {
    const first = req.path.split("/")[1] ?? "";
    if (names.has(first)) void serve(req, res, next);
    else next();
  };
}

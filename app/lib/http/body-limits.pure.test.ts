/**
 * Every page that shows a file field gets the upload body limit for a signed-in
 * visitor: a page missing from UPLOAD_PATHS cut a phone photo or a scanned
 * certificate at 256 Ko with « Envoi trop volumineux ». The pages are found by
 * reading the route config and the sources (the route file, the components and
 * sibling files it imports), not from a hand-kept list.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { describe, expect, it } from "vitest";
import routes from "../../routes";
import { bodyLimitFor, FORM_BODY_LIMIT, UPLOAD_BODY_LIMIT } from "./body-limits";

const APP = path.resolve("app");

function pages(entries: RouteConfigEntry[], base = ""): Array<{ pattern: string; file: string }> {
  const out: Array<{ pattern: string; file: string }> = [];
  for (const entry of entries) {
    const pattern = entry.path ? `${base}/${entry.path}` : base;
    if (entry.children?.length) out.push(...pages(entry.children, pattern));
    else out.push({ pattern: pattern || "/", file: entry.file });
  }
  return out;
}

/** The source of a route file with the sources of the app modules it imports directly. */
function sourceWithImports(file: string): string {
  const abs = path.join(APP, file);
  const own = readFileSync(abs, "utf8");
  let all = own;
  for (const [, spec = ""] of own.matchAll(/from "((?:~\/|\.{1,2}\/)[^"]+)"/g)) {
    const base = spec.startsWith("~/") ? path.join(APP, spec.slice(2)) : path.resolve(path.dirname(abs), spec);
    for (const candidate of [base, `${base}.tsx`, `${base}.ts`])
      if (existsSync(candidate) && /\.tsx?$/.test(candidate)) {
        all += readFileSync(candidate, "utf8");
        break;
      }
  }
  return all;
}

const acceptsFiles = (source: string) => /<FileField\b|type="file"/.test(source);
const COOKIE = "better-auth.session_token=abc";

describe("upload body limit", () => {
  const uploadPages = pages(routes).filter((p) => acceptsFiles(sourceWithImports(p.file)));

  it("finds the pages that take files", () => {
    expect(uploadPages.map((p) => p.pattern)).toEqual(
      expect.arrayContaining(["/espace-membre/articles/photos", "/espace-membre/inscription/pieces"]),
    );
  });

  it("gives every page with a file field the upload limit when signed in, as a document and as .data", () => {
    for (const { pattern } of uploadPages) {
      const url = pattern.replace(/:[^/]+/g, "12");
      expect(bodyLimitFor(url, COOKIE), url).toBe(UPLOAD_BODY_LIMIT);
      expect(bodyLimitFor(`${url}.data`, COOKIE), `${url}.data`).toBe(UPLOAD_BODY_LIMIT);
      expect(bodyLimitFor(url, undefined), `${url} sans session`).toBe(FORM_BODY_LIMIT);
    }
  });
});

/**
 * The JavaScript a page loads, as the benchmark and the browser tests weigh it:
 * every script its HTML names — modulepreload links, script
 * tags, inline `import("…")` — each file gzipped at level 9 from the build.
 * Code a page imports later (a form's validation on first focus) is not
 * counted: it is not loaded with the page.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { ASSET_GZIP_LEVEL } from "../server/compress";

/**
 * The target for the JavaScript of a public page, gzipped: what the browser tests hold every
 * public page to (js-weight.spec.ts), so that
 * Zod, member-only code or a heavier page coming back fails.
 */
export const PUBLIC_PAGE_JS_BUDGET = 120 * 1024;

/** The script paths (`/assets/….js`) a page's HTML loads. */
export function pageScripts(html: string): string[] {
  const scripts = new Set<string>();
  for (const m of html.matchAll(/<link rel="modulepreload"[^>]*? href="([^"]+)"/g)) scripts.add(m[1] ?? "");
  for (const m of html.matchAll(/<script[^>]+src="([^"]+)"/g)) scripts.add(m[1] ?? "");
  for (const m of html.matchAll(/import\s*\(?\s*"(\/assets\/[^"]+\.js)"/g)) scripts.add(m[1] ?? "");
  scripts.delete("");
  return [...scripts];
}

/** Gzipped size (level 9, the level the server sends them at: server/compress.ts) of each script, read from the build's client folder. */
export function gzippedSizes(clientDir: string, scripts: string[]): Array<{ script: string; bytes: number }> {
  return scripts.map((script) => {
    const file = path.join(clientDir, script.replace(/^\//, ""));
    return { script, bytes: existsSync(file) ? gzipSync(readFileSync(file), { level: ASSET_GZIP_LEVEL }).length : 0 };
  });
}

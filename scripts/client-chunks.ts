/**
 * How the browser build groups modules into files. Every page
 * loads React, React DOM and React Router, and every page sits under the root
 * and the site layout: left to Rollup, that code is spread over some thirty
 * small files (one per icon, per shared helper), each compressed on its own.
 * Grouped, the same code weighs about 5 KB less gzipped and no page loads
 * anything more (but for the buttons' styles, below):
 *  - "framework": react, react-dom, scheduler, react-router;
 *  - "site": every module the root or the site layout imports statically
 *    (their own code, the layout's icons, the shared helpers they use), and
 *    `ServerHtml`, which the pages written on the server share, the
 *    pages' `<head>` helpers (lib/http/seo.ts), which every page's `meta` calls, and
 *    the buttons' styles (components/ui/button.tsx), which every form's button uses:
 *    in a file of their own they cost the form pages more than they cost the others
 *    in the shared one.
 * Everything else (a page's own code, a form's validation, the member area)
 * stays split as Rollup decides. Stylesheets are left to Vite.
 */
import type { Rollup } from "vite";

type ManualChunkMeta = Rollup.ManualChunkMeta;

const FRAMEWORK = /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/;
const LAYOUTS = [
  /[\\/]app[\\/]root\.tsx(\?|$)/,
  /[\\/]app[\\/]routes[\\/]site-layout\.tsx(\?|$)/,
  // The block of server-written content: a few lines, on most public pages.
  /[\\/]app[\\/]components[\\/]server-html\.tsx(\?|$)/,
  // Every page's title and description (its `meta`).
  /[\\/]app[\\/]lib[\\/]http[\\/]seo\.ts(\?|$)/,
  // The buttons' styles: every form's submit button.
  /[\\/]app[\\/]components[\\/]ui[\\/]button\.tsx(\?|$)/,
];

export function clientChunks(): (id: string, meta: ManualChunkMeta) => string | undefined {
  let site: Set<string> | undefined;
  return (id, meta) => {
    if (/\.css(\?|$)/.test(id)) return undefined;
    if (FRAMEWORK.test(id)) return "framework";
    site ??= staticGraph(
      meta,
      [...meta.getModuleIds()].filter((m) => LAYOUTS.some((re) => re.test(m))),
    );
    return site.has(id) ? "site" : undefined;
  };
}

/** The modules reachable from `roots` through static imports (not `import()`). */
function staticGraph(meta: ManualChunkMeta, roots: string[]): Set<string> {
  const seen = new Set<string>();
  const queue = [...roots];
  for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
    if (seen.has(id)) continue;
    seen.add(id);
    for (const next of meta.getModuleInfo(id)?.importedIds ?? []) queue.push(next);
  }
  return seen;
}

/**
 * Local ESLint rule: no route module imports another route module
 * (docs/decisions/0011-tooling.md). Route modules are the files named in
 * app/routes.ts; shared code belongs in app/components or app/lib. Helper files
 * next to a route (not in app/routes.ts) may be imported by it. Tests are exempt
 * (they call loaders and actions directly).
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

let cached;
function routeModules() {
  if (!cached) {
    const text = fs.readFileSync(path.join(root, "app/routes.ts"), "utf8");
    cached = new Set([...text.matchAll(/"(routes\/[^"]+\.[jt]sx?)"/g)].map((m) => path.join(root, "app", m[1])));
  }
  return cached;
}

function resolveRoute(fromFile, spec) {
  let base;
  if (spec.startsWith("~/")) base = path.join(root, "app", spec.slice(2));
  else if (spec.startsWith(".")) base = path.resolve(path.dirname(fromFile), spec);
  else return null;
  const routes = routeModules();
  for (const candidate of [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    path.join(base, "index.ts"),
    path.join(base, "index.tsx"),
  ]) {
    if (routes.has(candidate)) return candidate;
  }
  return null;
}

const noRouteToRoute = {
  meta: {
    type: "problem",
    docs: {
      description: "No module imports a route module (app/routes.ts); share code through app/components or app/lib.",
    },
    messages: {
      routeImport:
        "'{{spec}}' is a route module (app/routes.ts): move the shared code to app/components or app/lib instead of importing a route.",
    },
    schema: [],
  },
  create(context) {
    const file = path.resolve(context.filename);
    const check = (node) => {
      const spec = node.source && node.source.type === "Literal" ? node.source.value : null;
      if (typeof spec !== "string") return;
      const target = resolveRoute(file, spec);
      if (target && target !== file) context.report({ node: node.source, messageId: "routeImport", data: { spec } });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

export default { rules: { "no-route-imports": noRouteToRoute } };

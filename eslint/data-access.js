/**
 * Local ESLint rule: one way to reach the database (docs/decisions/0012-test-harness.md).
 * No function takes a connection parameter: a parameter whose type is the
 * database or a transaction (`Queryable`, `Transaction`, `Database` imported
 * from db.server) is refused everywhere but in app/lib/core/db.server.ts. The
 * code uses `db`, which is the current transaction inside `transaction()`
 * (AsyncLocalStorage), so forgetting to pass `tx` can no longer deadlock PGlite
 * or write outside the rollback on PostgreSQL.
 *
 * Checked: the parameters of functions, arrow functions, methods and function
 * types (`deleteRow: (tx: Transaction) => …`), with a default value or not,
 * the type alone or in a union (`Database | null`). Not checked: a type
 * reached through a return type (`() => Database`: a connection factory, as
 * the rate-limit tests build a second process) — that is not a connection
 * handed to a function.
 */

const CONNECTION_TYPES = new Set(["Queryable", "Transaction", "Database"]);
const DB_MODULE = /(^|\/)db\.server(\.[jt]s)?$/;
/** Prefix of a type named through `import("…db.server").X` (no import declaration). */
const IMPORTED = "import:";

const FUNCTION_NODES = [
  "FunctionDeclaration",
  "FunctionExpression",
  "ArrowFunctionExpression",
  "TSDeclareFunction",
  "TSEmptyBodyFunctionExpression",
  "TSFunctionType",
  "TSConstructorType",
  "TSMethodSignature",
  "TSCallSignatureDeclaration",
  "TSConstructSignatureDeclaration",
];

/** The identifiers a parameter's type names at its top level (unions and parentheses looked through). */
function namedTypes(type, out = []) {
  if (!type) return out;
  if (type.type === "TSTypeAnnotation") return namedTypes(type.typeAnnotation, out);
  if (type.type === "TSUnionType" || type.type === "TSIntersectionType") {
    for (const t of type.types) namedTypes(t, out);
  } else if (type.type === "TSTypeReference") {
    const name = type.typeName;
    if (name.type === "Identifier") out.push(name.name);
    else if (name.type === "TSQualifiedName") out.push(name.right.name);
  } else if (type.type === "TSImportType") {
    // `import("~/lib/core/db.server").Transaction`
    const spec = type.source?.value ?? type.argument?.literal?.value;
    const name = type.qualifier?.type === "Identifier" ? type.qualifier.name : null;
    if (typeof spec === "string" && DB_MODULE.test(spec) && name && CONNECTION_TYPES.has(name))
      out.push(IMPORTED + name);
  }
  return out;
}

/** The annotated node of a parameter: `q: T`, `q: T = db`, `...q: T`, `{ tx }: T`. */
function annotationOf(param) {
  if (param.type === "TSParameterProperty") return annotationOf(param.parameter);
  if (param.type === "AssignmentPattern") return param.left.typeAnnotation ?? null;
  return param.typeAnnotation ?? null;
}

function paramName(param) {
  if (param.type === "TSParameterProperty") return paramName(param.parameter);
  if (param.type === "AssignmentPattern") return paramName(param.left);
  if (param.type === "RestElement") return paramName(param.argument);
  return param.type === "Identifier" ? param.name : "(paramètre)";
}

const noConnectionParameters = {
  meta: {
    type: "problem",
    docs: {
      description:
        "No function takes a database or transaction parameter: use `db`, which is the transaction inside transaction().",
    },
    messages: {
      connectionParameter:
        "Parameter '{{name}}' is a database connection ({{type}}): use `db` from db.server instead — inside transaction() it already is the transaction (docs/decisions/0012-test-harness.md).",
    },
    schema: [],
  },
  create(context) {
    const filename = context.filename.replaceAll("\\", "/");
    if (/(^|\/)app\/lib\/core\/db\.server\.ts$/.test(filename)) return {};
    // Local names of the connection types imported from db.server (aliases included).
    const local = new Map();
    for (const name of CONNECTION_TYPES) local.set(IMPORTED + name, name);
    const checkParams = (node) => {
      for (const param of node.params ?? node.parameters ?? []) {
        const names = namedTypes(annotationOf(param));
        const hit = names.find((n) => local.has(n));
        if (hit)
          context.report({
            node: param,
            messageId: "connectionParameter",
            data: { name: paramName(param), type: local.get(hit) },
          });
      }
    };
    const visitors = {
      ImportDeclaration(node) {
        if (typeof node.source.value !== "string" || !DB_MODULE.test(node.source.value)) return;
        for (const spec of node.specifiers) {
          if (spec.type !== "ImportSpecifier") continue;
          const imported = spec.imported.type === "Identifier" ? spec.imported.name : spec.imported.value;
          if (CONNECTION_TYPES.has(imported)) local.set(spec.local.name, imported);
        }
      },
    };
    // Imports come first in a module, so they are known when the functions are visited.
    for (const kind of FUNCTION_NODES) visitors[kind] = checkParams;
    return visitors;
  },
};

/**
 * Every LIMIT and OFFSET of a query is written into the statement (`inlineCount(n)` from
 * db.server, decision 0052): a `.limit(…)` or `.offset(…)` whose argument is anything else is
 * refused. Drizzle sends a bare number as a parameter, and PostgreSQL plans a prepared
 * statement whose LIMIT is a parameter again at every run. Checked in modules that import
 * db.server or drizzle-orm (the only ones that build queries); tests are not linted by it.
 */
const inlineLimit = {
  meta: {
    type: "problem",
    docs: { description: "A query's LIMIT and OFFSET go through inlineCount() (decision 0052)." },
    messages: {
      parameterLimit:
        "`.{{method}}()` takes `inlineCount(…)` from db.server: a number sent as a parameter makes PostgreSQL plan the statement again at every run (docs/performance.md).",
    },
    schema: [],
  },
  create(context) {
    let queries = false;
    return {
      ImportDeclaration(node) {
        const from = node.source.value;
        if (typeof from === "string" && (DB_MODULE.test(from) || from === "drizzle-orm")) queries = true;
      },
      CallExpression(node) {
        if (!queries) return;
        const callee = node.callee;
        if (callee.type !== "MemberExpression" || callee.computed || callee.property.type !== "Identifier") return;
        const method = callee.property.name;
        if (method !== "limit" && method !== "offset") return;
        const [arg] = node.arguments;
        const inline =
          node.arguments.length === 1 &&
          arg.type === "CallExpression" &&
          arg.callee.type === "Identifier" &&
          arg.callee.name === "inlineCount";
        if (!inline) context.report({ node, messageId: "parameterLimit", data: { method } });
      },
    };
  },
};

export default {
  rules: { "no-connection-parameters": noConnectionParameters, "inline-limit": inlineLimit },
};

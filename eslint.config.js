import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";
import boundaries from "./eslint/import-boundaries.js";
import dataAccess from "./eslint/data-access.js";

/** Imports of server-only modules (`*.server.ts`, `.server/` folders). */
const SERVER_ONLY = "(^|/)[^/]*\\.server(\\.[jt]sx?)?$|(^|/)\\.server/";
// One way for forms in the browser (decision 0046): useClubForm and getFormProps from
// app/components/form.tsx; Conform stays on the server and in the lazily loaded validation.
const CONFORM_IN_THE_BROWSER = {
  name: "@conform-to/react",
  allowTypeImports: true,
  message: "Formulaires : useClubForm et getFormProps de ~/components/form (décision 0046).",
};

/**
 * Authorisation in one place: `can(user, capability)` / `authorize()` (app/lib/accounts/capabilities.ts,
 * authorize.server.ts). No role is named outside the role and permission tables (roles.ts,
 * permissions.ts): a role as a value, in SQL (`'admin' = any(roles)`), in a comparison. No page's
 * address decides a permission: the table's lookups by section or address stay with the guard.
 */
const ROLE_NAMES = "pré-inscrit|membre|admin|user_manager|article_manager|enseignant";
const ROLE_MESSAGE =
  "Permission : can(user, capability) de ~/lib/accounts/capabilities ; un rôle comme fait (pré-inscrit, enseignant) : les constantes et fonctions de ~/lib/accounts/roles.";
const NO_ROLE_LITERAL = [
  { selector: `Literal[value=/^(${ROLE_NAMES})$/]`, message: ROLE_MESSAGE },
  { selector: `TemplateElement[value.raw=/'(${ROLE_NAMES})'/]`, message: ROLE_MESSAGE },
];
const NO_ADDRESS_PERMISSION = {
  selector: "CallExpression[callee.name=/^(canOpen|sectionOfPath|mayEnter|findSection)$/]",
  message:
    "Une adresse ou une section n'est pas une permission : can(user, capability) de ~/lib/accounts/capabilities.",
};
const AUTHORISATION = [...NO_ROLE_LITERAL, NO_ADDRESS_PERMISSION];

/**
 * Member-area addresses are written one way: React Router's `href("/espace-membre/…/:id", { id })`,
 * whose paths `react-router typegen` reads from the route table (a renamed or removed page fails the
 * type check). A string or template starting with "/espace-membre" is refused elsewhere; the
 * permission table states the area's root, tests and scripts request addresses as a browser does.
 */
const MEMBER_PATH = "/^\\/espace-membre(\\/|$|[?#])/";
const MEMBER_PATH_MESSAGE =
  'Adresse de l’espace membre : href("/espace-membre/…") de react-router, typé par la table des routes.';
const NO_MEMBER_PATH_LITERAL = [
  {
    selector: `Literal[value=${MEMBER_PATH}]:not(CallExpression[callee.name='href'] > Literal.arguments:first-child)`,
    message: MEMBER_PATH_MESSAGE,
  },
  { selector: `TemplateLiteral > TemplateElement:first-child[value.raw=${MEMBER_PATH}]`, message: MEMBER_PATH_MESSAGE },
];

/** The audit log has one writer (app/lib/core/audit.server.ts). */
const NO_DIRECT_AUDIT = {
  selector: "CallExpression[callee.property.name='insert'][arguments.0.name='auditLog']",
  message: "Write the audit log with audit() or auditMany() of app/lib/core/audit.server.ts.",
};

export default tseslint.config(
  {
    ignores: [
      "build/**",
      ".react-router/**",
      "node_modules/**",
      "test-results/**",
      "playwright-report/**",
      "data/**",
      "db/migrations/**",
      "tmp/**",
      // dependency-cruiser's configuration (CommonJS, read by its command).
      ".dependency-cruiser.cjs",
    ],
  },
  js.configs.recommended,
  // Type-aware rules (docs/decisions/0011-tooling.md): the project service reuses tsconfig.json.
  ...tseslint.configs.recommendedTypeChecked,
  {
    files: ["**/*.{ts,tsx,js,mjs}"],
    languageOptions: {
      globals: { ...globals.browser, ...globals.node },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/no-empty-object-type": "off",
      // React Router's convention: loaders and actions throw a Response (new Response, redirect, data(),
      // notFound helpers) to answer early; those are allowed, anything else must be an Error.
      "@typescript-eslint/only-throw-error": [
        "error",
        {
          allow: [
            { from: "lib", name: "Response" },
            { from: "package", package: "react-router", name: "DataWithResponseInit" },
          ],
        },
      ],
      // Loaders, actions and library hooks are async by contract; one without `await` is harmless.
      "@typescript-eslint/require-await": "off",
      // `VideoProvider | string` documents the expected values of a column stored as text.
      "@typescript-eslint/no-redundant-type-constituents": "off",
      "no-empty-pattern": "off",
      // French typography puts non-breaking spaces inside « guillemets » (text only).
      "no-irregular-whitespace": [
        "error",
        { skipStrings: true, skipTemplates: true, skipJSXText: true, skipRegExps: true, skipComments: true },
      ],
    },
  },
  {
    // Tests build route arguments loosely and read JSON bodies (`any`); the expectations check
    // the values themselves, so the `no-unsafe-*` family adds noise there, not safety.
    files: ["**/*.test.{ts,tsx}", "tests/**"],
    rules: {
      "@typescript-eslint/no-unsafe-argument": "off",
      "@typescript-eslint/no-unsafe-assignment": "off",
      "@typescript-eslint/no-unsafe-member-access": "off",
      "@typescript-eslint/no-unsafe-return": "off",
      "@typescript-eslint/no-unsafe-call": "off",
    },
  },
  {
    // Import boundaries (docs/decisions/0011-tooling.md): no module imports a route module.
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["**/*.test.{ts,tsx}"],
    plugins: { boundaries },
    rules: { "boundaries/no-route-imports": "error" },
  },
  {
    // One way to reach the database (docs/decisions/0012-test-harness.md): no connection parameters,
    // `db` is the transaction inside transaction(). db.server.ts itself is exempt (in the rule).
    files: ["**/*.{ts,tsx}"],
    plugins: { "data-access": dataAccess },
    rules: { "data-access/no-connection-parameters": "error" },
  },
  {
    // Every LIMIT and OFFSET written into the statement (decision 0052), in the code that runs
    // queries; tests may build theirs as they like.
    files: ["app/**/*.{ts,tsx}", "server/**/*.ts", "scripts/**/*.ts"],
    ignores: ["**/*.test.{ts,tsx}"],
    plugins: { "data-access": dataAccess },
    rules: { "data-access/inline-limit": "error" },
  },
  {
    // One way to write the audit log: audit() or auditMany() of app/lib/core/audit.server.ts,
    // which names the actor one way.
    files: ["app/**/*.{ts,tsx}", "server/**/*.ts", "scripts/**/*.ts"],
    ignores: ["**/*.test.{ts,tsx}", "app/lib/core/audit.server.ts"],
    rules: {
      "no-restricted-syntax": ["error", NO_DIRECT_AUDIT, ...AUTHORISATION, ...NO_MEMBER_PATH_LITERAL],
    },
  },
  {
    // Scripts request pages by their address, as the tests do.
    files: ["scripts/**/*.ts"],
    ignores: ["**/*.test.{ts,tsx}"],
    rules: { "no-restricted-syntax": ["error", NO_DIRECT_AUDIT, ...AUTHORISATION] },
  },
  {
    // ... and authorisation in one place; the audit log's writer is bound by it too.
    files: ["app/lib/core/audit.server.ts"],
    rules: { "no-restricted-syntax": ["error", ...AUTHORISATION, ...NO_MEMBER_PATH_LITERAL] },
  },
  {
    // The role and permission tables name the roles; the capabilities and the guard read the table.
    files: ["app/lib/accounts/roles.ts", "app/lib/accounts/permissions.ts"],
    rules: { "no-restricted-syntax": ["error", NO_DIRECT_AUDIT] },
  },
  {
    files: ["app/lib/accounts/capabilities.ts", "app/lib/accounts/guard.server.ts"],
    rules: { "no-restricted-syntax": ["error", NO_DIRECT_AUDIT, ...NO_ROLE_LITERAL, ...NO_MEMBER_PATH_LITERAL] },
  },
  {
    // Benchmarks and seeds build their fixture accounts as tests do (raw roles, imported data).
    files: ["scripts/bench-*.ts", "scripts/seed-*.ts"],
    rules: { "no-restricted-syntax": ["error", NO_DIRECT_AUDIT] },
  },
  {
    // One way for a page to answer 400/403/404: notFound(), forbidden(), badRequest() or
    // refusedWith() of app/lib/http/responses.ts (resource routes, *.ts, return their own Response).
    files: ["app/routes/**/*.tsx"],
    ignores: ["**/*.test.{ts,tsx}"],
    rules: {
      "no-restricted-syntax": [
        "error",
        NO_DIRECT_AUDIT,
        ...AUTHORISATION,
        ...NO_MEMBER_PATH_LITERAL,
        {
          selector: "ThrowStatement > NewExpression[callee.name='Response']",
          message:
            "A page answers 400/403/404 with badRequest(), forbidden() or notFound() of app/lib/http/responses.ts.",
        },
      ],
    },
  },
  {
    // Browser-side modules never import server-only code. React Router already refuses it in
    // route modules at build time; this extends it to components and browser-safe lib files.
    files: ["app/components/**/*.{ts,tsx}", "app/lib/**/*.{ts,tsx}", "app/entry.client.tsx"],
    ignores: ["**/*.server.{ts,tsx}", "**/.server/**", "**/*.test.{ts,tsx}"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: SERVER_ONLY,
              // A type-only import is erased from the bundle.
              allowTypeImports: true,
              message:
                "Server-only module: a browser-side file may not import it (move the code, or name this file *.server.ts).",
            },
          ],
          paths: [CONFORM_IN_THE_BROWSER],
        },
      ],
    },
  },
  {
    // Pages: Conform's browser hook is replaced by useClubForm (decision 0046).
    files: ["app/routes/**/*.{ts,tsx}"],
    ignores: ["**/*.server.{ts,tsx}", "**/*.test.{ts,tsx}"],
    rules: {
      "@typescript-eslint/no-restricted-imports": ["error", { paths: [CONFORM_IN_THE_BROWSER] }],
    },
  },
  {
    // One way to draw an icon: <Icon name> and the sprite (app/components/ui/icon.tsx, decision 0038).
    // lucide-react only supplies the drawings to scripts/make-icon-sprite.ts.
    files: ["app/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [
            {
              name: "lucide-react",
              message: "Icônes : <Icon name> (app/components/ui/icon.tsx) ; ajoutez le nom à icon-names.ts.",
            },
          ],
        },
      ],
    },
  },
  {
    // Pure tests run without a database (vitest project "pure", docs/decisions/0012-test-harness.md).
    files: ["**/*.pure.test.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["#db/*", "**/db.server", "**/seed.server", "**/tests/helpers/*"],
              message: "Un test pur n'ouvre pas de base : renommez-le en *.test.ts.",
            },
          ],
        },
      ],
    },
  },
  {
    // Playwright fixtures call `use`, which is not React's hook.
    files: ["tests/e2e/**"],
    rules: { "react-hooks/rules-of-hooks": "off" },
  },
  {
    // Plain JavaScript files are outside tsconfig.json: no type information.
    files: ["**/*.{js,mjs}"],
    ...tseslint.configs.disableTypeChecked,
  },
);

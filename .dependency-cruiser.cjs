/**
 * The layering of the code, checked by dependency-cruiser in `npm test` (npm run deps).
 *
 * Rules:
 *  - no import cycle, type-only imports included;
 *  - the domain (app/lib) never imports the interface (app/components) nor a page (app/routes);
 *  - nothing outside app/routes imports a page (tests excepted; a page importing another page is
 *    refused by the ESLint rule boundaries/no-route-imports, which reads app/routes.ts);
 *  - the server (server/) and the scripts may import the domain, never the interface.
 * Browser code importing a `*.server` module is refused by ESLint (eslint.config.js), at edit time.
 * There is no list of known violations: `npm run deps` fails on any one.
 */
module.exports = {
  forbidden: [
    {
      name: "no-circular",
      comment: "Import cycles make modules load half-initialised and hide the layering.",
      severity: "error",
      from: {},
      to: { circular: true },
    },
    {
      name: "lib-not-upward",
      comment: "The domain (app/lib) holds no interface: move shared code down into app/lib.",
      severity: "error",
      from: { path: "^app/lib/" },
      // The icons' names are data (the navigation names its entries' icons).
      to: { path: "^app/(components|routes)/", pathNot: "^app/components/ui/icon-names\\.ts$" },
    },
    {
      name: "no-page-imports",
      comment: "A page (app/routes) is imported only by the route table, other pages' own files and tests.",
      severity: "error",
      from: { path: "^(app/(lib|components)|server|scripts)/", pathNot: "\\.test\\.tsx?$" },
      to: { path: "^app/routes/" },
    },
    {
      name: "server-not-interface",
      comment: "The HTTP server and the scripts know the domain, not the interface (the icon sprite's list excepted).",
      severity: "error",
      from: { path: "^(server|scripts)/" },
      to: { path: "^app/(components|routes)/", pathNot: "^app/components/ui/icon-names\\.ts$" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^(build|node_modules|\\.react-router)/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".js", ".mjs", ".json"],
    },
  },
};

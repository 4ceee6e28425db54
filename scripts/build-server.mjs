// Compiles server/index.ts to build/server.js (the production entry point).
import { build } from "esbuild";

const outdir = process.env.BUILD_DIR ?? "build";
await build({
  entryPoints: ["server/index.ts"],
  outfile: `${outdir}/server.js`,
  platform: "node",
  format: "esm",
  target: "node20",
  bundle: true,
  packages: "external",
  logLevel: "warning",
});

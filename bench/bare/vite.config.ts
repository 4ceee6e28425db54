// The bare app's Vite config: React Router's plugin only (see react-router.config.ts).
// JSX goes through React's own runtime, not the site's typography runtime that
// the root tsconfig names (the bare app is React Router and nothing else).
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [reactRouter()],
  esbuild: { jsx: "automatic", jsxImportSource: "react" },
  logLevel: "warn",
});

import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), tsconfigPaths()],
  build: { target: "es2022" },
  ssr: {
    // Native / wasm server packages stay external to the server bundle.
    external: ["@electric-sql/pglite", "sharp", "pg", "nodemailer"],
  },
});

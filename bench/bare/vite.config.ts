// The bare app's Vite config: React Router's plugin only (see react-router.config.ts).
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

export default defineConfig({ plugins: [reactRouter()], logLevel: "warn" });

// The bare app's server (scripts/bench.ts): Express + compression + React Router's
// request handler created once, production mode. PORT from the environment.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express from "express";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../tmp/bare");
const build = await import(path.join(root, "server/index.js"));
const app = express();
app.disable("x-powered-by");
app.use(compression());
app.use("/assets", express.static(path.join(root, "client/assets"), { immutable: true, maxAge: "1y" }));
// Lighthouse's SEO audit asks for /robots.txt: a plain 404 here, not React Router's logged error.
app.get("/robots.txt", (_req, res) => res.status(404).end());
app.all(/.*/, createRequestHandler({ build, mode: "production" }));
app.listen(Number(process.env.PORT ?? 3100), "127.0.0.1");

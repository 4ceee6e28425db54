// The bare app's server (scripts/bench.ts): Express + compression + React Router's
// request handler created once, production mode. PORT from the environment.
// React Router runs as a bare app gets it: its development build, the one Node resolves
// (decision 0023; the site bundles the production build). Measured on 2026-11-29, five
// interleaved rounds after a warm-up: 486 req/s on the development build, 518 on the
// production build, a 6 % gap inside the rounds' spread (405–597 req/s).
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
// Lighthouse's SEO audit asks for /robots.txt, and the browser for /favicon.ico: a plain 404
// each here, not React Router's logged error (a stack trace in the bench's output).
app.get(["/robots.txt", "/favicon.ico"], (_req, res) => res.status(404).end());
app.all(/.*/, createRequestHandler({ build, mode: "production" }));
app.listen(Number(process.env.PORT ?? 3100), "127.0.0.1");

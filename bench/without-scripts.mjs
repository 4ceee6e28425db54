// A measuring instrument of the bench (scripts/bench.ts, decision 0060), not a page of the site:
// a proxy in front of the site that hands its pages to Lighthouse WITHOUT their scripts, so the
// same run shows what the site's hydration costs in Lighthouse's score.
// Rules: every answer is the site's own (status, type, cache headers, body); in an HTML page the
// <script> elements go, except the structured data (application/ld+json), and so do the
// <link rel="modulepreload"> tags. Text answers are gzipped as the site gzips them, so the page
// weighs what it weighs on the site. PORT and TARGET (the site's base URL) from the environment.
import http from "node:http";
import { gzipSync } from "node:zlib";

const target = process.env.TARGET ?? "http://127.0.0.1:3000";
const SCRIPT = /<script\b(?![^>]*application\/ld\+json)[^>]*>[\s\S]*?<\/script>/g;
const MODULE_PRELOAD = /<link\b[^>]*rel="modulepreload"[^>]*>/g;
const KEPT_HEADERS = ["content-type", "cache-control", "location", "content-security-policy", "vary"];

http
  .createServer(async (req, res) => {
    try {
      const upstream = await fetch(target + req.url, {
        headers: { "accept-encoding": "identity", "user-agent": req.headers["user-agent"] ?? "" },
        redirect: "manual",
      });
      const type = upstream.headers.get("content-type") ?? "";
      let body = Buffer.from(await upstream.arrayBuffer());
      if (type.startsWith("text/html")) {
        body = Buffer.from(body.toString("utf8").replace(SCRIPT, "").replace(MODULE_PRELOAD, ""));
      }
      const headers = {};
      for (const name of KEPT_HEADERS) {
        const value = upstream.headers.get(name);
        if (value !== null) headers[name] = value;
      }
      if (
        /^(text\/|image\/svg|application\/(json|javascript|manifest))/.test(type) &&
        /gzip/.test(String(req.headers["accept-encoding"]))
      ) {
        body = gzipSync(body);
        headers["content-encoding"] = "gzip";
      }
      res.writeHead(upstream.status, headers);
      res.end(body);
    } catch {
      res.writeHead(502, { "content-type": "text/plain; charset=utf-8" });
      res.end("site injoignable");
    }
  })
  .listen(Number(process.env.PORT ?? 3101), "127.0.0.1");

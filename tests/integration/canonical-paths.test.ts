/**
 * One address per page and honest 404 pages: case variants of a
 * path redirect (301) to the lower-case route path; 404 pages carry the site
 * name in their title and a description. Through the real request handler.
 */
import { describe, expect, it } from "vitest";
import { canonicalPath } from "~/lib/http/canonical-path";
import { app } from "../helpers/app";

describe("case variants of a path", () => {
  it("redirect permanently to the canonical path, query string kept", async () => {
    const res = await app.fetch("/CONTACT", { redirect: "manual" });
    expect(res.status).toBe(301);
    expect(new URL(res.headers.get("Location") ?? "", "http://localhost:3000").pathname).toBe("/contact");
    const mixed = await app.fetch("/Tarifs-Horaires?vue=liste", { redirect: "manual" });
    expect(mixed.status).toBe(301);
    expect(mixed.headers.get("Location")).toMatch(/\/tarifs-horaires\?vue=liste$/);
    const data = await app.get("/La-Vie-Du-Club/Actualites");
    expect(data.redirect).toMatch(/\/la-vie-du-club\/actualites$/);
  });

  it("leaves canonical paths, form posts and case-sensitive keys alone", async () => {
    expect((await app.fetch("/contact", { redirect: "manual" })).status).toBe(200);
    expect(canonicalPath("/contact")).toBeNull();
    expect(canonicalPath("/media/AbC123.webp")).toBeNull();
    expect(canonicalPath("/calendrier/membre/XyZ.ics")).toBeNull();
    expect(canonicalPath("/caf%C3%A9")).toBeNull();
    expect(canonicalPath("/Caf%C3%A9")).toBe("/caf%C3%A9");
    // Route parameters (ids, tokens) keep their case; the static segments around them do not.
    expect(canonicalPath("/espace-membre/utilisateurs/modifier/AbC12", { id: "AbC12" })).toBeNull();
    expect(canonicalPath("/Espace-Membre/utilisateurs/modifier/AbC12", { id: "AbC12" })).toBe(
      "/espace-membre/utilisateurs/modifier/AbC12",
    );
    // An unknown path (the not-found splat) is left alone: it is a 404 whatever its case.
    expect(canonicalPath("/Une/Page", { "*": "Une/Page" })).toBeNull();
  });
});

describe("404 pages", () => {
  it("keep the site name in the title and have a description, the article 404 included", async () => {
    for (const path of ["/une-page-qui-n-existe-pas", "/la-vie-du-club/actualites/999999-introuvable"]) {
      const res = await app.fetch(path);
      expect(res.status).toBe(404);
      const html = await res.text();
      const titles = [...html.matchAll(/<title>([^<]*)<\/title>/g)].map((m) => m[1]);
      expect(titles.length).toBeGreaterThan(0);
      for (const title of titles) expect(title).toMatch(/introuvable \| /);
      expect(html).toMatch(/<meta name="description" content="[^"]{20,}"/);
    }
  });
});

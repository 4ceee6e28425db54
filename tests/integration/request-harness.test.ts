/**
 * What the request harness (tests/helpers/app.ts) guarantees to route tests:
 * requests go through the real handler, so React Router's and the member
 * guard's checks run before any action (a direct call would skip them).
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { todos } from "#db/schema";
import { db } from "~/lib/core/db.server";
import { app } from "../helpers/app";
import { createUser } from "../helpers/auth";

const fields = { intent: "create", title: "Tâche forgée", notes: "", dueOn: "" };

describe("request harness", () => {
  it("refuses a cross-site POST to a member action before the action runs", async () => {
    const admin = await createUser({ roles: ["admin"] });
    const foreign = await app.post("/espace-membre/todo", fields, { as: admin, origin: "https://evil.example" });
    expect(foreign.status).toBe(400);
    // No Origin, no Referer, no Fetch Metadata: the guard's own check answers, in French.
    const unknown = await app.post("/espace-membre/todo", fields, { as: admin, origin: null });
    expect(unknown.status).toBe(403);
    expect(unknown.error).toMatch(/^Requête refusée/);
    expect(await db.select().from(todos).where(eq(todos.title, fields.title))).toHaveLength(0);

    const same = await app.post("/espace-membre/todo", fields, { as: admin });
    expect(same.status).toBe(302);
    expect(await db.select().from(todos).where(eq(todos.title, fields.title))).toHaveLength(1);
  });

  it("sends a signed-out visitor to the sign-in page with the page to come back to", async () => {
    const res = await app.get("/espace-membre/todo?filtre=1");
    expect(res.status).toBe(302);
    expect(res.redirect).toBe("/connexion?redirectTo=%2Fespace-membre%2Ftodo%3Ffiltre%3D1");
  });

  it("returns resource routes untouched", async () => {
    const res = await app.fetch("/healthz");
    expect(res.status).toBe(200);
  });
});

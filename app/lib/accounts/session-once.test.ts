/**
 * One session lookup per page: React Router gives the member guard
 * and the root loader of one page different Request objects; with the router context, a GET
 * reads the session once. A POST reads it again for the loaders after its action (the action
 * may have changed the session), and another page reads it afresh.
 */
import { RouterContextProvider } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { createUser, type CreatedUser } from "../../../tests/helpers/auth";
import { getSessionUser } from "./session.server";

let member: CreatedUser;

beforeAll(async () => {
  member = await createUser({ roles: ["membre"], email: "une-lecture@exemple.fr" });
});

const url = "http://localhost:3000/espace-membre";

describe("session lookup", () => {
  it("reads the session once for the middleware and the loaders of one page", async () => {
    const context = new RouterContextProvider();
    const forGuard = new Request(url, { headers: { cookie: member.cookie } });
    const forRoot = new Request(url, { headers: { cookie: member.cookie } });
    const first = getSessionUser(forGuard, context);
    expect(getSessionUser(forRoot, context)).toBe(first);
    expect((await first)?.email).toBe("une-lecture@exemple.fr");
    // Another page (another context) reads it again.
    const other = getSessionUser(new Request(url, { headers: { cookie: member.cookie } }), new RouterContextProvider());
    expect(other).not.toBe(first);
    expect((await other)?.email).toBe("une-lecture@exemple.fr");
  });

  it("reads it again after a POST's action", async () => {
    const context = new RouterContextProvider();
    const post = new Request(url, { method: "POST", headers: { cookie: member.cookie } });
    const afterAction = new Request(url, { headers: { cookie: member.cookie } });
    const forAction = getSessionUser(post, context);
    const forLoaders = getSessionUser(afterAction, context);
    expect(forLoaders).not.toBe(forAction);
    expect(getSessionUser(post, context)).toBe(forAction);
    expect((await forAction)?.id).toBe((await forLoaders)?.id);
  });
});

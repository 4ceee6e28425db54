/**
 * The member layout's guard on the requests React Router hands to middleware:
 * a session that expires during a client-side navigation (a data request)
 * sends to the sign-in page with the page's own address, never the `.data`
 * suffix nor React Router's `_routes`/`index` parameters.
 */
import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { memberAreaGuard } from "./guard.server";

async function signedOutRedirect(url: string, method = "GET"): Promise<string | null> {
  const request = new Request(url, { method, headers: method === "GET" ? {} : { origin: "http://localhost:3000" } });
  try {
    await memberAreaGuard(
      { request, params: {}, context: new RouterContextProvider() } as never,
      async () => new Response(null),
    );
    return null;
  } catch (err) {
    if (err instanceof Response) return err.headers.get("location");
    throw err;
  }
}

describe("signed out in the member area", () => {
  it("remembers the page and its query, not the data request's parameters", async () => {
    expect(
      await signedOutRedirect(
        "http://localhost:3000/espace-membre/utilisateurs?_routes=routes%2Fmember%2Fusers%2Flist&q=l%C3%A9a",
      ),
    ).toBe("/connexion?redirectTo=%2Fespace-membre%2Futilisateurs%3Fq%3Dl%25C3%25A9a");
  });

  it("drops the .data suffix and the index parameter", async () => {
    expect(
      await signedOutRedirect("http://localhost:3000/espace-membre/profil.data?_routes=routes%2Fmember%2Fprofile"),
    ).toBe("/connexion?redirectTo=%2Fespace-membre%2Fprofil");
    expect(await signedOutRedirect("http://localhost:3000/espace-membre?index", "POST")).toBe(
      "/connexion?redirectTo=%2Fespace-membre",
    );
  });
});

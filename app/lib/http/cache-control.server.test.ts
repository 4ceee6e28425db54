/** No page that depends on the session may be stored (Back after sign-out). */
import { describe, expect, it } from "vitest";
import { handleDataRequest } from "~/entry.server";
import { applySessionCacheControl } from "./cache-control.server";

const req = (path: string, cookie?: string) =>
  new Request(`http://localhost:3000${path}`, { headers: cookie ? { cookie } : {} });

describe("session pages are never stored", () => {
  it.each([
    ["a member page", req("/espace-membre/profil")],
    ["a management page", req("/espace-membre/utilisateurs/modifier/abc")],
    ["a public page rendered for a signed-in visitor", req("/", "theme=x; better-auth.session_token=abc")],
    ["a signed-in visitor behind HTTPS", req("/contact", "__Secure-better-auth.session_token=abc")],
  ])("%s: no-store", (_name, request) => {
    const headers = new Headers({ "Cache-Control": "public, max-age=60" });
    applySessionCacheControl(request, headers);
    expect(headers.get("cache-control")).toBe("no-store");
  });

  it("leaves anonymous public pages alone", () => {
    const headers = new Headers();
    applySessionCacheControl(req("/la-vie-du-club/actualites"), headers);
    expect(headers.get("cache-control")).toBeNull();
  });

  it("applies to client navigations (.data), redirects included", () => {
    const data = handleDataRequest(new Response("{}"), { request: req("/espace-membre.data") });
    expect(data.headers.get("cache-control")).toBe("no-store");
    const moved = handleDataRequest(Response.redirect("http://localhost:3000/connexion", 302), {
      request: req("/espace-membre/profil.data"),
    });
    expect(moved.headers.get("cache-control")).toBe("no-store");
  });
});

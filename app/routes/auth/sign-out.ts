/**
 * POST /deconnexion: ends the session on the server, clears the cookies and
 * goes home. A failure is only logged ('Erreur lors de la déconnexion'); the
 * visitor still goes home with the cookies cleared.
 */
import { redirect } from "react-router";
import type { Route } from "./+types/sign-out";
import { signOut } from "~/lib/accounts/auth.server";
import { assertSameOrigin } from "~/lib/http/csrf.server";
import { log } from "~/lib/core/log.server";

const CLEAR = [
  "better-auth.session_token",
  "better-auth.session_data",
  "better-auth.dont_remember",
  "__Secure-better-auth.session_token",
  "__Secure-better-auth.session_data",
  "__Secure-better-auth.dont_remember",
];

export async function action({ request }: Route.ActionArgs) {
  assertSameOrigin(request);
  let headers: Headers;
  try {
    headers = await signOut(request.headers);
  } catch (err) {
    log.error("Erreur lors de la déconnexion", { err });
    headers = new Headers();
    for (const name of CLEAR) {
      const secure = name.startsWith("__Secure-") ? "; Secure" : "";
      headers.append("Set-Cookie", `${name}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${secure}`);
    }
  }
  return redirect("/", { headers });
}

/** A GET never signs out (links must not change state): back home. */
export function loader() {
  return redirect("/");
}

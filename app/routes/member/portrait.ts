/**
 * /espace-membre/profil/portrait/:id?taille=96|192: the portrait of a profile
 * (never at a public address).
 *
 * Rules: only the account holder, the instructors of a group in which the
 * profile is registered this season and the admins get the image
 * (portraits.server.ts); anyone else, a profile without portrait or an
 * unknown id gets the same 404 (nothing tells whether a portrait exists).
 * Sent `private, no-store`: never kept by a shared cache nor on the disk of
 * a shared computer, so a withdrawn portrait is gone at once; `nosniff`, and
 * not embeddable by another site.
 */
import type { Route } from "./+types/portrait";
import { userContext } from "~/lib/accounts/auth-context";
import { positiveId } from "~/lib/http/ids.server";
import { readPortrait } from "~/lib/members/portraits.server";

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const user = context.get(userContext);
  const id = positiveId(params.id);
  const size = new URL(request.url).searchParams.get("taille") === "96" ? 96 : 192;
  const image = id === null ? null : await readPortrait(user, id, size);
  if (!image) {
    return new Response("Portrait introuvable.", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
  return new Response(new Uint8Array(image.body), {
    headers: {
      "Content-Type": "image/webp",
      "Content-Length": String(image.size),
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
      "Cross-Origin-Resource-Policy": "same-origin",
    },
  });
}

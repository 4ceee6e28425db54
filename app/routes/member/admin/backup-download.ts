/**
 * /espace-membre/exploitation/telecharger?nom=…&jeton=… — streams a backup
 * once, for the one-time link issued after the administrator re-entered their
 * password (app/lib/operations/download.server.ts). Admins only.
 */
import type { Route } from "./+types/backup-download";
import { userContext } from "~/lib/accounts/auth-context";
import { downloadResponse } from "~/lib/operations/download.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = context.get(userContext);
  const url = new URL(request.url);
  const name = url.searchParams.get("nom") ?? "";
  const token = url.searchParams.get("jeton") ?? "";
  if (!name || !token || name.length > 200 || token.length > 200)
    return new Response("Lien incomplet.", { status: 404 });
  return downloadResponse(user, name, token);
}

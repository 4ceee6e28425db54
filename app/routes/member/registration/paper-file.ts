/**
 * /espace-membre/inscription/pieces/:id: the file of a paper.
 * Health data: only the family that owns the profile and the season's
 * managers get it (readSeasonFile); anyone else, a deleted file or an unknown
 * id gets the same 404 (nothing tells whether the paper exists). Sent
 * `private, no-store` (never kept by a shared cache nor on the disk of a
 * shared computer), `nosniff`, inline with its original name.
 */
import type { Route } from "./+types/paper-file";
import { userContext } from "~/lib/accounts/auth-context";
import { positiveId } from "~/lib/http/ids.server";
import { readSeasonFile } from "~/lib/members/season-documents.server";

function contentDisposition(name: string): string {
  const ascii = name
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^\x20-\x7e]|["\\]/g, "_");
  return `inline; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const user = context.get(userContext);
  const id = positiveId(params.id);
  const file = id === null ? null : await readSeasonFile(user, id);
  if (!file) {
    return new Response("Document introuvable.", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
  return new Response(file.body, {
    headers: {
      "Content-Type": file.contentType,
      "Content-Length": String(file.size),
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
      "Content-Disposition": contentDisposition(file.name),
    },
  });
}

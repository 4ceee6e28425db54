/**
 * /espace-membre/jury/diplome/:id: the diploma (PDF) of a passed candidate
 * (:id is the candidate). For the session's jury, the admins and the
 * managers of the members (exam-jury.server.ts: 403 otherwise, 404 when the
 * candidate is not « reçu »). Private, never cached.
 */
import type { Route } from "./+types/diploma";
import { userContext } from "~/lib/accounts/auth-context";
import { orErrorPage, positiveId } from "~/lib/http/forms";
import { diplomaPdf } from "~/lib/members/exam-diploma.server";

export async function loader({ params, context }: Route.LoaderArgs) {
  const id = positiveId(params.id);
  if (id === null) throw new Response("Aucun diplôme : cet examen n'est pas réussi.", { status: 404 });
  const { pdf, fileName } = await orErrorPage(() => diplomaPdf(context.get(userContext), id));
  return new Response(pdf, {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

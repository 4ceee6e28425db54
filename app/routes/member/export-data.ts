/**
 * GET /espace-membre/profil/donnees — the RGPD export: a JSON file of exactly
 * the signed-in user's own data (no password hash, no token). Every role,
 * pré-inscrits included (RGPD right of access).
 */
import type { Route } from "./+types/export-data";
import { exportUserData } from "~/lib/accounts/member-data.server";
import { ROLES } from "~/lib/accounts/roles";
import { requireRoles } from "~/lib/accounts/session.server";
import { orErrorPage } from "~/lib/http/forms";
import { parisDate } from "~/lib/core/time";

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireRoles(request, ROLES);
  const data = await orErrorPage(() => exportUserData(user.id));
  const day = parisDate();
  return new Response(JSON.stringify(data, null, 2), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="mes-donnees-${day}.json"`,
      "Cache-Control": "no-store",
    },
  });
}

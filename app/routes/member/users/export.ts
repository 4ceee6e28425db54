/**
 * /espace-membre/utilisateurs/export.csv (admin, user_manager): the user list
 * with the same search, filters and sort as the page, every page, as a CSV
 * file for French spreadsheets (UTF-8 with BOM, ';' separator, CRLF).
 */
import type { Route } from "./+types/export";
import { USER_MANAGERS } from "~/lib/accounts/roles";
import { parisDate } from "~/lib/core/time";
import { requireRoles } from "~/lib/accounts/session.server";
import { exportUsersCsv, parseListQuery } from "~/lib/members/users-admin.server";
import { log } from "~/lib/core/log.server";

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireRoles(request, USER_MANAGERS);
  const query = parseListQuery(new URL(request.url).searchParams);
  const { csv, count } = await exportUsersCsv(query);
  log.info("users exported", { by: user.id, count });
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="utilisateurs-${parisDate()}.csv"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

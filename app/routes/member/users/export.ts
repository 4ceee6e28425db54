import { userContext } from "~/lib/accounts/auth-context";
/**
 * /espace-membre/utilisateurs/export.csv (admin, user_manager): the user list
 * with the same search, filters and sort as the page, every page, as a CSV
 * file for French spreadsheets (UTF-8 with BOM, ';' separator, CRLF).
 */
import type { Route } from "./+types/export";
import { parisDate } from "~/lib/core/time";
import { parseListQuery } from "~/lib/members/users-admin.server";
import { streamUsersCsv } from "~/lib/members/users-list.server";
import { log } from "~/lib/core/log.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = context.get(userContext);
  const query = parseListQuery(new URL(request.url).searchParams);
  // Streamed 500 rows at a time: the whole club is never held in memory.
  const csv = await streamUsersCsv(query, new Date(), (count) => log.info("users exported", { by: user.id, count }));
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="utilisateurs-${parisDate()}.csv"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

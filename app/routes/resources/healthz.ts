import { pingDatabase } from "~/lib/core/db.server";

/** Liveness and readiness: 200 when the database answers, 503 otherwise. */
export async function loader() {
  const ok = await pingDatabase();
  return new Response(JSON.stringify({ status: ok ? "ok" : "error", database: ok ? "ok" : "unreachable" }), {
    status: ok ? 200 : 503,
    headers: { "Content-Type": "application/json", "Cache-Control": "no-store" },
  });
}

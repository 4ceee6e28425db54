import { pingDatabase } from "~/lib/core/db.server";
import { diskStatus } from "~/lib/core/disk.server";
import { env } from "~/lib/core/env.server";

/**
 * Liveness and readiness: 200 when the database answers and the data folder
 * has room (DISK_MIN_FREE_MB); 503 otherwise, saying which part is wrong
 * ("database": "unreachable", "disk": "low" | "full").
 */
export async function loader() {
  const e = env();
  const [ok, disk] = await Promise.all([pingDatabase(), diskStatus(e.DATA_DIR, e.DISK_MIN_FREE_MB)]);
  const healthy = ok && disk.status === "ok";
  return new Response(
    JSON.stringify({
      status: healthy ? "ok" : "error",
      database: ok ? "ok" : "unreachable",
      disk: disk.status,
      diskFreeMb: disk.freeMb,
    }),
    {
      status: healthy ? 200 : 503,
      headers: { "Content-Type": "application/json", "Cache-Control": "no-store" },
    },
  );
}

/**
 * POST /api/helloasso/notification: HelloAsso's notification URL (set in the
 * association's HelloAsso back office). The body is never trusted: only the
 * order id is read from it, the order itself is fetched from HelloAsso's API
 * (registration-payments.server.ts).
 *
 * Answers: 200 when handled (applied, already applied, kept for the managers,
 * not paid yet, other event types ignored); 400 when refused (unknown order,
 * forged body, amount mismatch: logged, nothing marked); 503 when HelloAsso's
 * API does not answer (HelloAsso sends the notification again later); 404
 * when HelloAsso is not configured.
 */
import { log } from "~/lib/core/log.server";
import { readBodyLimited } from "~/lib/http/request.server";
import { HelloAssoUnavailable, helloAssoClient } from "~/lib/members/helloasso.server";
import { handleNotification, PaymentRefused } from "~/lib/members/registration-payments.server";
import type { Route } from "./+types/helloasso-notification";

const LIMIT = 256 * 1024;

function answer(status: number, body: Record<string, unknown>) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store" },
  });
}

export function loader() {
  return answer(405, { error: "POST attendu." });
}

export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return answer(405, { error: "POST attendu." });
  if (!helloAssoClient()) return answer(404, { error: "HelloAsso n'est pas configuré." });
  const bytes = await readBodyLimited(request, LIMIT);
  let body: unknown;
  try {
    body = JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    log.warn("helloasso notification refused", { reason: "unreadable" });
    return answer(400, { error: "Notification illisible." });
  }
  try {
    const outcome = await handleNotification(body);
    log.info("helloasso notification", { outcome });
    return answer(200, { outcome });
  } catch (err) {
    if (err instanceof PaymentRefused) {
      log.warn("helloasso notification refused", { reason: err.reason, message: err.message });
      return answer(400, { error: "Notification refusée.", reason: err.reason });
    }
    if (err instanceof HelloAssoUnavailable) {
      log.warn("helloasso notification deferred: API unavailable", { message: err.message });
      return answer(503, { error: "HelloAsso ne répond pas ; réessayez plus tard." });
    }
    throw err;
  }
}

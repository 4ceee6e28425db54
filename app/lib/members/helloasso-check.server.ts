/**
 * The nightly HelloAsso check: once per Paris day, the
 * organisation's checkout orders of the last weeks are read again from the
 * API and reconciled one by one (`reconcileOrder`, idempotent), so a missed
 * or lost notification is caught. A refused order is logged and counted,
 * never applied. Nothing runs while HelloAsso is not configured.
 */
import { log } from "../core/log.server";
import { parisDate } from "../core/time";
import { helloAssoClient, type HelloAssoClient } from "./helloasso.server";
import { PaymentRefused, reconcileOrder } from "./registration-payments.server";
import { claimDailyRun } from "../core/daily-run.server";

const HELLOASSO_CHECK_JOB = "helloasso-check";
/** Days of orders the nightly check reads again. */
const CHECK_WINDOW_DAYS = 45;

/**
 * Once per Paris day: reads the organisation's checkout orders of the last
 * weeks and reconciles each one (a missed notification is caught here).
 */
export async function runHelloAssoCheck(
  now: Date = new Date(),
  client?: HelloAssoClient | null,
): Promise<{ ran: boolean; outcomes: Record<string, number> }> {
  const c = client === undefined ? helloAssoClient() : client;
  if (!c) return { ran: false, outcomes: {} };
  if (!(await claimDailyRun(HELLOASSO_CHECK_JOB, parisDate(now)))) return { ran: false, outcomes: {} };
  const outcomes: Record<string, number> = {};
  const orders = await c.listCheckoutOrders(new Date(now.getTime() - CHECK_WINDOW_DAYS * 86_400_000));
  for (const order of orders) {
    let outcome: string;
    try {
      outcome = await reconcileOrder(order, c.organization, now);
    } catch (err) {
      if (!(err instanceof PaymentRefused)) throw err;
      log.warn("helloasso check: order refused", { orderId: order.id, reason: err.reason, message: err.message });
      outcome = "refused";
    }
    outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
  }
  log.info("helloasso check", { orders: orders.length, ...outcomes });
  return { ran: true, outcomes };
}

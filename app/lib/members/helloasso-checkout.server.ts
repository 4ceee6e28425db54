/**
 * Paying a registration online (decision 0024): the HelloAsso checkout is
 * created for the amount the CLUB computed (never one received), split in at
 * most three instalments a month apart, the payer pre-filled, the
 * registration id in the metadata; a pending payment row keeps the checkout
 * id and the terms asked (the schedule shown until HelloAsso lists them) so
 * the return page, the notification and the nightly check find it. The
 * payer who leaves HelloAsso comes back to `backPath`, a failed checkout to
 * `errorPath` (issue 56: the page says so and offers to try again).
 * Refused: a registration of another family (404), already paid (409), not
 * sent, nothing to pay, or partly paid or paid in instalments under way (the
 * rest is paid by cheque, cash or transfer: HelloAsso would ask the whole
 * total again). HelloAsso down or refusing: a French 502, the registration
 * stays payable later.
 */
import { eq } from "drizzle-orm";
import { payments, registrations, users } from "#db/schema";
import { db } from "../core/db.server";
import { DomainError } from "../core/errors";
import { ownRegistration } from "../accounts/ownership.server";
import { log } from "../core/log.server";
import { HelloAssoRefused, HelloAssoUnavailable, helloAssoClient, type HelloAssoClient } from "./helloasso.server";
import { UNAVAILABLE_MESSAGE } from "./registration-payments.server";
import { registrationMoney } from "./registration-settlement.server";

/**
 * Starts a HelloAsso checkout for the family's registration: the amount the
 * club computed, the instalments, the payer pre-filled, the registration id in
 * the metadata. Returns the page HelloAsso's payer goes to.
 */
export async function startCheckout(
  ownerId: string,
  registrationId: number,
  urls: { base: string; returnPath: string; backPath: string; errorPath?: string },
  now: Date = new Date(),
  client?: HelloAssoClient | null,
): Promise<string> {
  const c = client === undefined ? helloAssoClient() : client;
  if (!c)
    throw new DomainError("Le paiement en ligne n'est pas configuré : suivez les instructions de paiement du club.");
  const [row] = await db
    .select({ reg: registrations, user: users })
    .from(registrations)
    .innerJoin(users, eq(users.id, registrations.ownerId))
    .where(ownRegistration(ownerId, registrationId));
  if (!row) throw new DomainError("Cette inscription n'existe pas.", { status: 404 });
  const { reg, user } = row;
  if (reg.status === "payee") throw new DomainError("Cette inscription est déjà payée.", { status: 409 });
  if (reg.status !== "en-attente") throw new DomainError("Terminez d'abord l'inscription avant de payer.");
  if (reg.totalCents <= 0) throw new DomainError("Il n'y a rien à payer pour cette inscription.");
  // A rest due after a refused aid (decision 0029): HelloAsso would ask the whole total again.
  const money = await registrationMoney(reg.id, reg.totalCents);
  if (money.collectedCents + money.scheduledCents > 0) {
    throw new DomainError(
      "Une partie de cette inscription est déjà payée : réglez le reste par l'un des autres moyens de paiement du club.",
    );
  }
  const count = Math.max(1, Math.min(3, reg.instalments));
  const share = Math.floor(reg.totalCents / count);
  const initial = reg.totalCents - share * (count - 1);
  const terms = Array.from({ length: count - 1 }, (_, i) => {
    const d = new Date(now);
    d.setUTCMonth(d.getUTCMonth() + i + 1);
    return { amount: share, date: d.toISOString() };
  });
  const base = urls.base.replace(/\/$/, "");
  let created;
  try {
    created = await c.createCheckoutIntent({
      totalAmount: reg.totalCents,
      initialAmount: initial,
      terms: terms.length ? terms : null,
      itemName: `Inscription ${reg.season}`,
      backUrl: base + urls.backPath,
      errorUrl: base + (urls.errorPath ?? urls.backPath),
      returnUrl: base + urls.returnPath,
      containsDonation: false,
      payer: { firstName: user.prenom || null, lastName: user.nom || null, email: user.email },
      metadata: { registrationId: reg.id, season: reg.season },
    });
  } catch (err) {
    if (err instanceof HelloAssoUnavailable) throw new DomainError(UNAVAILABLE_MESSAGE, { status: 502, cause: err });
    if (err instanceof HelloAssoRefused) {
      log.error("helloasso: checkout refused", { status: err.status, body: err.body.slice(0, 500) });
      throw new DomainError("HelloAsso a refusé la demande de paiement. Le club a été prévenu ; réessayez plus tard.", {
        status: 502,
        cause: err,
      });
    }
    throw err;
  }
  await db.insert(payments).values({
    registrationId: reg.id,
    season: reg.season,
    method: "helloasso",
    amountCents: reg.totalCents,
    state: "en-attente",
    checkoutIntentId: created.id,
    // The terms asked, until HelloAsso's order lists them (state "": not read yet).
    instalments: [{ amount: initial, date: now.toISOString() }, ...terms].map((t, i) => ({
      number: i + 1,
      amount: t.amount,
      state: "",
      date: t.date,
    })),
  });
  if (!created.redirectUrl) throw new DomainError(UNAVAILABLE_MESSAGE, { status: 502 });
  return created.redirectUrl;
}

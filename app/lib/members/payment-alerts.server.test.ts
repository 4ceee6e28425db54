/**
 * HelloAsso refunds and payment state changes, over real HTTP
 * against the local HelloAsso server and through the real notification
 * endpoint: the payment is updated from what the API says, the managers are
 * alerted once (outbox mail, to-do, payments page) however many notifications
 * arrive, and a fully refunded registration goes back to awaiting payment.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { outbox, paymentAlerts, payments, profiles, registrations, seasonStatuses } from "#db/schema";
import { app } from "../../../tests/helpers/app";
import { createUser } from "../../../tests/helpers/auth";
import { withLocalHelloAsso } from "../../../tests/helpers/with-local-helloasso";
import { db } from "../core/db.server";
import { seedDatabase } from "../core/seed.server";
import { runHelloAssoCheck } from "./helloasso-check.server";
import { startCheckout } from "./helloasso-checkout.server";
import { unmatchedPayments } from "./manual-payments.server";
import { submitRegistration } from "./registrations.server";
import { derivedTasks } from "./todo.server";
import { frenchText } from "../typography/french";

const ha = withLocalHelloAsso();
const SEASON = "2026-2027";
const NOW = new Date("2026-09-10T10:00:00Z");
const URLS = {
  base: "http://localhost:3000",
  returnPath: "/espace-membre/inscription/paiement",
  backPath: "/espace-membre/inscription",
};

let manager: Awaited<ReturnType<typeof createUser>>;

beforeAll(async () => {
  await seedDatabase();
  manager = await createUser({ roles: ["user_manager"], prenom: "Anh", nom: "Tran" });
});

async function paidFamily(instalments = 1) {
  const parent = await createUser({ roles: ["membre"], prenom: "Lan", nom: "Nguyen" });
  const [self] = await db
    .select()
    .from(profiles)
    .where(and(eq(profiles.ownerId, parent.user.id), eq(profiles.isSelf, true)));
  const registrationId = await submitRegistration(
    parent.user.id,
    SEASON,
    {
      instalments,
      aidCodes: [],
      lines: [
        {
          profileId: self!.id,
          groupName: "Adultes (16 ans et plus)",
          priceCents: 25000,
          discountCents: 0,
          aidCents: 0,
          parentalAuthorisation: false,
          photoConsent: "non",
          rulesVersion: "2026-1",
          emergencyContacts: "Minh 06 12 34 56 78",
        },
      ],
    },
    NOW,
  );
  const redirect = await startCheckout(parent.user.id, registrationId, URLS, NOW);
  const order = ha.pay(Number(redirect.split("/").pop()));
  expect(await (await notify(ha.notificationBody(order))).json()).toEqual({ outcome: "applied" });
  return { parent, registrationId, order, profileId: self!.id };
}

const notify = (body: unknown) =>
  app.fetch("/api/helloasso/notification", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });

const alertsOf = async (orderId: number) => {
  const [p] = await db.select().from(payments).where(eq(payments.orderId, orderId));
  return { payment: p!, alerts: await db.select().from(paymentAlerts).where(eq(paymentAlerts.paymentId, p!.id)) };
};

const mailsToManager = async () =>
  (await db.select().from(outbox).where(eq(outbox.to, manager.email))).filter((m) =>
    m.subject.startsWith("Paiement HelloAsso"),
  );

describe("a refund made in HelloAsso", () => {
  it("updates the payment, sends the registration back to awaiting payment and alerts the managers once", async () => {
    const f = await paidFamily();
    const mailsBefore = (await mailsToManager()).length;
    ha.setPaymentState(f.order.id, 1, "Refunded");
    const answers = [];
    for (const body of [
      ha.notificationBody(f.order, "Payment"),
      ha.notificationBody(f.order, "Order"),
      ha.notificationBody(f.order, "Payment"),
    ]) {
      const res = await notify(body);
      expect(res.status).toBe(200);
      answers.push(((await res.json()) as { outcome: string }).outcome);
    }
    expect(answers).toEqual(["state-changed", "already-applied", "already-applied"]);

    const { payment, alerts } = await alertsOf(f.order.id);
    expect(payment.state).toBe("remboursee");
    expect(payment.instalments.map((i) => i.state)).toEqual(["Refunded"]);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.message).toContain(`commande HelloAsso ${f.order.id}`);
    expect(alerts[0]!.message).toContain("Le paiement de 250\u00a0€ de la commande");
    expect(alerts[0]!.message).toContain("est remboursé.");
    expect(alerts[0]!.message).toContain(
      `L'inscription n° ${f.registrationId} est en « paiement incomplet » ; la famille en est prévenue par e-mail.`,
    );

    const [reg] = await db.select().from(registrations).where(eq(registrations.id, f.registrationId));
    expect(reg).toMatchObject({ status: "en-attente", paidAt: null });
    const [status] = await db
      .select()
      .from(seasonStatuses)
      .where(and(eq(seasonStatuses.profileId, f.profileId), eq(seasonStatuses.season, SEASON)));
    expect(status!.cotisationPaidOn).toBeNull();

    const mails = await mailsToManager();
    expect(mails.length - mailsBefore).toBe(1);
    expect(mails.at(-1)!.text).toContain(frenchText(alerts[0]!.message));

    const todo = await derivedTasks(NOW);
    expect(todo.groups.find((g) => g.id === "alertes-paiement")!.tasks.map((t) => t.label)).toContain(
      alerts[0]!.message,
    );
    // The family can pay again online: the refunded payment no longer holds the registration's HelloAsso slot.
    await expect(startCheckout(f.parent.user.id, f.registrationId, URLS, NOW)).resolves.toContain("/paiement/");
  });

  it("of a payment kept in the managers' inbox takes it out of the inbox, with an alert", async () => {
    // An order made outside the site: kept in the inbox for a manager.
    const outside = ha.outsideOrder(25000, { email: "autre@exemple.fr", firstName: "Autre", lastName: "Payeur" });
    await notify(ha.notificationBody(outside));
    expect((await unmatchedPayments()).some((p) => p.orderId === outside.id)).toBe(true);
    ha.setPaymentState(outside.id, 1, "Refunded");
    expect(await (await notify(ha.notificationBody(outside))).json()).toEqual({ outcome: "state-changed" });
    const { payment, alerts } = await alertsOf(outside.id);
    expect(payment.state).toBe("remboursee");
    expect(alerts).toHaveLength(1);
    expect((await unmatchedPayments()).some((p) => p.orderId === outside.id)).toBe(false);
  });
});

describe("an instalment refused later", () => {
  it("stores the new state, leaves the registration unpaid and alerts the managers, also when only the nightly check sees it", async () => {
    const f = await paidFamily(3);
    ha.setPaymentState(f.order.id, 2, "Refused");
    const check = await runHelloAssoCheck(new Date("2026-09-11T03:00:00Z"));
    expect(check.ran).toBe(true);
    expect(check.outcomes["state-changed"]).toBe(1);
    const { payment, alerts } = await alertsOf(f.order.id);
    expect(payment.state).toBe("appliquee");
    expect(payment.instalments.map((i) => i.state)).toEqual(["Authorized", "Refused", "Registered"]);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.message).toMatch(
      /^L'échéance 2 \(83,33\u00a0€\) de la commande HelloAsso \d+ \(Lan Nguyen\) est refusée\. L'inscription n° \d+ est en « paiement incomplet » ; la famille en est prévenue par e-mail\.$/,
    );
    // Paid only when every instalment is collected.
    const [reg] = await db.select().from(registrations).where(eq(registrations.id, f.registrationId));
    expect(reg!.status).toBe("en-attente");
  });

  it("is marked handled by a manager on the payments page, once", async () => {
    const f = await paidFamily(2);
    ha.setPaymentState(f.order.id, 2, "Contested");
    await notify(ha.notificationBody(f.order));
    const { alerts } = await alertsOf(f.order.id);
    const page = await app.get<{ alerts: { id: number }[] }>("/espace-membre/saison/paiements", { as: manager });
    expect(page.data.alerts.map((a) => a.id)).toContain(alerts[0]!.id);
    const done = await app.post(
      "/espace-membre/saison/paiements",
      { intent: "alert-done", alertId: String(alerts[0]!.id) },
      { as: manager },
    );
    expect(done.redirect).toBe("/espace-membre/saison/paiements?ok=alerte");
    const again = await app.post(
      "/espace-membre/saison/paiements",
      { intent: "alert-done", alertId: String(alerts[0]!.id) },
      { as: manager },
    );
    expect(again.status).toBe(409);
    const after = await app.get<{ alerts: { id: number }[] }>("/espace-membre/saison/paiements", { as: manager });
    expect(after.data.alerts.map((a) => a.id)).not.toContain(alerts[0]!.id);
  });
});

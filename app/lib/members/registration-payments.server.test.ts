/**
 * Registration payments over real HTTP against the local HelloAsso server:
 * the notification endpoint through the real request handler, the return
 * page's reconciliation, the nightly check, the managers' inbox and their
 * cheques/cash/ANCV. Nothing received is trusted; a payment is applied once.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { auditLog, payments, profiles, registrations, seasonStatuses } from "#db/schema";
import { app } from "../../../tests/helpers/app";
import { createUser } from "../../../tests/helpers/auth";
import { withLocalHelloAsso } from "../../../tests/helpers/with-local-helloasso";
import { db, isUniqueViolation } from "../core/db.server";
import { DomainError } from "../core/errors";
import { seedDatabase } from "../core/seed.server";
import { helloAssoClient } from "./helloasso.server";
import { decideRefund, linkPayment, recordManualPayment, unmatchedPayments } from "./manual-payments.server";
import { runHelloAssoCheck } from "./helloasso-check.server";
import { startCheckout } from "./helloasso-checkout.server";
import { reconcileReturn } from "./registration-payments.server";
import { submitRegistration, type RegistrationLineInput } from "./registrations.server";

const ha = withLocalHelloAsso();
const SEASON = "2026-2027";
/** 10 September 2026, noon in Paris. */
const NOW = new Date("2026-09-10T10:00:00Z");
const URLS = {
  base: "http://localhost:3000",
  returnPath: "/espace-membre/inscription/paiement",
  backPath: "/espace-membre/inscription",
};

let manager: Awaited<ReturnType<typeof createUser>>;

beforeAll(async () => {
  await seedDatabase();
  manager = await createUser({ roles: ["admin"], prenom: "Anh", nom: "Tran" });
});

const line = (
  profileId: number,
  priceCents: number,
  over: Partial<RegistrationLineInput> = {},
): RegistrationLineInput => ({
  profileId,
  groupName: "Adultes (16 ans et plus)",
  priceCents,
  discountCents: 0,
  aidCents: 0,
  parentalAuthorisation: false,
  photoConsent: "oui",
  rulesVersion: "2026",
  emergencyContacts: "Mai Le 06 12 34 56 78",
  ...over,
});

/** A family (parent + one child) with its registration sent: 190 € + 171 € = 361 €. */
async function family(instalments = 1) {
  const parent = await createUser({ roles: ["membre"] });
  const [self] = await db
    .select()
    .from(profiles)
    .where(and(eq(profiles.ownerId, parent.user.id), eq(profiles.isSelf, true)));
  const [child] = await db
    .insert(profiles)
    .values({
      ownerId: parent.user.id,
      prenom: "Bao",
      nom: "Nguyen",
      relationship: "enfant",
      dateOfBirth: "2016-05-04",
    })
    .returning();
  const registrationId = await submitRegistration(
    parent.user.id,
    SEASON,
    {
      lines: [
        line(self!.id, 25000, { discountCents: 6000 }),
        line(child!.id, 19000, { groupName: "Enfants (6-11 ans)", discountCents: 1900, parentalAuthorisation: true }),
      ],
      instalments,
      aidCodes: [],
    },
    NOW,
  );
  return { parent, registrationId, profileIds: [self!.id, child!.id] };
}

async function startAndGetIntent(ownerId: string, registrationId: number) {
  const redirect = await startCheckout(ownerId, registrationId, URLS, NOW);
  const id = Number(redirect.split("/").pop());
  return id;
}

const notify = (body: unknown) =>
  app.fetch("/api/helloasso/notification", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });

async function registration(id: number) {
  const [r] = await db.select().from(registrations).where(eq(registrations.id, id));
  return r!;
}

async function statuses(profileIds: number[]) {
  const rows = await db.select().from(seasonStatuses).where(eq(seasonStatuses.season, SEASON));
  return rows.filter((r) => profileIds.includes(r.profileId));
}

describe("checkout", () => {
  it("asks HelloAsso for the registration's amount in cents, the payer pre-filled and the registration id in the metadata", async () => {
    const f = await family();
    const intentId = await startAndGetIntent(f.parent.user.id, f.registrationId);
    const sent = ha.intents.get(intentId)!.body;
    expect(sent).toMatchObject({
      totalAmount: 36100,
      initialAmount: 36100,
      terms: null,
      itemName: `Inscription ${SEASON}`,
      returnUrl: "http://localhost:3000/espace-membre/inscription/paiement",
      payer: { email: f.parent.email },
      metadata: { registrationId: f.registrationId },
      containsDonation: false,
    });
  });

  it("splits the amount into up to 3 instalments that add up to the total", async () => {
    const f = await family(3);
    const intentId = await startAndGetIntent(f.parent.user.id, f.registrationId);
    const sent = ha.intents.get(intentId)!.body;
    expect(sent.initialAmount + (sent.terms ?? []).reduce((s, t) => s + t.amount, 0)).toBe(36100);
    expect(sent.terms).toHaveLength(2);
    expect([sent.initialAmount, ...(sent.terms ?? []).map((t) => t.amount)]).toEqual([12034, 12033, 12033]);
    // The first instalment applies the order; the registration is paid only once every instalment is collected.
    const order = ha.pay(intentId);
    expect((await notify(ha.notificationBody(order))).status).toBe(200);
    expect((await registration(f.registrationId)).status).toBe("en-attente");
    const [p] = await db.select().from(payments).where(eq(payments.orderId, order.id));
    expect(p!.instalments.map((i) => i.state)).toEqual(["Authorized", "Registered", "Registered"]);
  });

  it("keeps the registration awaiting payment when HelloAsso is down, and lets the family pay later", async () => {
    const f = await family();
    ha.down = true;
    try {
      await expect(startCheckout(f.parent.user.id, f.registrationId, URLS, NOW)).rejects.toMatchObject({
        status: 502,
        message: expect.stringContaining("en attente de paiement"),
      });
    } finally {
      ha.down = false;
    }
    expect((await registration(f.registrationId)).status).toBe("en-attente");
    const intentId = await startAndGetIntent(f.parent.user.id, f.registrationId);
    ha.pay(intentId);
    expect(await reconcileReturn(f.parent.user.id, intentId, NOW)).toBe("applied");
  });

  it("refuses to start a payment for another family's registration", async () => {
    const f = await family();
    const other = await createUser({ roles: ["membre"] });
    await expect(startCheckout(other.user.id, f.registrationId, URLS, NOW)).rejects.toBeInstanceOf(DomainError);
  });
});

describe("notifications", () => {
  it("apply a paid order once, whatever the number and order of the notifications", async () => {
    const f = await family();
    const intentId = await startAndGetIntent(f.parent.user.id, f.registrationId);
    const order = ha.pay(intentId);
    const answers = [];
    // The Payment event before the Order event, then both again.
    for (const body of [
      ha.notificationBody(order, "Payment"),
      ha.notificationBody(order, "Order"),
      ha.notificationBody(order, "Order"),
      ha.notificationBody(order, "Payment"),
    ]) {
      const res = await notify(body);
      answers.push(((await res.json()) as { outcome: string }).outcome);
    }
    expect(answers).toEqual(["applied", "already-applied", "already-applied", "already-applied"]);
    const reg = await registration(f.registrationId);
    expect(reg.status).toBe("payee");
    const rows = await statuses(f.profileIds);
    expect(rows.map((r) => [r.cotisationAmountCents, r.cotisationMeans]).sort()).toEqual([
      [17100, "helloasso"],
      [19000, "helloasso"],
    ]);
    const applied = await db
      .select()
      .from(payments)
      .where(and(eq(payments.registrationId, f.registrationId), eq(payments.state, "appliquee")));
    expect(applied).toHaveLength(1);
    const audits = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "registration.paid"), eq(auditLog.targetUserId, f.parent.user.id)));
    expect(audits).toHaveLength(1);
  });

  it("mark nothing while the order is not paid, then apply it once it is", async () => {
    const f = await family();
    const intentId = await startAndGetIntent(f.parent.user.id, f.registrationId);
    const order = ha.pay(intentId, { state: "Pending" });
    expect(await (await notify(ha.notificationBody(order))).json()).toEqual({ outcome: "not-paid" });
    expect((await registration(f.registrationId)).status).toBe("en-attente");
    ha.setPaymentState(order.id, 1, "Authorized");
    expect(await (await notify(ha.notificationBody(order))).json()).toEqual({ outcome: "applied" });
  });

  it("refuse an unknown order, and mark nothing", async () => {
    const res = await notify({
      eventType: "Order",
      data: { id: 987654, amount: { total: 36100 } },
      metadata: { registrationId: 1 },
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ reason: "unknown-order" });
  });

  it("refuse a forged body (its amount or registration contradicts the API), and mark nothing", async () => {
    const f = await family();
    const intentId = await startAndGetIntent(f.parent.user.id, f.registrationId);
    const order = ha.pay(intentId);
    const body = ha.notificationBody(order) as {
      data: { amount: { total: number } };
      metadata: Record<string, unknown>;
    };
    const cheaper = { ...body, data: { ...body.data, amount: { total: 100 } } };
    const res = await notify(cheaper);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ reason: "forged" });
    const other = await family();
    const elsewhere = { ...body, metadata: { registrationId: other.registrationId } };
    expect((await notify(elsewhere)).status).toBe(400);
    expect((await notify({ eventType: "Order", data: { id: "1 or 1=1" } })).status).toBe(400);
    expect((await notify("not an object")).status).toBe(400);
    expect((await registration(f.registrationId)).status).toBe("en-attente");
    expect((await registration(other.registrationId)).status).toBe("en-attente");
  });

  it("refuse an order whose amount is not the one the club asked, and mark nothing", async () => {
    const f = await family();
    const intentId = await startAndGetIntent(f.parent.user.id, f.registrationId);
    const order = ha.pay(intentId, { total: 1000 });
    const res = await notify(ha.notificationBody(order));
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ reason: "amount-mismatch" });
    expect((await registration(f.registrationId)).status).toBe("en-attente");
    expect(await statuses(f.profileIds)).toEqual([]);
  });

  it("answer 503 while HelloAsso's API is down, so that HelloAsso sends it again", async () => {
    const f = await family();
    const intentId = await startAndGetIntent(f.parent.user.id, f.registrationId);
    const order = ha.pay(intentId);
    ha.down = true;
    try {
      expect((await notify(ha.notificationBody(order))).status).toBe(503);
    } finally {
      ha.down = false;
    }
    expect((await registration(f.registrationId)).status).toBe("en-attente");
    expect((await notify(ha.notificationBody(order))).status).toBe(200);
    expect((await registration(f.registrationId)).status).toBe("payee");
  });
});

describe("two tabs, the inbox and the nightly check", () => {
  it("apply one of two payments of the same registration and keep the other for a refund decision", async () => {
    const f = await family();
    const first = await startAndGetIntent(f.parent.user.id, f.registrationId);
    const second = await startAndGetIntent(f.parent.user.id, f.registrationId);
    const a = ha.pay(first);
    const b = ha.pay(second);
    expect(await (await notify(ha.notificationBody(b))).json()).toEqual({ outcome: "applied" });
    expect(await (await notify(ha.notificationBody(a))).json()).toEqual({ outcome: "duplicate" });
    expect(await (await notify(ha.notificationBody(a))).json()).toEqual({ outcome: "duplicate" });
    const inbox = await unmatchedPayments();
    const kept = inbox.find((p) => p.orderId === a.id);
    expect(kept).toMatchObject({ state: "a-rapprocher", registrationId: f.registrationId });
    await decideRefund(manager.user, kept!.id);
    const [after] = await db.select().from(payments).where(eq(payments.id, kept!.id));
    expect(after!.state).toBe("a-rembourser");
    // The cotisation was recorded once.
    expect(await statuses(f.profileIds)).toHaveLength(2);
  });

  it("the database refuses a second applied HelloAsso payment for one registration", async () => {
    const f = await family();
    const values = {
      registrationId: f.registrationId,
      season: SEASON,
      method: "helloasso",
      amountCents: 36100,
      state: "appliquee",
    };
    await db.insert(payments).values(values);
    const err = await db
      .insert(payments)
      .values(values)
      .catch((e: unknown) => e);
    expect(isUniqueViolation(err)).toBe(true);
  });

  it("the nightly check catches a missed notification, once a day, and files orders made outside the site", async () => {
    const f = await family();
    const intentId = await startAndGetIntent(f.parent.user.id, f.registrationId);
    ha.pay(intentId); // no notification ever arrives
    const outside = ha.outsideOrder(36100, { firstName: "Hoa", lastName: "Pham", email: "autre-adresse@example.org" });
    const run = await runHelloAssoCheck(NOW);
    expect(run.ran).toBe(true);
    expect((await registration(f.registrationId)).status).toBe("payee");
    expect(await runHelloAssoCheck(new Date(NOW.getTime() + 3600_000))).toEqual({ ran: false, outcomes: {} });
    const inbox = await unmatchedPayments();
    const kept = inbox.find((p) => p.orderId === outside.id);
    expect(kept).toMatchObject({
      state: "a-rapprocher",
      registrationId: null,
      payerEmail: "autre-adresse@example.org",
    });

    // One click links it to the family that paid with another address.
    const g = await family();
    await linkPayment(manager.user, kept!.id, g.registrationId, NOW);
    expect((await registration(g.registrationId)).status).toBe("payee");
    expect(await statuses(g.profileIds)).toHaveLength(2);
    await expect(linkPayment(manager.user, kept!.id, g.registrationId, NOW)).rejects.toMatchObject({ status: 409 });
  });

  it("refuses to link a payment whose amount is not the registration's", async () => {
    const outside = ha.outsideOrder(5000);
    const next = new Date("2026-09-11T10:00:00Z");
    await runHelloAssoCheck(next);
    const kept = (await unmatchedPayments()).find((p) => p.orderId === outside.id)!;
    const f = await family();
    await expect(linkPayment(manager.user, kept.id, f.registrationId, next)).rejects.toMatchObject({
      field: "registrationId",
    });
    expect((await registration(f.registrationId)).status).toBe("en-attente");
  });
});

describe("the return page", () => {
  it("reads the intent from the API: paid only when HelloAsso says so, and only for its own family", async () => {
    const f = await family();
    const intentId = await startAndGetIntent(f.parent.user.id, f.registrationId);
    expect(await reconcileReturn(f.parent.user.id, intentId, NOW)).toBe("not-paid");
    expect((await registration(f.registrationId)).status).toBe("en-attente");
    ha.pay(intentId);
    const other = await createUser({ roles: ["membre"] });
    await expect(reconcileReturn(other.user.id, intentId, NOW)).rejects.toMatchObject({ status: 404 });
    expect(await reconcileReturn(f.parent.user.id, intentId, NOW)).toBe("applied");
    expect(await reconcileReturn(f.parent.user.id, intentId, NOW)).toBe("already-applied");
  });
});

describe("payments recorded by the managers", () => {
  it("a cheque and holiday vouchers (ANCV) that cover the total pay the registration", async () => {
    const f = await family();
    expect(
      await recordManualPayment(
        manager.user,
        {
          registrationId: f.registrationId,
          method: "cheque",
          amountCents: 20000,
          receivedOn: "2026-09-09",
          reference: "n° 1234567",
        },
        NOW,
      ),
    ).toEqual({ paid: false });
    expect((await registration(f.registrationId)).status).toBe("en-attente");
    expect(
      await recordManualPayment(
        manager.user,
        {
          registrationId: f.registrationId,
          method: "ancv",
          amountCents: 16100,
          receivedOn: "2026-09-10",
          reference: "ANCV 8 chèques",
        },
        NOW,
      ),
    ).toEqual({ paid: true });
    expect((await registration(f.registrationId)).status).toBe("payee");
    const rows = await statuses(f.profileIds);
    expect(rows.every((r) => r.cotisationMeans === "ancv" && r.cotisationPaidOn === "2026-09-10")).toBe(true);
  });

  it("refuses a payment dated in the future or of no amount", async () => {
    const f = await family();
    await expect(
      recordManualPayment(
        manager.user,
        {
          registrationId: f.registrationId,
          method: "especes",
          amountCents: 100,
          receivedOn: "2026-09-11",
          reference: "",
        },
        NOW,
      ),
    ).rejects.toMatchObject({ field: "receivedOn" });
    await expect(
      recordManualPayment(
        manager.user,
        {
          registrationId: f.registrationId,
          method: "especes",
          amountCents: 0,
          receivedOn: "2026-09-10",
          reference: "",
        },
        NOW,
      ),
    ).rejects.toMatchObject({ field: "amount" });
  });

  it("a HelloAsso payment arriving after a cheque paid the registration goes to the inbox", async () => {
    const f = await family();
    const intentId = await startAndGetIntent(f.parent.user.id, f.registrationId);
    await recordManualPayment(
      manager.user,
      {
        registrationId: f.registrationId,
        method: "cheque",
        amountCents: 36100,
        receivedOn: "2026-09-10",
        reference: "",
      },
      NOW,
    );
    const order = ha.pay(intentId);
    expect(await (await notify(ha.notificationBody(order))).json()).toEqual({ outcome: "duplicate" });
  });
});

it("the client is configured from the environment", () => {
  expect(helloAssoClient()?.organization).toBe("vovinam-club-test");
});

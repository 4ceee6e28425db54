/**
 * Money as it is, against the local HelloAsso server and real
 * PGlite: 3 × 127 € with the second instalment refused (alert, e-mails,
 * « paiement incomplet », attestation and income of what was collected
 * only), a cancelled and a refunded instalment, every instalment collected
 * (« payée » and receipts), both readings of an order's payments, the
 * refused and abandoned checkouts, the parent's member home, and the
 * reminders (the rest, once an instalment failed; nothing while they run).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { and, desc, eq, like } from "drizzle-orm";
import { outbox, paymentAlerts, payments, profiles, registrations, seasonStatuses } from "#db/schema";
import { app } from "../../../tests/helpers/app";
import { createUser } from "../../../tests/helpers/auth";
import { readPdf } from "../../../tests/helpers/pdf-text";
import { withLocalHelloAsso } from "../../../tests/helpers/with-local-helloasso";
import { setSetting } from "../club/settings.server";
import { defaultSettings } from "../club/settings-schemas";
import { db } from "../core/db.server";
import { seedDatabase } from "../core/seed.server";
import { formatDate } from "../core/time";
import { runHelloAssoCheck } from "./helloasso-check.server";
import { startCheckout } from "./helloasso-checkout.server";
import { submitRegistration } from "./registrations.server";
import { runReminders } from "./reminders.server";
import { seasonIncome, takingsByMethod } from "./season-overview.server";

const ha = withLocalHelloAsso();
const SEASON = defaultSettings.campaign.season;
const NOW = new Date("2026-09-10T10:00:00Z");
const PAGE = "/espace-membre/inscription/paiement";
const URLS = { base: "http://localhost:3000", returnPath: PAGE, backPath: `${PAGE}?retour=abandon` };

let manager: Awaited<ReturnType<typeof createUser>>;

beforeAll(async () => {
  await seedDatabase();
  await setSetting("campaign", { ...defaultSettings.campaign, open: true });
  await setSetting("identity", {
    ...defaultSettings.identity,
    associationName: "Association Vovinam Viet Vo Dao de Boulogne",
    city: "Boulogne-Billancourt",
  });
  manager = await createUser({ roles: ["admin"], prenom: "Anh", nom: "Tran" });
});

/** A pré-inscrit parent whose registration of 381 € (or `cents`) is sent, in `instalments`. */
async function family(instalments = 3, cents = 38100) {
  const parent = await createUser({ roles: ["pré-inscrit"], prenom: "Lan", nom: "Nguyen" });
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
          groupName: "Adultes",
          priceCents: cents,
          discountCents: 0,
          aidCents: 0,
          parentalAuthorisation: false,
          photoConsent: "non",
          rulesVersion: "2026",
          emergencyContacts: "Minh 06 12 34 56 78",
        },
      ],
    },
    NOW,
  );
  return { parent, registrationId, profileId: self!.id };
}

/** The family pays the first instalment; the Order notification applies it. */
async function paidFirst(instalments = 3, cents = 38100) {
  const f = await family(instalments, cents);
  const redirect = await startCheckout(f.parent.user.id, f.registrationId, URLS, NOW);
  const order = ha.pay(Number(redirect.split("/").pop()));
  expect(await (await notify(ha.notificationBody(order))).json()).toEqual({ outcome: "applied" });
  return { ...f, order };
}

const notify = async (body: unknown) =>
  app.fetch("/api/helloasso/notification", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });

const mailsTo = (to: string) => db.select().from(outbox).where(eq(outbox.to, to)).orderBy(desc(outbox.id));
const alertsOf = async (orderId: number) => {
  const [p] = await db.select().from(payments).where(eq(payments.orderId, orderId));
  return db.select().from(paymentAlerts).where(eq(paymentAlerts.paymentId, p!.id));
};
const statusOf = async (id: number) =>
  (await db.select().from(registrations).where(eq(registrations.id, id)))[0]!.status;
/** The page's text as read: React's text separators and entities out, no-break spaces read as spaces. */
const pageText = async (path: string, cookie: string) =>
  (await (await app.fetch(path, { headers: { cookie } })).text())
    .replace(/<!-- -->/g, "")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&")
    .replace(/[\u00a0\u202f]/g, " ");

describe("3 × 127 € with the second instalment refused", () => {
  it("alerts the treasurer, tells the family, and the registration reads « paiement incomplet »", async () => {
    const f = await paidFirst();
    const receipts = await mailsTo(f.parent.user.email);
    expect(receipts.map((m) => m.subject)).toEqual([`Inscription ${SEASON}\u00a0: paiement reçu`]);
    expect(receipts[0]!.text).toContain("L'échéance 1 de 127\u00a0€ a été encaissée");
    expect(await statusOf(f.registrationId)).toBe("en-attente");

    ha.setPaymentState(f.order.id, 2, "Refused");
    const managerMails = (await mailsTo(manager.user.email)).length;
    expect(await (await notify(ha.notificationBody(f.order, "Payment", 2))).json()).toEqual({
      outcome: "state-changed",
    });
    // The same news again (Order event, nightly check): nothing more.
    expect(await (await notify(ha.notificationBody(f.order, "Order"))).json()).toEqual({
      outcome: "already-applied",
    });
    await runHelloAssoCheck(new Date("2026-09-11T03:00:00Z"));

    const alerts = await alertsOf(f.order.id);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.message).toContain("L'échéance 2 (127\u00a0€)");
    expect(alerts[0]!.message).toContain("est refusée");
    const toManager = await mailsTo(manager.user.email);
    expect(toManager.length - managerMails).toBe(1);
    expect(toManager[0]!.subject).toBe("Paiement HelloAsso\u00a0: refusée");

    const family = await mailsTo(f.parent.user.email);
    const failure = family.filter((m) => m.subject === `Inscription ${SEASON}\u00a0: paiement incomplet`);
    expect(failure).toHaveLength(1);
    expect(failure[0]!.text).toContain("HelloAsso nous signale que l'échéance 2 de 127\u00a0€ a été refusée.");
    expect(failure[0]!.text).toContain("Il reste 127\u00a0€ à régler");
    expect(failure[0]!.text).toContain(`http://localhost:3000${PAGE}`);
    expect(await statusOf(f.registrationId)).toBe("en-attente");

    // The family's page: the schedule with each instalment's state, and what is left.
    const page = await app.get<{ registration: { money: Record<string, unknown> } }>(PAGE, { as: f.parent });
    expect(page.data.registration.money).toMatchObject({
      situation: "incomplet",
      collectedCents: 12700,
      scheduledCents: 12700,
      restCents: 12700,
    });
    const text = await pageText(PAGE, f.parent.cookie);
    expect(text).toContain("paiement incomplet");
    for (const state of ["encaissé", "refusé", "à venir"]) expect(text).toContain(state);

    // The managers' payments page: the alert, and the registration marked incomplete with its schedule.
    const managers = await pageText("/espace-membre/saison/paiements", manager.cookie);
    expect(managers).toContain("L'échéance 2 (127 €)");
    expect(managers).toContain("(paiement incomplet)");

    // The attestation certifies the 127 € collected, with its date, and the association's name once.
    const res = await app.fetch("/espace-membre/inscription/attestation.pdf", { headers: { cookie: f.parent.cookie } });
    expect(res.status).toBe(200);
    const { lines } = await readPdf(new Uint8Array(await res.arrayBuffer()));
    const all = lines.join(" ").replace(/[\u00a0\u202f]/g, " ");
    expect(all).toContain(
      "Association Vovinam Viet Vo Dao de Boulogne atteste que Lan Nguyen a réglé la somme de 127 €",
    );
    expect(all).not.toContain("L'association Association");
    expect(all).not.toContain("381 € au titre");
    expect(all).toContain(`• ${formatDate(NOW)} : HelloAsso (échéance 1), 127 €`);
    expect(all).toContain("Reste à régler à la date de cette attestation : 254 €.");

    // The parent's member home: what is left, not « la cotisation de la saison ».
    const home = await pageText("/espace-membre", f.parent.cookie);
    expect(home).toContain("le reste de la cotisation : 127 €");
    expect(home).not.toContain("la cotisation de la saison, si");
  });

  it("counts in the season's income only what was collected, the rest as due", async () => {
    const before = await seasonIncome(SEASON);
    const takingsBefore = (await takingsByMethod(SEASON)).find((t) => t.method === "helloasso")?.totalCents ?? 0;
    const f = await paidFirst();
    ha.setPaymentState(f.order.id, 2, "Refused");
    await notify(ha.notificationBody(f.order));
    const after = await seasonIncome(SEASON);
    expect(after.collectedCents - before.collectedCents).toBe(12700);
    expect(after.scheduledCents - before.scheduledCents).toBe(12700);
    expect(after.restCents - before.restCents).toBe(12700);
    const takings = (await takingsByMethod(SEASON)).find((t) => t.method === "helloasso")!.totalCents;
    expect(takings - takingsBefore).toBe(12700);
    const overview = await pageText("/espace-membre/saison", manager.cookie);
    expect(overview).toMatch(/Encaissé : .*restant dû : .*d'échéances HelloAsso à venir/s);
  });

  it("alerts too when HelloAsso lists only the payments already attempted (the other reading)", async () => {
    ha.listing = "attempted";
    try {
      const f = await paidFirst();
      const [stored] = await db.select().from(payments).where(eq(payments.orderId, f.order.id));
      // The terms asked at checkout keep the schedule whole.
      expect(stored!.instalments.map((i) => i.amount)).toEqual([12700, 12700, 12700]);
      ha.setPaymentState(f.order.id, 2, "Refused");
      expect(await (await notify(ha.notificationBody(f.order))).json()).toEqual({ outcome: "state-changed" });
      expect(await alertsOf(f.order.id)).toHaveLength(1);
      const [after] = await db.select().from(payments).where(eq(payments.orderId, f.order.id));
      expect(after!.instalments.map((i) => i.state)).toEqual(["Authorized", "Refused", ""]);
    } finally {
      ha.listing = "all";
    }
  });
});

describe("the family's reminders", () => {
  it("remind the rest once an instalment failed, never while the instalments run normally", async () => {
    await setSetting("reminders", { seasons: [SEASON] });
    const f = await paidFirst();
    const reasons = async (at: Date) =>
      (await runReminders(at)).find((r) => r.ownerId === f.parent.user.id)?.reasons ?? [];
    expect(await reasons(NOW)).not.toContain("unpaid");

    ha.setPaymentState(f.order.id, 2, "Refused");
    await notify(ha.notificationBody(f.order, "Payment", 2));
    expect(await reasons(new Date(NOW.getTime() + 8 * 86_400_000))).toContain("unpaid");
    const [reminder] = (await mailsTo(f.parent.user.email)).filter((m) => m.subject.includes("ce qu'il reste à faire"));
    expect(reminder!.text).toContain("régler le reste de l'inscription (127\u00a0€)");
  });
});

describe("a cancelled or refunded instalment", () => {
  it("reads « annulé » or « remboursé », alerts and e-mails once each", async () => {
    const f = await paidFirst(2, 20000);
    ha.setPaymentState(f.order.id, 2, "Canceled");
    expect(await (await notify(ha.notificationBody(f.order, "Payment", 2))).json()).toEqual({
      outcome: "state-changed",
    });
    ha.setPaymentState(f.order.id, 1, "Refunded");
    expect(await (await notify(ha.notificationBody(f.order, "Payment", 1))).json()).toEqual({
      outcome: "state-changed",
    });
    await notify(ha.notificationBody(f.order));
    const alerts = await alertsOf(f.order.id);
    expect(alerts.map((a) => a.message.match(/est (\S+)\./)![1])).toEqual(["annulée", "remboursée"]);
    const failures = (await mailsTo(f.parent.user.email)).filter((m) => m.subject.endsWith("paiement incomplet"));
    expect(failures).toHaveLength(2);
    expect(failures.map((m) => m.text).join("\n")).toMatch(
      /a été annulée[\s\S]*a été remboursée|a été remboursée[\s\S]*a été annulée/,
    );
    const page = await app.get<{ registration: { money: { situation: string; restCents: number } } }>(PAGE, {
      as: f.parent,
    });
    expect(page.data.registration.money).toMatchObject({ situation: "incomplet", restCents: 20000 });
    // Nothing collected: no attestation.
    const pdf = await app.fetch("/espace-membre/inscription/attestation.pdf", { headers: { cookie: f.parent.cookie } });
    expect(pdf.status).toBe(404);
  });
});

describe("every instalment collected", () => {
  it("makes the registration « payée », with a receipt for each instalment", async () => {
    const f = await paidFirst();
    ha.setPaymentState(f.order.id, 2, "Authorized");
    expect(await (await notify(ha.notificationBody(f.order, "Payment", 2))).json()).toEqual({ outcome: "collected" });
    expect(await statusOf(f.registrationId)).toBe("en-attente");
    ha.setPaymentState(f.order.id, 3, "Authorized");
    expect(await (await notify(ha.notificationBody(f.order, "Payment", 3))).json()).toEqual({ outcome: "collected" });
    await notify(ha.notificationBody(f.order, "Payment", 3));
    expect(await statusOf(f.registrationId)).toBe("payee");
    const receipts = (await mailsTo(f.parent.user.email)).filter((m) => m.subject.endsWith("paiement reçu"));
    expect(receipts).toHaveLength(3);
    expect(receipts[0]!.text).toContain("Votre inscription est payée\u00a0: merci\u00a0!");
    const [status] = await db
      .select()
      .from(seasonStatuses)
      .where(and(eq(seasonStatuses.profileId, f.profileId), eq(seasonStatuses.season, SEASON)));
    expect(status!.cotisationAmountCents).toBe(38100);
    const home = await pageText("/espace-membre", f.parent.cookie);
    expect(home).toContain("Votre cotisation de la saison est réglée");
    expect(home).not.toContain("la cotisation de la saison, si");
    expect(home).not.toContain("le reste de la cotisation");
  });

  it("the member home lists the cotisation to bring while nothing is paid", async () => {
    const f = await family(1, 20000);
    const home = await pageText("/espace-membre", f.parent.cookie);
    expect(home).toContain("la cotisation de la saison, si vous ne la payez pas en ligne.");
  });
});

describe("a refused or abandoned checkout", () => {
  it("tells the parent so in plain French, with a button to try again", async () => {
    const f = await family(1, 20000);
    const redirect = await startCheckout(f.parent.user.id, f.registrationId, {
      ...URLS,
      errorPath: `${PAGE}?retour=erreur`,
    });
    const intentId = Number(redirect.split("/").pop());
    // The error URL, with HelloAsso's own parameters.
    const refused = await pageText(`${PAGE}?retour=erreur&checkoutIntentId=${intentId}&error=x`, f.parent.cookie);
    expect(refused).toContain("Le paiement a été refusé : rien n'a été prélevé.");
    expect(refused).toContain("Réessayer le paiement");
    expect(refused).not.toContain("HelloAsso n'a pas encore confirmé ce paiement");
    // The other reading: the return URL with code=refused.
    const refusedReturn = await pageText(`${PAGE}?checkoutIntentId=${intentId}&code=refused`, f.parent.cookie);
    expect(refusedReturn).toContain("Le paiement a été refusé");
    // The back URL: the payer left HelloAsso.
    const left = await pageText(`${PAGE}?retour=abandon`, f.parent.cookie);
    expect(left).toContain("Vous avez quitté le paiement avant la fin : rien n'a été payé.");
    expect(left).toContain("Réessayer le paiement");
    // The checkout asked HelloAsso for those addresses.
    const sent = ha.intents.get(intentId)!.body;
    expect(sent.backUrl).toBe(`http://localhost:3000${PAGE}?retour=abandon`);
    expect(sent.errorUrl).toBe(`http://localhost:3000${PAGE}?retour=erreur`);
    expect(await db.select().from(outbox).where(like(outbox.subject, "%paiement reçu%"))).not.toContainEqual(
      expect.objectContaining({ to: f.parent.user.email }),
    );
  });
});

/**
 * The season through the real request handler and the local HelloAsso
 * server: managers open the campaign; a pré-inscrit parent registers two
 * children and themself (draft kept, checks next to the fields, prices from
 * the setting), pays through HelloAsso (the return address is only an id:
 * the page reads the API), and the managers' pages; without HelloAsso the
 * page gives the club's instructions. Re-registration is pre-filled.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { profiles, registrations, seasonStatuses } from "#db/schema";
import { app } from "../../../../tests/helpers/app";
import { createUser } from "../../../../tests/helpers/auth";
import { withLocalHelloAsso } from "../../../../tests/helpers/with-local-helloasso";
import { db } from "~/lib/core/db.server";
import { seedDatabase } from "~/lib/core/seed.server";
import { firstErrors } from "~/lib/http/forms";

const ha = withLocalHelloAsso();
type Created = Awaited<ReturnType<typeof createUser>>;
let admin: Created;

beforeAll(async () => {
  await seedDatabase();
  admin = await createUser({ roles: ["admin"], prenom: "Anh", nom: "Tran" });
});

async function campaignBasedOn(): Promise<string> {
  const page = await app.get<{ basedOn: string }>("/espace-membre/saison/campagne", { as: admin });
  return page.data.basedOn;
}

async function parentWithChildren() {
  const parent = await createUser({ roles: ["pré-inscrit"], prenom: "Lan", nom: "Nguyen" });
  const [self] = await db
    .select()
    .from(profiles)
    .where(and(eq(profiles.ownerId, parent.user.id), eq(profiles.isSelf, true)));
  const kids = await db
    .insert(profiles)
    .values([
      { ownerId: parent.user.id, prenom: "Bao", nom: "Nguyen", relationship: "enfant", dateOfBirth: "2016-05-04" },
      { ownerId: parent.user.id, prenom: "Chi", nom: "Nguyen", relationship: "enfant", dateOfBirth: "2012-01-20" },
    ])
    .returning();
  return { parent, ids: [self!.id, kids[0]!.id, kids[1]!.id] };
}

function familyForm(ids: number[], intent: "draft" | "submit", over: Record<string, string> = {}) {
  const groups = ["Adultes (16 ans et plus)", "Enfants (6-11 ans)", "Adolescents (12-15 ans)"];
  const fields: Record<string, string> = { intent, instalments: "3" };
  ids.forEach((id, i) => {
    fields[`profiles[${i}].profileId`] = String(id);
    fields[`profiles[${i}].register`] = "on";
    fields[`profiles[${i}].group`] = groups[i]!;
    fields[`profiles[${i}].photoConsent`] = "oui";
    fields[`profiles[${i}].rulesAccepted`] = "on";
    fields[`profiles[${i}].emergencyContacts`] = "Minh Nguyen 06 12 34 56 78";
    if (i > 0) fields[`profiles[${i}].parentalAuthorisation`] = "on";
  });
  return { ...fields, ...over };
}

describe("the campaign", () => {
  it("is closed until a manager opens it, and its prices come from the schedule's groups", async () => {
    const { parent, ids } = await parentWithChildren();
    const refused = await app.post("/espace-membre/inscription", familyForm(ids, "submit"), { as: parent });
    expect(refused.status).toBe(400);
    expect(firstErrors((refused.data as { result: never }).result)[""]).toContain("ne sont pas ouvertes");

    const page = await app.get<{ prices: { group: string }[] }>("/espace-membre/saison/campagne", { as: admin });
    expect(page.data.prices.map((p) => p.group)).toEqual([
      "Enfants (6-11 ans)",
      "Adolescents (12-15 ans)",
      "Adultes (16 ans et plus)",
      "Ceintures jaunes et plus",
    ]);
    const member = await createUser({ roles: ["membre"] });
    expect((await app.get("/espace-membre/saison/campagne", { as: member })).redirect).toBe("/espace-membre");

    const opened = await app.post(
      "/espace-membre/saison/campagne",
      { intent: "open", open: "oui", basedOn: await campaignBasedOn() },
      { as: admin },
    );
    expect(opened.redirect).toBe("/espace-membre/saison/campagne?ok=ouverte");
    // A stale page cannot overwrite a newer save.
    const stale = await app.post(
      "/espace-membre/saison/campagne",
      { intent: "open", open: "non", basedOn: "" },
      { as: admin },
    );
    expect(stale.status).toBe(409);
  });

  it("saves prices, discounts, aids and instalments as settings", async () => {
    const fields: Record<string, string> = {
      intent: "save",
      basedOn: await campaignBasedOn(),
      season: "2026-2027",
      "prices[0].group": "Enfants (6-11 ans)",
      "prices[0].amount": "190",
      "prices[1].group": "Adolescents (12-15 ans)",
      "prices[1].amount": "210",
      "prices[2].group": "Adultes (16 ans et plus)",
      "prices[2].amount": "250",
      "prices[3].group": "Ceintures jaunes et plus",
      "prices[3].amount": "250",
      discountSecond: "10",
      discountThird: "20",
      // The treasurer's aid: an amount confirmed for the season, so that families may declare it.
      "aids[0].code": "PASS-SPORT",
      "aids[0].label": "Pass'Sport",
      "aids[0].amount": "50",
      "aids[0].rules": "Jeunes de 14 à 17 ans dont la famille perçoit l'allocation de rentrée scolaire.",
      "aids[0].confirmed": "on",
      maxInstalments: "3",
      rulesVersion: "2026-1",
      paymentInstructions: "Par chèque à l'ordre du club.\nEn espèces au bureau.",
    };
    const bad = await app.post(
      "/espace-membre/saison/campagne",
      { ...fields, "aids[0].amount": "n'importe quoi" },
      { as: admin },
    );
    expect(firstErrors((bad.data as { result: never }).result)["aids[0].amount"]).toContain("montant en euros");
    const saved = await app.post("/espace-membre/saison/campagne", fields, { as: admin });
    expect(saved.redirect).toBe("/espace-membre/saison/campagne?ok=enregistree");
  });
});

describe("a parent registers the family and pays", () => {
  it("keeps a draft, checks each profile next to its field, prices the family, and pays through HelloAsso", async () => {
    const { parent, ids } = await parentWithChildren();
    // Save and resume: nothing checked, everything kept.
    const draft = await app.post(
      "/espace-membre/inscription",
      familyForm(ids, "draft", { "profiles[1].parentalAuthorisation": "" }),
      { as: parent },
    );
    expect(draft.redirect).toBe("/espace-membre/inscription?brouillon=enregistre");
    const resumed = await app.get<{
      profiles: { register: boolean; group: string; parentalAuthorisation: boolean; minor: boolean }[];
      registration: { status: string };
    }>("/espace-membre/inscription", { as: parent });
    expect(resumed.data.registration.status).toBe("brouillon");
    expect(resumed.data.profiles.map((p) => [p.register, p.group, p.minor, p.parentalAuthorisation])).toEqual([
      [true, "Adultes (16 ans et plus)", false, false],
      [true, "Enfants (6-11 ans)", true, false],
      [true, "Adolescents (12-15 ans)", true, true],
    ]);

    // A minor without a parent's authorisation: refused next to that field.
    const refused = await app.post(
      "/espace-membre/inscription",
      familyForm(ids, "submit", { "profiles[1].parentalAuthorisation": "" }),
      { as: parent },
    );
    expect(refused.status).toBe(400);
    expect(firstErrors((refused.data as { result: never }).result)["profiles[1].parentalAuthorisation"]).toContain(
      "Bao est mineur",
    );
    const noRules = await app.post(
      "/espace-membre/inscription",
      familyForm(ids, "submit", { "profiles[2].rulesAccepted": "" }),
      { as: parent },
    );
    expect(firstErrors((noRules.data as { result: never }).result)["profiles[2].rulesAccepted"]).toContain("règlement");

    // Sent with a Pass'Sport for Bao: 250 + (190 − 20 % − 50) + (210 − 10 %).
    const sent = await app.post(
      "/espace-membre/inscription",
      familyForm(ids, "submit", { "profiles[1].aidCode": "PASS-SPORT" }),
      { as: parent },
    );
    expect(sent.redirect).toBe("/espace-membre/inscription/paiement");
    const [reg] = await db.select().from(registrations).where(eq(registrations.ownerId, parent.user.id));
    expect(reg).toMatchObject({
      status: "en-attente",
      totalCents: 25000 + (19000 - 3800 - 5000) + (21000 - 2100),
      instalments: 3,
    });

    const before = await app.get<{ online: boolean; registration: { status: string; lines: unknown[] } }>(
      "/espace-membre/inscription/paiement",
      { as: parent },
    );
    expect(before.data.online).toBe(true);
    expect(before.data.registration.lines).toHaveLength(3);

    const pay = await app.post(
      "/espace-membre/inscription/paiement",
      { registrationId: String(reg!.id) },
      { as: parent },
    );
    expect(pay.redirect).toMatch(new RegExp(`^${ha.url}/paiement/\\d+$`));
    const intentId = Number(pay.redirect!.split("/").pop());
    expect(ha.intents.get(intentId)!.body.terms).toHaveLength(2);

    // A forged return (not paid at HelloAsso) marks nothing.
    const early = await app.get<{ outcome: string; registration: { status: string } }>(
      `/espace-membre/inscription/paiement?checkoutIntentId=${intentId}&code=succeeded`,
      { as: parent },
    );
    expect(early.data.outcome).toBe("not-paid");
    expect(early.data.registration.status).toBe("en-attente");

    const order = ha.pay(intentId);
    type Back = { outcome: string; registration: { status: string; money: { situation: string } } };
    const back = await app.get<Back>(
      `/espace-membre/inscription/paiement?checkoutIntentId=${intentId}&code=succeeded`,
      { as: parent },
    );
    expect(back.data.outcome).toBe("applied");
    // Paid only once every instalment is collected.
    expect(back.data.registration).toMatchObject({ status: "en-attente", money: { situation: "en-cours" } });
    ha.setPaymentState(order.id, 2, "Authorized");
    ha.setPaymentState(order.id, 3, "Authorized");
    const done = await app.get<Back>(
      `/espace-membre/inscription/paiement?checkoutIntentId=${intentId}&code=succeeded`,
      { as: parent },
    );
    expect(done.data.outcome).toBe("collected");
    expect(done.data.registration).toMatchObject({ status: "payee", money: { situation: "payee" } });
    const paid = await db.select().from(seasonStatuses).where(eq(seasonStatuses.season, "2026-2027"));
    expect(paid.filter((s) => ids.includes(s.profileId) && s.cotisationPaidOn)).toHaveLength(3);

    // Paid: the family form is closed.
    const after = await app.post("/espace-membre/inscription", familyForm(ids, "submit"), { as: parent });
    expect(after.status).toBe(409);
  });

  it("re-registers pre-filled from last season (group, photo consent, emergency contacts), the club rules to accept again", async () => {
    const { parent, ids } = await parentWithChildren();
    await app.post("/espace-membre/inscription", familyForm(ids, "submit"), { as: parent });
    await db.update(registrations).set({ season: "2025-2026" }).where(eq(registrations.ownerId, parent.user.id));
    const page = await app.get<{
      profiles: {
        register: boolean;
        group: string;
        lastGroup: string | null;
        rulesAccepted: boolean;
        emergencyContacts: string;
      }[];
    }>("/espace-membre/inscription", { as: parent });
    expect(page.data.profiles.map((p) => [p.register, p.group, p.lastGroup, p.rulesAccepted])).toEqual([
      [true, "Adultes (16 ans et plus)", "Adultes (16 ans et plus)", false],
      [true, "Enfants (6-11 ans)", "Enfants (6-11 ans)", false],
      [true, "Adolescents (12-15 ans)", "Adolescents (12-15 ans)", false],
    ]);
    expect(page.data.profiles[0]!.emergencyContacts).toBe("Minh Nguyen 06 12 34 56 78");
  });

  it("a family cannot register another family's profile", async () => {
    const { parent } = await parentWithChildren();
    const other = await parentWithChildren();
    const res = await app.post("/espace-membre/inscription", familyForm([other.ids[0]!], "submit"), { as: parent });
    expect(res.status).toBe(403);
  });
});

describe("the managers' payments page", () => {
  it("records a cheque for a registration awaiting payment", async () => {
    const { parent, ids } = await parentWithChildren();
    await app.post("/espace-membre/inscription", familyForm(ids.slice(0, 1), "submit", { instalments: "1" }), {
      as: parent,
    });
    const [reg] = await db.select().from(registrations).where(eq(registrations.ownerId, parent.user.id));
    const page = await app.get<{ awaiting: { id: number }[] }>("/espace-membre/saison/paiements", { as: admin });
    expect(page.data.awaiting.map((r) => r.id)).toContain(reg!.id);
    const bad = await app.post(
      "/espace-membre/saison/paiements",
      {
        intent: "record",
        registrationId: String(reg!.id),
        method: "cheque",
        amount: "abc",
        receivedOn: "2026-09-10",
        reference: "",
      },
      { as: admin },
    );
    expect(firstErrors((bad.data as { result: never }).result).amount).toContain("euros");
    const ok = await app.post(
      "/espace-membre/saison/paiements",
      {
        intent: "record",
        registrationId: String(reg!.id),
        method: "cheque",
        amount: "250",
        receivedOn: "2026-09-10",
        reference: "n° 42",
      },
      { as: admin },
    );
    expect(ok.redirect).toBe("/espace-membre/saison/paiements?ok=enregistre");
    const [after] = await db.select().from(registrations).where(eq(registrations.id, reg!.id));
    expect(after!.status).toBe("payee");
  });
});

describe("without HelloAsso", () => {
  it("the payment page gives the club's instructions and refuses to start a checkout", async () => {
    const { parent, ids } = await parentWithChildren();
    await app.post("/espace-membre/inscription", familyForm(ids.slice(0, 1), "submit"), { as: parent });
    const { env, setEnvForTests } = await import("~/lib/core/env.server");
    const current = env();
    setEnvForTests({
      DATA_DIR: current.DATA_DIR,
      BASE_URL: current.BASE_URL,
      BETTER_AUTH_SECRET: current.BETTER_AUTH_SECRET,
      NODE_ENV: "test",
      LOG_LEVEL: "error",
      SMTP_URL: "",
      DATABASE_URL: current.DATABASE_URL ?? "",
    });
    try {
      const page = await app.get<{ online: boolean; instructions: string[]; registration: { status: string } }>(
        "/espace-membre/inscription/paiement",
        { as: parent },
      );
      expect(page.data.online).toBe(false);
      expect(page.data.instructions).toEqual(["Par chèque à l'ordre du club.", "En espèces au bureau."]);
      expect(page.data.registration.status).toBe("en-attente");
      const [reg] = await db.select().from(registrations).where(eq(registrations.ownerId, parent.user.id));
      const res = await app.post(
        "/espace-membre/inscription/paiement",
        { registrationId: String(reg!.id) },
        { as: parent },
      );
      expect(res.status).toBe(400);
      expect((res.data as { error: string }).error).toContain("n'est pas configuré");
    } finally {
      setEnvForTests({
        DATA_DIR: current.DATA_DIR,
        BASE_URL: current.BASE_URL,
        BETTER_AUTH_SECRET: current.BETTER_AUTH_SECRET,
        NODE_ENV: "test",
        LOG_LEVEL: "error",
        SMTP_URL: "",
        DATABASE_URL: current.DATABASE_URL ?? "",
        HELLOASSO_CLIENT_ID: current.HELLOASSO_CLIENT_ID,
        HELLOASSO_CLIENT_SECRET: current.HELLOASSO_CLIENT_SECRET,
        HELLOASSO_ORGANIZATION: current.HELLOASSO_ORGANIZATION,
        HELLOASSO_API_URL: current.HELLOASSO_API_URL,
      });
    }
  });
});

/**
 * The campaign's aids as the club sets them, through the request
 * handler: Pass'Sport is proposed at its current amount (70 €) with who may
 * claim it, « à confirmer »; a family cannot declare an aid until the
 * treasurer confirms its amount for the season, then sees its rules and gets
 * it deducted; a new season keeps the last one's aids, « à confirmer » again;
 * a wrong aid row is refused next to its field.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { and, desc, eq } from "drizzle-orm";
import { auditLog, profiles, registrationLines } from "#db/schema";
import { app } from "../../../../tests/helpers/app";
import { createUser } from "../../../../tests/helpers/auth";
import { db } from "~/lib/core/db.server";
import { getSetting, setSetting } from "~/lib/club/settings.server";
import { seedDatabase } from "~/lib/core/seed.server";
import { firstErrors } from "~/lib/http/forms";
import type { Campaign } from "~/lib/members/campaign";

type Created = Awaited<ReturnType<typeof createUser>>;
const PATH = "/espace-membre/saison/campagne";
let admin: Created;

beforeAll(async () => {
  await seedDatabase();
  admin = await createUser({ roles: ["admin"], prenom: "Anh", nom: "Tran" });
});

/** The campaign form as the page fills it, with `over` typed over it. */
async function campaignForm(over: Record<string, string>): Promise<Record<string, string>> {
  const page = await app.get<{ basedOn: string; campaign: Campaign; prices: { group: string; amountCents: number }[] }>(
    PATH,
    { as: admin },
  );
  const { campaign, prices, basedOn } = page.data;
  const fields: Record<string, string> = {
    intent: "save",
    basedOn,
    season: campaign.season,
    discountSecond: "10",
    discountThird: "0",
    maxInstalments: "3",
    rulesVersion: campaign.rulesVersion,
    paymentInstructions: "",
  };
  prices.forEach((p, i) => {
    fields[`prices[${i}].group`] = p.group;
    fields[`prices[${i}].amount`] = String(p.amountCents / 100);
  });
  campaign.aids.forEach((a, i) => {
    fields[`aids[${i}].code`] = a.code;
    fields[`aids[${i}].label`] = a.label;
    fields[`aids[${i}].amount`] = String(a.amountCents / 100).replace(".", ",");
    fields[`aids[${i}].rules`] = a.rules ?? "";
    if (a.confirmedFor === campaign.season) fields[`aids[${i}].confirmed`] = "on";
  });
  return { ...fields, ...over };
}

async function adultMember() {
  const parent = await createUser({ roles: ["pré-inscrit"], prenom: "Olivier", nom: "Lambert" });
  const [self] = await db
    .select()
    .from(profiles)
    .where(and(eq(profiles.ownerId, parent.user.id), eq(profiles.isSelf, true)));
  const form = (aidCode: string) => ({
    intent: "submit",
    instalments: "1",
    "profiles[0].profileId": String(self!.id),
    "profiles[0].register": "on",
    "profiles[0].group": "Adultes (16 ans et plus)",
    "profiles[0].photoConsent": "non",
    "profiles[0].rulesAccepted": "on",
    "profiles[0].emergencyContacts": "Claire Lambert 06 12 34 56 78",
    "profiles[0].aidCode": aidCode,
  });
  return { parent, profileId: self!.id, form };
}

const html = async (path: string, who: Created) =>
  (await (await app.fetch(path, { headers: { cookie: who.cookie } })).text()).replace(/<!-- -->/g, "");

describe("the aids of the campaign", () => {
  it("proposes Pass'Sport at 70 € with who may claim it, not offered to families until the treasurer confirms it", async () => {
    const campaign = await getSetting("campaign");
    expect(campaign.aids).toEqual([
      expect.objectContaining({ code: "PASS-SPORT", label: "Pass'Sport", amountCents: 7000 }),
    ]);
    expect(campaign.aids[0]!.rules).toMatch(
      /14 à 17 ans.*allocation de rentrée scolaire.*AEEH.*AAH.*moins de 28 ans.*31 décembre/,
    );
    expect(campaign.aids[0]!.confirmedFor).toBeUndefined();
    await setSetting("campaign", { ...campaign, open: true });
    expect(await html(PATH, admin)).toMatch(
      /Montant à confirmer pour la saison 2026-2027\s?:\s?Pass(?:'|’|&#x27;)Sport/,
    );

    const { parent, form } = await adultMember();
    const before = await html("/espace-membre/inscription", parent);
    expect(before).not.toContain('value="PASS-SPORT"');
    expect(before).not.toContain("Qui peut bénéficier");
    const refused = await app.post("/espace-membre/inscription", form("PASS-SPORT"), { as: parent });
    expect(refused.status).toBe(400);
    expect(firstErrors((refused.data as { result: never }).result)["profiles[0].aidCode"]).toBe(
      "Cette aide n'est pas proposée pour cette saison : choisissez-en une dans la liste.",
    );

    const confirmed = await app.post(PATH, await campaignForm({ "aids[0].confirmed": "on" }), { as: admin });
    expect(confirmed.redirect).toBe(`${PATH}?ok=enregistree`);
    expect((await getSetting("campaign")).aids[0]).toMatchObject({ amountCents: 7000, confirmedFor: "2026-2027" });

    const page = await html("/espace-membre/inscription", parent);
    expect(page).toContain('value="PASS-SPORT"');
    expect(page).toMatch(/Qui peut bénéficier de cette aide/);
    expect(page).toContain("allocation de rentrée scolaire");
    const sent = await app.post("/espace-membre/inscription", form("PASS-SPORT"), { as: parent });
    expect(sent.redirect).toBe("/espace-membre/inscription/paiement");
    const [line] = await db.select().from(registrationLines).orderBy(desc(registrationLines.id)).limit(1);
    expect(line).toMatchObject({ aidCode: "PASS-SPORT", aidCents: 7000, amountCents: 25000 - 7000 });
  });

  it("starts a new season with the last one's aids, « à confirmer », until the treasurer confirms their amounts", async () => {
    const next = await app.post(PATH, await campaignForm({ season: "2027-2028", "aids[0].confirmed": "on" }), {
      as: admin,
    });
    expect(next.redirect).toBe(`${PATH}?ok=nouvelle-saison`);
    const campaign = await getSetting("campaign");
    expect(campaign.season).toBe("2027-2028");
    expect(campaign.aids[0]).toMatchObject({ code: "PASS-SPORT", amountCents: 7000 });
    expect(campaign.aids[0]!.confirmedFor).toBeUndefined();
    expect(campaign.aids[0]!.rules).toContain("31 décembre");
    const [logged] = await db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "campaign.update"))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(logged!.summary).toBe(
      "Campagne d'inscription 2027-2028 : nouvelle saison (après 2026-2027) ; aides à confirmer : Pass'Sport.",
    );
    const { parent, form } = await adultMember();
    const refused = await app.post("/espace-membre/inscription", form("PASS-SPORT"), { as: parent });
    expect(refused.status).toBe(400);

    // The treasurer sets this season's amount and confirms it.
    const ok = await app.post(PATH, await campaignForm({ "aids[0].amount": "75", "aids[0].confirmed": "on" }), {
      as: admin,
    });
    expect(ok.redirect).toBe(`${PATH}?ok=enregistree`);
    expect((await getSetting("campaign")).aids[0]).toMatchObject({ amountCents: 7500, confirmedFor: "2027-2028" });
    expect(await html(PATH, admin)).not.toContain("Montant à confirmer");
  });

  it("refuses a wrong aid row next to its field, keeping what was typed, and adds an aid from the blank row", async () => {
    const typed = await campaignForm({
      "aids[1].code": "pass-sport",
      "aids[1].label": "Doublon",
      "aids[1].amount": "10",
    });
    const duplicate = await app.post(PATH, typed, { as: admin });
    expect(duplicate.status).toBe(400);
    const result = (duplicate.data as { result: never }).result;
    expect(firstErrors(result)).toEqual({ "aids[1].code": "Le code PASS-SPORT est déjà celui d'une autre aide." });
    expect((result as { initialValue: Record<string, unknown> }).initialValue).toMatchObject({
      aids: [expect.anything(), { code: "pass-sport", label: "Doublon", amount: "10" }],
    });
    const bad = await app.post(PATH, await campaignForm({ "aids[1].label": "Aide de la ville" }), { as: admin });
    expect(firstErrors((bad.data as { result: never }).result)).toEqual({
      "aids[1].code": "Indiquez un code en lettres, chiffres et tirets (exemple : PASS-SPORT).",
      "aids[1].amount": "Indiquez un montant en euros (exemple : 70 ou 70,50).",
    });
    const added = await app.post(
      PATH,
      await campaignForm({ "aids[1].code": "VILLE", "aids[1].label": "Aide de la ville", "aids[1].amount": "30" }),
      { as: admin },
    );
    expect(added.redirect).toBe(`${PATH}?ok=enregistree`);
    expect((await getSetting("campaign")).aids.map((a) => [a.code, a.amountCents, a.confirmedFor ?? null])).toEqual([
      ["PASS-SPORT", 7500, "2027-2028"],
      ["VILLE", 3000, null],
    ]);
  });
});

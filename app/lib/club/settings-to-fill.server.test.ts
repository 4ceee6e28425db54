/**
 * A setting the club has not filled never shows as a value. The
 * seed invents nothing (no phone, RNA or host), the public pages (home,
 * contact, access, legal notice, footer, JSON-LD) leave the line out, and the
 * "À compléter avant la mise en ligne" list names what is empty.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { settings } from "#db/schema";
import { db } from "../core/db.server";
import { app } from "../../../tests/helpers/app";
import { createUser } from "../../../tests/helpers/auth";
import { clearSettingsCache, getSetting, setSetting } from "./settings.server";
import { defaultSettings } from "./settings-schemas";
import { settingsToFill } from "./settings-to-fill.server";

const PUBLIC_PAGES = ["/", "/contact", "/adresse-acces", "/mentions-legales"];
const MADE_UP = [
  "01 45 00 00 00",
  "0145000000",
  "W941000000",
  "Hébergeur à renseigner",
  "À préciser",
  "Thanh Nguyen",
  "facebook.com/vovinamcreteil",
];

async function html(path: string): Promise<string> {
  const res = await app.fetch(path);
  expect(res.status, path).toBe(200);
  return res.text();
}

describe("settings not filled", () => {
  beforeEach(async () => {
    await db.delete(settings);
    clearSettingsCache();
  });

  it("the seeded defaults hold no made-up phone, RNA, president or host", () => {
    expect(defaultSettings.identity.phone).toBe("");
    expect(defaultSettings.identity.facebookUrl).toBe("");
    expect(defaultSettings.legal).toMatchObject({
      rna: "",
      hostName: "",
      hostAddress: "",
      hostPhone: "",
      president: "",
      publicationDirector: "",
    });
  });

  it("public pages show no placeholder value and leave the empty lines out", async () => {
    for (const path of PUBLIC_PAGES) {
      const page = await html(path);
      for (const value of MADE_UP) expect(page, `${path} shows ${value}`).not.toContain(value);
      expect(page, `${path}: phone link`).not.toMatch(/href="tel:/);
      expect(page, `${path}: JSON-LD telephone`).not.toContain('"telephone"');
    }
    const legal = await html("/mentions-legales");
    expect(legal).not.toContain("Numéro RNA");
    expect(legal).not.toContain("Hébergeur");
    expect(legal).not.toContain("Directeur de la publication");
  });

  it("a filled setting appears on the public pages", async () => {
    const identity = await getSetting("identity");
    const legal = await getSetting("legal");
    await setSetting("identity", { ...identity, phone: "01 23 45 67 89" });
    await setSetting("legal", { ...legal, rna: "W123456789", hostName: "Hébergeur Exemple SAS" });
    const page = await html("/mentions-legales");
    expect(page).toContain("W123456789");
    expect(page).toContain("Hébergeur Exemple SAS");
    expect(await html("/contact")).toContain("01 23 45 67 89");
    // The number shown is one link that dials from abroad too, the same on every page (lib/core/phone.ts).
    for (const path of ["/", "/contact", "/adresse-acces"]) {
      const links = (await html(path)).match(/href="tel:[^"]*"/g) ?? [];
      expect(links.length, `${path}: phone link`).toBeGreaterThan(0);
      expect(new Set(links), path).toEqual(new Set(['href="tel:+33123456789"']));
    }
  });

  it("the list names every empty setting, and forgets it once filled", async () => {
    const labels = (await settingsToFill()).map((t) => t.label);
    expect(labels).toEqual(
      expect.arrayContaining([
        "Téléphone du club",
        "Numéro RNA ou SIRET de l’association",
        "Nom de l’hébergeur du site",
        "Président ou présidente de l’association",
      ]),
    );
    const legal = await getSetting("legal");
    await setSetting("legal", { ...legal, rna: "W123456789" });
    expect((await settingsToFill()).map((t) => t.label)).not.toContain("Numéro RNA ou SIRET de l’association");
  });

  it("lists the teachers until one is entered (their public page is hidden until then)", async () => {
    expect((await settingsToFill()).find((t) => t.key === "teachers")?.href).toBe("/espace-membre/contenu/enseignants");
    await setSetting("teachers", [
      { id: "t1", name: "Lan Tran", grade: "Ceinture noire", diploma: "", text: "", classIds: [], photoId: null },
    ]);
    expect((await settingsToFill()).map((t) => t.key)).not.toContain("teachers");
  });

  it("lists how to pay without HelloAsso until the club says it, and invents no family discount", async () => {
    expect(defaultSettings.campaign.familyDiscounts).toEqual([]);
    expect((await settingsToFill()).find((t) => t.key === "campaign.paymentInstructions")?.href).toBe(
      "/espace-membre/saison/campagne",
    );
    await setSetting("campaign", {
      ...defaultSettings.campaign,
      paymentInstructions: ["Par chèque à l'ordre du club."],
    });
    expect((await settingsToFill()).map((t) => t.key)).not.toContain("campaign.paymentInstructions");
  });

  it("lists an aid until the treasurer confirms its amount for the campaign's season", async () => {
    const campaign = defaultSettings.campaign;
    expect((await settingsToFill()).find((t) => t.key === "campaign.aids.PASS-SPORT")?.label).toContain(
      `Pass'Sport à confirmer pour la saison ${campaign.season}`,
    );
    await setSetting("campaign", {
      ...campaign,
      aids: campaign.aids.map((a) => ({ ...a, confirmedFor: campaign.season })),
    });
    expect((await settingsToFill()).map((t) => t.key)).not.toContain("campaign.aids.PASS-SPORT");
  });

  it("managers see the list on the dashboard, in the to-do and on the operations page", async () => {
    const admin = await createUser({ roles: ["admin"] });
    const dashboard = await app.get<{ toFill: Array<{ label: string }> }>("/espace-membre/contenu", { as: admin });
    expect(dashboard.data?.toFill.map((t) => t.label)).toContain("Téléphone du club");
    const todo = await app.get<{ groups: Array<{ id: string; tasks: Array<{ label: string }> }> }>(
      "/espace-membre/todo",
      { as: admin },
    );
    expect(todo.data?.groups.find((g) => g.id === "reglages")?.tasks.map((t) => t.label)).toContain(
      "Renseigner : Téléphone du club",
    );
    const ops = await app.get<{ status: { toFill: Array<{ label: string }> } }>("/espace-membre/exploitation", {
      as: admin,
    });
    expect(ops.data?.status.toFill.map((t) => t.label)).toContain("Nom de l’hébergeur du site");
  });
});

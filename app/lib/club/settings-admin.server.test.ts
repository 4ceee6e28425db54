import { describe, expect, it } from "vitest";
import { seedDatabase } from "../core/seed.server";
import {
  parseSectionForm as parseSubmittedSection,
  sectionValues,
  type SettingsSection,
} from "./settings-admin.server";
import { saveSettingChecked, settingMeta, SETTINGS_CONFLICT_MESSAGE } from "./settings-save.server";
import { firstErrors } from "../http/forms";
import { getSetting } from "./settings.server";
import { defaultSettings } from "./settings-schemas";
import { TEST_CLUB } from "../../../tests/helpers/test-club";
import { users } from "#db/schema";
import { db } from "../core/db.server";

function fd(values: Record<string, string>) {
  const f = new FormData();
  for (const [k, v] of Object.entries(values)) f.set(k, v);
  return f;
}

/** The section's Conform submission read as `{ ok, value }` or `{ ok, errors, values }` (first error per field). */
function parseSectionForm(section: SettingsSection, form: FormData) {
  const submission = parseSubmittedSection(section, form);
  if (submission.status === "success") return { ok: true as const, value: submission.value };
  const { "": formError, ...errors } = firstErrors(submission.reply());
  return {
    ok: false as const,
    errors: formError ? { ...errors, _form: formError } : errors,
    values: submission.payload,
  };
}

describe("settings forms", () => {
  it("round-trips every section's current value through its form unchanged", () => {
    const cases = [
      ["identite", TEST_CLUB.identity],
      ["horaires", TEST_CLUB.schedule],
      ["tarifs", TEST_CLUB.prices],
      ["equipement", TEST_CLUB.equipment],
      ["dons", TEST_CLUB.donation],
      // The seed leaves the legal facts empty (nothing made up); a filled notice round-trips.
      [
        "mentions-legales",
        {
          ...TEST_CLUB.legal,
          president: "Mme Exemple",
          publicationDirector: "Mme Exemple, présidente",
          rna: "W123456789",
          hostName: "Hébergeur Exemple SAS",
        },
      ],
      ["adhesion", defaultSettings.membership],
    ] as const;
    for (const [section, value] of cases) {
      const { values } = sectionValues(section, value);
      const parsed = parseSectionForm(section, fd(values));
      expect(parsed.ok, section).toBe(true);
      if (parsed.ok)
        expect(parsed.value, section).toEqual(
          section === "horaires" ? [...value].sort((a, b) => a.day - b.day || a.start.localeCompare(b.start)) : value,
        );
    }
  });

  it("gives French messages per field and keeps the input (identity)", () => {
    const { values } = sectionValues("identite", TEST_CLUB.identity);
    const res = parseSectionForm(
      "identite",
      fd({ ...values, clubName: "", postalCode: "9400", email: "pas-un-email", facebookUrl: "facebook" }),
    );
    expect(res.ok).toBe(false);
    if (res.ok) return;
    expect(res.errors).toEqual({
      clubName: "Indiquez le nom du club.",
      postalCode: "Le code postal comporte 5 chiffres.",
      email: "Adresse e-mail invalide.",
      facebookUrl: "Indiquez une adresse web complète (https://…) ou laissez vide.",
    });
    expect(res.values.postalCode).toBe("9400");
  });

  it("validates prices, legal and membership fields", () => {
    const prices = parseSectionForm(
      "tarifs",
      fd({ season: "2026", group_0: "Adultes", amount_0: "abc", group_1: "", amount_1: "12", notes: "" }),
    );
    expect(prices).toMatchObject({
      ok: false,
      errors: {
        season: expect.stringMatching(/2026-2027/),
        amount_0: expect.stringMatching(/Montant invalide/),
        group_1: "Indiquez le groupe.",
      },
    });
    const decimal = parseSectionForm(
      "tarifs",
      fd({ season: "2026-2027", group_0: "Adultes", amount_0: "95,50", notes: "Une\n\nDeux" }),
    );
    expect(decimal).toMatchObject({
      ok: true,
      value: { items: [{ group: "Adultes", amount: 95.5 }], notes: ["Une", "Deux"] },
    });

    const legal = parseSectionForm(
      "mentions-legales",
      fd({ ...sectionValues("mentions-legales", TEST_CLUB.legal).values, rna: "123", siret: "12" }),
    );
    expect(legal).toMatchObject({
      ok: false,
      errors: { rna: "Le numéro RNA commence par W suivi de 9 chiffres.", siret: "Le SIRET comporte 14 chiffres." },
    });
    const noId = parseSectionForm(
      "mentions-legales",
      fd({ ...sectionValues("mentions-legales", TEST_CLUB.legal).values, rna: "", siret: "" }),
    );
    expect(noId).toMatchObject({ ok: false, errors: { rna: "Indiquez au moins le numéro RNA ou le SIRET." } });

    expect(
      parseSectionForm("adhesion", fd({ seasonStartMonth: "13", certificateValiditySeasons: "9", trialClasses: "x" })),
    ).toMatchObject({
      ok: false,
      errors: {
        seasonStartMonth: "Choisissez un mois.",
        certificateValiditySeasons: "Un nombre de saisons entre 1 et 5.",
        trialClasses: "Un nombre de cours entre 0 et 5.",
      },
    });
    // Trial places per session: 1 to 50, empty for no limit.
    const membership = { seasonStartMonth: "9", certificateValiditySeasons: "3", trialClasses: "2" };
    expect(parseSectionForm("adhesion", fd({ ...membership, trialVisitorsPerSession: "0" }))).toMatchObject({
      ok: false,
      errors: { trialVisitorsPerSession: "Un nombre de personnes entre 1 et 50, ou laissez vide." },
    });
    expect(parseSectionForm("adhesion", fd({ ...membership, trialVisitorsPerSession: "" }))).toMatchObject({
      ok: true,
      value: { trialVisitorsPerSession: null },
    });

    const dons = parseSectionForm(
      "dons",
      fd({ helloAssoUrl: "https://helloasso.com.evil.example/x", helloAssoWidgetUrl: "" }),
    );
    expect(dons).toMatchObject({
      ok: false,
      errors: { helloAssoUrl: expect.stringMatching(/https:\/\/www\.helloasso\.com\//) },
    });
  });

  it("saves, is read back by the public pages, records who, and refuses a stale form", async () => {
    await seedDatabase();
    await db
      .insert(users)
      .values({ id: "settings-admin", email: "reglages@exemple.fr", name: "R", prenom: "Rémi", nom: "Réglages" });
    const meta = await settingMeta("membership");
    const parsed = parseSectionForm(
      "adhesion",
      fd({ seasonStartMonth: "8", certificateValiditySeasons: "1", trialClasses: "3", trialVisitorsPerSession: "4" }),
    );
    if (!parsed.ok) throw new Error("invalid");
    expect(
      await saveSettingChecked(
        "membership",
        parsed.value as typeof defaultSettings.membership,
        meta.updatedAt ?? "",
        "settings-admin",
      ),
    ).toEqual({ ok: true });
    expect(await getSetting("membership")).toEqual({
      seasonStartMonth: 8,
      certificateValiditySeasons: 1,
      trialClasses: 3,
      trialVisitorsPerSession: 4,
    });
    expect((await settingMeta("membership")).updatedByName).toBe("Rémi Réglages");
    expect(
      await saveSettingChecked(
        "membership",
        parsed.value as typeof defaultSettings.membership,
        meta.updatedAt ?? "",
        "settings-admin",
      ),
    ).toEqual({ ok: false, message: SETTINGS_CONFLICT_MESSAGE });
  });

  // The code's defaults are empty; the forms still require what a public page needs.
  it("refuses to save the empty identity of a fresh install, field by field", () => {
    const res = parseSectionForm("identite", fd(sectionValues("identite", defaultSettings.identity).values));
    expect(res.ok).toBe(false);
    if (!res.ok)
      expect(res.errors).toMatchObject({
        clubName: "Indiquez le nom du club.",
        sportsComplex: "Indiquez le nom du gymnase ou complexe sportif.",
        city: "Indiquez la ville.",
        email: "Adresse e-mail invalide.",
      });
  });

  it("asks whether the club may issue tax receipts, and keeps the rescrit only with « oui »", () => {
    const base = { helloAssoUrl: "", helloAssoWidgetUrl: "", rescrit: "Rescrit n° 2024-12" };
    const unanswered = parseSectionForm("dons", fd({ ...base, taxReceipts: "" }));
    expect(unanswered.ok).toBe(false);
    if (!unanswered.ok) {
      expect(unanswered.errors.taxReceipts).toBe("Indiquez si l’association peut délivrer des reçus fiscaux.");
      expect(unanswered.values.rescrit).toBe("Rescrit n° 2024-12");
    }
    expect(parseSectionForm("dons", fd({ ...base, taxReceipts: "oui" }))).toEqual({
      ok: true,
      value: { helloAssoUrl: "", helloAssoWidgetUrl: "", taxReceipts: true, rescrit: "Rescrit n° 2024-12" },
    });
    expect(parseSectionForm("dons", fd({ ...base, taxReceipts: "non" }))).toMatchObject({
      ok: true,
      value: { taxReceipts: false, rescrit: "" },
    });
    expect(sectionValues("dons", defaultSettings.donation).values.taxReceipts).toBe("");
  });
});

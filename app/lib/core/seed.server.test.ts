import { describe, expect, it } from "vitest";
import { settings } from "#db/schema";
import { db } from "./db.server";
import { seedDatabase } from "./seed.server";
import { clearSettingsCache, getSetting, setSetting } from "../club/settings.server";
import { defaultSettings } from "../club/settings-schemas";

describe("first-start seed", () => {
  it("seeds the settings once and never again", async () => {
    // A fresh install: no setting written yet (the test club's facts removed).
    await db.delete(settings);
    // A setting written before the first start (by a script: the browser tests' club) is kept.
    const classes = [{ id: "c1", day: 4, start: "19:00", end: "20:30", group: "Adultes", level: "", place: "" }];
    await setSetting("schedule", classes);
    clearSettingsCache();
    expect(await seedDatabase()).toBe(true);
    expect(await getSetting("schedule")).toEqual(classes);
    const identity = await getSetting("identity");
    // No club's facts in the seed; the club enters its own.
    expect(identity).toEqual(defaultSettings.identity);
    expect(identity.clubName).toBe("");

    // An admin edits a setting; a restart must not overwrite it.
    await setSetting("identity", { ...identity, phone: "01 02 03 04 05" });
    const before = await db.select().from(settings);
    expect(await seedDatabase()).toBe(false);
    clearSettingsCache();
    expect((await getSetting("identity")).phone).toBe("01 02 03 04 05");
    const after = await db.select().from(settings);
    expect(after).toEqual(before);
  });

  it("refuses an invalid setting", async () => {
    const identity = await getSetting("identity");
    await expect(setSetting("identity", { ...identity, postalCode: "ABC" })).rejects.toThrow();
  });
});

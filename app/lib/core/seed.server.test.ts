import { describe, expect, it } from "vitest";
import { settings } from "#db/schema";
import { db } from "./db.server";
import { seedDatabase } from "./seed.server";
import { clearSettingsCache, getSetting, setSetting } from "../club/settings.server";
import { defaultSettings } from "../club/settings-schemas";

describe("first-start seed", () => {
  it("seeds the settings once and never again", async () => {
    expect(await seedDatabase()).toBe(true);
    const identity = await getSetting("identity");
    expect(identity.clubName).toBe(defaultSettings.identity.clubName);

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

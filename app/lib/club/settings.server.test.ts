/**
 * The settings cache never serves what a transaction wrote and then undid:
 * inside a transaction the cache is neither read nor filled.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { transaction } from "../core/db.server";
import { clearSettingsCache, getSetting, setSetting } from "./settings.server";
import { TEST_CLUB } from "../../../tests/helpers/test-club";

beforeEach(() => clearSettingsCache());

describe("settings cache", () => {
  it("forgets a value written in a transaction that rolled back", async () => {
    const before = await getSetting("identity");
    const renamed = { ...before, clubName: "Club renommé puis annulé" };
    await expect(
      transaction(async () => {
        await setSetting("identity", renamed);
        expect((await getSetting("identity")).clubName).toBe("Club renommé puis annulé");
        throw new Error("annulé");
      }),
    ).rejects.toThrow("annulé");
    expect((await getSetting("identity")).clubName).toBe(TEST_CLUB.identity.clubName);
  });

  it("serves a value written in a transaction that committed", async () => {
    await getSetting("identity");
    await transaction(async () => {
      await setSetting("identity", { ...TEST_CLUB.identity, clubName: "Club renommé" });
      await getSetting("identity");
    });
    expect((await getSetting("identity")).clubName).toBe("Club renommé");
  });
});

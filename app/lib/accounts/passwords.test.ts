/**
 * Password rules: common passwords, trivial patterns and the words of the
 * context (art, club, city, the person) are refused; real passphrases pass.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { seedDatabase } from "../core/seed.server";
import { COMMON_PASSWORD_MESSAGE } from "./password-rules";
import {
  assertPasswordListReady,
  checkPassword,
  commonPasswords,
  CONTEXT_PASSWORD_MESSAGE,
  passwordProblem,
  TRIVIAL_PASSWORD_MESSAGE,
} from "./passwords.server";

beforeAll(async () => {
  await seedDatabase();
});

const person = { prenom: "Thi Lan", nom: "Nguyễn", email: "lan.nguyen@exemple.fr" };

describe("password rules", () => {
  it("ships the whole common-password list with the code (no file read from the working directory)", () => {
    expect(commonPasswords().size).toBeGreaterThanOrEqual(10_000);
    expect(() => assertPasswordListReady()).not.toThrow();
  });

  it.each([
    ["vovinam2026", CONTEXT_PASSWORD_MESSAGE],
    ["creteil94", CONTEXT_PASSWORD_MESSAGE],
    ["Créteil-2025!", CONTEXT_PASSWORD_MESSAGE],
    ["VietVoDao2026", CONTEXT_PASSWORD_MESSAGE],
    ["aaaaaaaa", TRIVIAL_PASSWORD_MESSAGE],
    ["12341234", TRIVIAL_PASSWORD_MESSAGE],
    ["abcdefghij", TRIVIAL_PASSWORD_MESSAGE],
    ["98765432", TRIVIAL_PASSWORD_MESSAGE],
    ["password2026", COMMON_PASSWORD_MESSAGE],
    ["motdepasse", COMMON_PASSWORD_MESSAGE],
    ["nguyen1985", CONTEXT_PASSWORD_MESSAGE],
    ["ThiLan.Nguyen", CONTEXT_PASSWORD_MESSAGE],
    ["lan.nguyen@exemple.fr", CONTEXT_PASSWORD_MESSAGE],
  ])("refuses %j", async (password, message) => {
    expect(await checkPassword(password, person)).toBe(message);
  });

  it.each(["le vovinam est mon art martial", "bambou tranquille sous la pluie", "Kh0ng-d3-doan-du0c"])(
    "accepts %j",
    async (password) => {
      expect(await checkPassword(password, person)).toBeNull();
    },
  );

  it("refuses the art's words even without the settings", () => {
    expect(passwordProblem("vovinam2026")).toBe(CONTEXT_PASSWORD_MESSAGE);
  });
});

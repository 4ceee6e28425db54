/**
 * First run in the browser: the setup token is single-use, and the setup
 * address answers 404 without it, with a wrong one, or once an administrator
 * exists.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { outbox, users } from "#db/schema";
import { app } from "../../../tests/helpers/app";
import { db } from "../core/db.server";
import { getSetting } from "../club/settings.server";
import { announceSetup, completeSetup, setupAllowed } from "./setup.server";

const input = (token: string) => ({
  token,
  prenom: "Marie",
  nom: "Dupont",
  email: "presidence@exemple.fr",
  password: "Lotus-Bleu-Dojo-2026",
  confirmation: "Lotus-Bleu-Dojo-2026",
  clubName: "Vovinam Viet Vo Dao Créteil",
  clubEmail: "contact@vovinam-creteil.fr",
  street: "12 rue des Écoles",
  postalCode: "94000",
  city: "Créteil",
  mailChoice: "plus-tard" as const,
});

async function status(run: () => Promise<{ status: number }>): Promise<number> {
  return (await run()).status;
}

const get = (q: string) => app.get(`/installation${q}`);

describe("first-run setup", () => {
  it("shows the page only with the token while no administrator exists, then never again", async () => {
    const url = await announceSetup();
    expect(url).toMatch(/^http:\/\/localhost:3000\/installation\?jeton=[\w-]{43}$/);
    const token = new URL(url!).searchParams.get("jeton")!;

    expect(await setupAllowed(token)).toBe(true);
    expect(await status(() => get(`?jeton=${token}`))).toBe(200);
    expect(await status(() => get(""))).toBe(404);
    expect(await status(() => get("?jeton=faux"))).toBe(404);
    expect(await status(() => get(`?jeton=${token.slice(0, -1)}x`))).toBe(404);

    // A weak password is refused next to the field; the token stays usable.
    await expect(
      completeSetup({ ...input(token), password: "azertyuiop", confirmation: "azertyuiop" }).catch((e: unknown) => e),
    ).resolves.toMatchObject({ field: "password" });
    expect(await setupAllowed(token)).toBe(true);

    await completeSetup(input(token));
    const [admin] = await db.select().from(users).where(eq(users.email, "presidence@exemple.fr"));
    expect(admin?.roles).toEqual(["admin"]);
    expect(await getSetting("identity")).toMatchObject({
      clubName: "Vovinam Viet Vo Dao Créteil",
      email: "contact@vovinam-creteil.fr",
      city: "Créteil",
      postalCode: "94000",
    });
    expect(
      (await db.select().from(outbox).where(eq(outbox.to, "presidence@exemple.fr"))).map((m) => m.subject),
    ).toContain("Essai d'envoi : le site du club sait écrire");

    // Used up: 404, and no new address at the next start.
    expect(await status(() => get(`?jeton=${token}`))).toBe(404);
    await expect(completeSetup(input(token))).rejects.toMatchObject({ status: 404 });
    expect(await announceSetup()).toBeNull();
  });

  it("a forged POST without a valid token is a 404", async () => {
    expect(await status(() => app.post("/installation", input("faux")))).toBe(404);
  });
});

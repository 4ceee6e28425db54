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
  shortName: "VVD Créteil",
  associationName: "Association Vovinam Viet Vo Dao de Créteil",
  sportsComplex: "Gymnase des Écoles",
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
    ).toContain("Essai d'envoi\u00a0: le site du club sait écrire");

    // Used up: 404, and no new address at the next start.
    expect(await status(() => get(`?jeton=${token}`))).toBe(404);
    await expect(completeSetup(input(token))).rejects.toMatchObject({ status: 404 });
    expect(await announceSetup()).toBeNull();
  });

  it("asks for the club's facts and its classes: French errors next to the fields, nothing typed lost", async () => {
    // A new install again: the administrator of the test above is gone.
    await db.update(users).set({ active: false });
    const url = await announceSetup();
    const token = new URL(url!).searchParams.get("jeton")!;
    const { mailChoice, ...rest } = input(token);
    const res = await app.post<{ result: { error: Record<string, string[]>; initialValue: Record<string, unknown> } }>(
      `/installation?jeton=${token}`,
      {
        ...rest,
        mailChoice,
        shortName: "",
        sportsComplex: "",
        "classes[0].day": "3",
        "classes[0].start": "18:30",
        "classes[0].end": "",
        "classes[0].group": "Enfants",
        "classes[1].day": "",
        "classes[1].start": "",
        "classes[1].end": "",
        "classes[1].group": "",
      },
    );
    expect(res.status).toBe(400);
    const { error, initialValue } = res.data.result;
    expect(error.shortName).toEqual(["Indiquez le nom court du club (par exemple VVD Boulogne)."]);
    expect(error.sportsComplex).toEqual(["Indiquez le gymnase ou le complexe sportif des cours."]);
    expect(error["classes[0].end"]).toEqual(["Heure de fin au format HH:MM, par exemple 20:00."]);
    expect(error["classes[1].day"]).toBeUndefined();
    expect({ ...initialValue, classes: (initialValue.classes as unknown[]).slice(0, 1) }).toMatchObject({
      associationName: "Association Vovinam Viet Vo Dao de Créteil",
      classes: [{ day: "3", start: "18:30", group: "Enfants" }],
    });
    expect(initialValue.password).toBeUndefined();
    expect(await setupAllowed(token)).toBe(true);

    // Without classes, the schedule stays unpublished (empty) until entered.
    await completeSetup({ ...input(token), email: "tresorerie@exemple.fr" });
    expect(await getSetting("identity")).toMatchObject({
      shortName: "VVD Créteil",
      associationName: "Association Vovinam Viet Vo Dao de Créteil",
      sportsComplex: "Gymnase des Écoles",
    });
  });

  it("keeps the address one machine logged when another machine of the same database starts", async () => {
    await db.update(users).set({ active: false });
    const first = new URL((await announceSetup())!).searchParams.get("jeton")!;
    const second = new URL((await announceSetup())!).searchParams.get("jeton")!;
    expect(second).not.toBe(first);
    expect(await setupAllowed(first)).toBe(true);
    expect(await setupAllowed(second)).toBe(true);
    expect(await status(() => get(`?jeton=${first}`))).toBe(200);

    // Either address creates the administrator; then both answer 404.
    await completeSetup({ ...input(second), email: "secretariat@exemple.fr" });
    expect(await setupAllowed(first)).toBe(false);
    expect(await status(() => get(`?jeton=${first}`))).toBe(404);
  });

  it("a forged POST without a valid token is a 404", async () => {
    expect(await status(() => app.post("/installation", input("faux")))).toBe(404);
  });
});

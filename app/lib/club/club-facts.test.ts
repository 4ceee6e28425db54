/**
 * « No club's identity in the code »: a club set up with its own
 * facts (a club in Boulogne-Billancourt, through the real setup page) sees
 * only them on every public page (the sitemap's, the sign-in pages, the
 * iCal feed) and in its e-mails; a fresh install with nothing entered shows
 * no club's fact at all, and « À compléter » lists each one with the page
 * where it is set.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { outbox, settings } from "#db/schema";
import { db } from "../core/db.server";
import { app } from "../../../tests/helpers/app";
import { createUser } from "../../../tests/helpers/auth";
import { setUpTestClub, TEST_CLUB } from "../../../tests/helpers/test-club";
import { announceSetup } from "../operations/setup.server";
import { clearSettingsCache, getSetting } from "./settings.server";
import { settingsToFill } from "./settings-to-fill.server";
import { PUBLIC_PAGES } from "./public-pages";

/** The facts of the club the code's defaults used to hold, none of them entered here. */
const OTHER_CLUB = [
  "Créteil",
  "Casalis",
  "Jean Gabin",
  "VVD",
  "vovinam-creteil",
  "Métro ligne 8",
  "Bus 117",
  "RER A",
  "Parking gratuit",
  "Enfants (6-11 ans)",
  "Adolescents (12-15 ans)",
  "Ceintures jaunes et plus",
  "Réduction de 10 %",
  "Võ phục (tenue bleue)",
  "Protège-dents",
  "environ 45",
];
/** Named by the art pages as general knowledge; on any other page, an affiliation the club did not enter. */
const FEDERATION = ["FFKDA", "Fédération Française de Karaté"];
const ART_PAGES = "/le-vovinam-viet-vo-dao/";

async function sitemapPaths(): Promise<string[]> {
  const xml = await (await app.fetch("/sitemap.xml")).text();
  const paths = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
  expect(paths.length).toBeGreaterThan(10);
  return [...new Set([...paths, ...PUBLIC_PAGES, "/la-vie-du-club/calendrier.ics", "/faire-un-don"])];
}

/** Every public page, with the facts it shows that the club never entered. */
async function strayFacts(): Promise<string[]> {
  const found: string[] = [];
  for (const path of await sitemapPaths()) {
    const res = await app.fetch(path);
    expect(res.status, path).toBe(200);
    const text = await res.text();
    const banned = path.startsWith(ART_PAGES) ? OTHER_CLUB : [...OTHER_CLUB, ...FEDERATION];
    for (const fact of banned) if (text.includes(fact)) found.push(`${path}: ${fact}`);
  }
  return found;
}

async function freshInstall() {
  await db.delete(settings);
  clearSettingsCache();
}

describe("a club's own facts, and no other club's", () => {
  beforeEach(freshInstall);

  it("the test club's fixture is the only place the old facts live", async () => {
    // The shared fixture gives every other test its club explicitly; the defaults give none.
    expect(TEST_CLUB.identity.sportsComplex).toBe("Gymnase Casalis");
    expect(await getSetting("identity")).toMatchObject({ clubName: "", sportsComplex: "", city: "", email: "" });
    expect(await getSetting("schedule")).toEqual([]);
    expect((await getSetting("legal")).federation).toBe("");
    expect((await getSetting("campaign")).prices).toEqual([]);
    // The check bites: the fixture's club, entered, is found on the pages.
    await setUpTestClub();
    expect(await strayFacts()).toEqual(
      expect.arrayContaining(["/: Casalis", "/tarifs-horaires: Enfants (6-11 ans)", "/mentions-legales: FFKDA"]),
    );
  });

  it("a club set up in Boulogne shows only its own facts on every public page and in its e-mails", async () => {
    const url = await announceSetup();
    const token = new URL(url!).searchParams.get("jeton")!;
    const res = await app.post(`/installation?jeton=${token}`, {
      token,
      prenom: "Linh",
      nom: "Pham",
      email: "linh.pham@exemple.fr",
      password: "Bambou-Vert-Tatami-2026",
      confirmation: "Bambou-Vert-Tatami-2026",
      clubName: "Vovinam Boulogne Seine",
      shortName: "VB Seine",
      associationName: "Association Vovinam Boulogne Seine",
      sportsComplex: "Complexe sportif Le Gallo",
      street: "41 quai Alphonse Le Gallo",
      postalCode: "92100",
      city: "Boulogne-Billancourt",
      clubEmail: "bureau@vovinam-boulogne.exemple",
      "classes[0].day": "4",
      "classes[0].start": "19:00",
      "classes[0].end": "20:30",
      "classes[0].group": "Tous âges dès 12 ans",
      "classes[1].day": "",
      "classes[1].start": "",
      "classes[1].end": "",
      "classes[1].group": "",
      mailChoice: "plus-tard",
    });
    expect(res.redirect).toMatch(/^\/connexion/);
    expect(await getSetting("schedule")).toMatchObject([
      { day: 4, start: "19:00", end: "20:30", group: "Tous âges dès 12 ans" },
    ]);

    expect(await strayFacts()).toEqual([]);

    const home = await (await app.fetch("/")).text();
    expect(home).toContain("Vovinam Boulogne Seine");
    expect(home).toContain("Complexe sportif Le Gallo");
    expect(home).toContain("Tous âges dès 12 ans");
    const access = await (await app.fetch("/adresse-acces")).text();
    expect(access).toContain("41 quai Alphonse Le Gallo");
    expect(access).toContain("92100 Boulogne-Billancourt");
    // Transport and parking were not entered: their sections are left out.
    expect(access).not.toContain("En transports en commun");
    expect(access).not.toContain("En voiture");
    const footer = await (await app.fetch("/contact")).text();
    expect(footer).toMatch(/© \d{4} Association Vovinam Boulogne Seine/);
    const legal = await (await app.fetch("/mentions-legales")).text();
    expect(legal).not.toContain("Affiliation");
    expect(legal).not.toContain("Siège social");
    const feed = await (await app.fetch("/la-vie-du-club/calendrier.ics")).text();
    expect(feed).toContain("X-WR-CALNAME:Vovinam Boulogne Seine");

    for (const mail of await db.select().from(outbox))
      for (const fact of [...OTHER_CLUB, ...FEDERATION]) expect(`${mail.subject}\n${mail.text}`).not.toContain(fact);

    // Entered later: no more in « À compléter »; still missing: listed.
    const keys = (await settingsToFill()).map((t) => t.key);
    for (const done of ["identity.clubName", "identity.shortName", "identity.address", "identity.email", "schedule"])
      expect(keys).not.toContain(done);
    expect(keys).toEqual(expect.arrayContaining(["identity.transport", "prices", "donation.taxReceipts"]));
  });

  it("a fresh install with nothing entered shows no club's fact, and « À compléter » lists each one", async () => {
    expect(await strayFacts()).toEqual([]);
    const prices = await (await app.fetch("/tarifs-horaires")).text();
    expect(prices).toContain("Les horaires de la saison seront bientôt publiés.");
    expect(prices).toContain("Les tarifs de la saison seront bientôt publiés.");
    const home = await (await app.fetch("/")).text();
    expect(home).toContain("Les horaires de la saison seront bientôt publiés.");
    expect(home).not.toContain('"addressLocality"');
    expect(home).not.toContain('"email"');
    // No empty label: no address block, no « E-mail » line without an address.
    const contact = await (await app.fetch("/contact")).text();
    expect(contact).not.toContain("Lieu des cours");
    expect(contact).not.toContain('href="mailto:"');
    const donate = await (await app.fetch("/faire-un-don")).text();
    expect(donate).not.toMatch(/66\s%/);
    expect(donate).not.toContain("11580");

    const toFill = await settingsToFill();
    const byKey = new Map(toFill.map((t) => [t.key, t.href]));
    const settingsPage = "/espace-membre/contenu/reglages";
    expect(Object.fromEntries(byKey)).toMatchObject({
      "identity.clubName": `${settingsPage}/identite`,
      "identity.shortName": `${settingsPage}/identite`,
      "identity.associationName": `${settingsPage}/identite`,
      "identity.sportsComplex": `${settingsPage}/identite`,
      "identity.address": `${settingsPage}/identite`,
      "identity.email": `${settingsPage}/identite`,
      "identity.transport": `${settingsPage}/identite`,
      "identity.parking": `${settingsPage}/identite`,
      schedule: `${settingsPage}/horaires`,
      prices: `${settingsPage}/tarifs`,
      equipment: `${settingsPage}/equipement`,
      "donation.helloAssoUrl": `${settingsPage}/dons`,
      "donation.taxReceipts": `${settingsPage}/dons`,
      "legal.headOffice": `${settingsPage}/mentions-legales`,
      "legal.publicationDirector": `${settingsPage}/mentions-legales`,
      "legal.hostName": `${settingsPage}/mentions-legales`,
      "legal.federation": `${settingsPage}/mentions-legales`,
    });
  });

  it("the donation settings page asks whether the club may issue tax receipts; « À compléter » lists it until answered", async () => {
    const admin = await createUser({ roles: ["admin"] });
    const page = await (await app.fetch("/espace-membre/contenu/reglages/dons", { as: admin })).text();
    expect(page).toContain('name="taxReceipts"');
    expect(page).toContain("Référence du rescrit fiscal (facultatif)");
    const dashboard = await app.get<{ toFill: Array<{ key: string }> }>("/espace-membre/contenu", { as: admin });
    expect(dashboard.data.toFill.map((t) => t.key)).toContain("donation.taxReceipts");
  });
});

/**
 * French wording as a family reads it: a family named Olivier Lambert (a man),
 * Emma (a girl), Hugo (a boy) and Yann (sex not given), through the real request handler and
 * the reminders e-mail. Names take elision (« le profil d'Emma », « Cotisation d'Olivier
 * Lambert »), gendered words follow each profile's sex or a neutral wording, and no text reads
 * « de » + vowel or « (s) ». The source itself is scanned by french-wording.pure.test.ts.
 */
import { and, eq } from "drizzle-orm";
import { assert, beforeAll, describe, expect, it } from "vitest";
import { outbox, profiles, seasonStatuses } from "#db/schema";
import { app } from "../helpers/app";
import { createUser, type CreatedUser } from "../helpers/auth";
import { setSetting } from "~/lib/club/settings.server";
import { db } from "~/lib/core/db.server";
import { seedDatabase } from "~/lib/core/seed.server";
import { runReminders } from "~/lib/members/reminders.server";

/** 15 October 2026, 10:00 in Paris: season 2026-2027 (a fixed clock for the reminders). */
const OCT_15 = new Date("2026-10-15T08:00:00Z");
const SEASON = "2026-2027";

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

/** The text a reader (or a screen reader) gets: the body without scripts, styles or tags. */
function visibleText(html: string): string {
  return html
    .slice(html.indexOf("<body"))
    .replace(/<(script|style|template)\b[\s\S]*?<\/\1>/gi, " ")
    .replace(/<[^>]*>/g, "")
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (all, name: string) => {
      if (/^#x/i.test(name)) return String.fromCodePoint(parseInt(name.slice(2), 16));
      if (name.startsWith("#")) return String.fromCodePoint(Number(name.slice(1)));
      return ENTITIES[name.toLowerCase()] ?? all;
    })
    .replace(/[\s\u00a0\u202f]+/g, " ");
}

/** « de Emma », « que Isabelle », « le équipe », « membre(s) »: each fault with its context. */
function wordingFaults(text: string): string[] {
  const patterns = [/(?<![\p{L}'’-])(?:de|que|le|la) (?=[aeiouàâäéèêëîïôöùûüœæ])/giu, /\p{L}\((?:s|e|es|x)\)/giu];
  return patterns.flatMap((p) =>
    [...text.matchAll(p)].map((m) => text.slice(Math.max(0, m.index - 25), m.index + m[0].length + 15)),
  );
}

async function page(path: string, as: CreatedUser): Promise<string> {
  const res = await app.fetch(path, { as });
  expect(res.status).toBe(200);
  const text = visibleText(await res.text());
  expect(wordingFaults(text)).toEqual([]);
  return text;
}

let admin: CreatedUser;
let parent: CreatedUser;
const ids: Record<"olivier" | "emma" | "hugo" | "yann", number> = { olivier: 0, emma: 0, hugo: 0, yann: 0 };

beforeAll(async () => {
  await seedDatabase();
  await setSetting("reminders", { seasons: [SEASON] });
  admin = await createUser({ roles: ["admin"], prenom: "Anh", nom: "Tran" });
  parent = await createUser({
    roles: ["membre"],
    prenom: "Olivier",
    nom: "Lambert",
    email: "olivier.lambert@exemple.fr",
  });
  const [own] = await db
    .update(profiles)
    .set({ sex: "m", dateOfBirth: "1984-03-02" })
    .where(and(eq(profiles.ownerId, parent.user.id), eq(profiles.isSelf, true)))
    .returning();
  assert(own);
  const kids = await db
    .insert(profiles)
    .values([
      {
        ownerId: parent.user.id,
        prenom: "Emma",
        nom: "Lambert",
        sex: "f",
        dateOfBirth: "2015-06-01",
        relationship: "enfant",
      },
      {
        ownerId: parent.user.id,
        prenom: "Hugo",
        nom: "Lambert",
        sex: "m",
        dateOfBirth: "2017-02-11",
        relationship: "enfant",
      },
      { ownerId: parent.user.id, prenom: "Yann", nom: "Lambert", dateOfBirth: "2019-09-20", relationship: "enfant" },
    ])
    .returning();
  Object.assign(ids, { olivier: own.id, emma: kids[0]!.id, hugo: kids[1]!.id, yann: kids[2]!.id });
});

describe("names and sexes as the pages write them", () => {
  it("the scanner finds « de » + vowel and brackets, and accepts elision, h and y", () => {
    expect(wordingFaults("le profil de Emma, 2 membre(s), que Isabelle")).toHaveLength(3);
    expect(wordingFaults("le profil d'Emma, de Hugo, de Yann, qu'Isabelle, l'équipe, 2 membres")).toEqual([]);
  });

  it("the family's profile page: « le profil d'Emma », born « née » or « né » by sex, neutral when not given", async () => {
    const text = await page("/espace-membre/profil", parent);
    expect(text).toContain("Modifier le profil d'Emma");
    expect(text).toContain("Retirer le profil de Hugo");
    expect(text).toContain("née le 1er juin 2015");
    expect(text).toContain("né le 11 février 2017");
    expect(text).toContain("date de naissance : 20 septembre 2019");
    const editing = await page(`/espace-membre/profil?modifier=${ids.emma}#famille`, parent);
    expect(editing).toMatch(/Sexe/);
  });

  it("saving a profile keeps its sex and answers « Le profil d'Isabelle a été ajouté »", async () => {
    const res = await app.post(
      "/espace-membre/profil",
      { intent: "add-family", prenom: "Isabelle", nom: "Lambert", dateOfBirth: "", sex: "f", relationship: "enfant" },
      { as: parent },
    );
    expect(res.data).toMatchObject({ intent: "add-family", message: "Le profil d'Isabelle a été ajouté." });
    const [isabelle] = await db
      .select()
      .from(profiles)
      .where(and(eq(profiles.ownerId, parent.user.id), eq(profiles.prenom, "Isabelle")));
    expect(isabelle?.sex).toBe("f");
    const refused = await app.post(
      "/espace-membre/profil",
      { intent: "add-family", prenom: "Jules", nom: "Lambert", sex: "x", relationship: "enfant" },
      { as: parent },
    );
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.data)).toContain("Choisissez « Féminin », « Masculin » ou « Non précisé »");
  });

  it("the managers' pages: « Cotisation d'Olivier Lambert », « Née le » for Emma and « Né le » for Hugo", async () => {
    const todo = await page("/espace-membre/todo", admin);
    expect(todo).toContain("Cotisation d'Olivier Lambert");
    expect(todo).toContain("Cotisation d'Emma Lambert (famille d'Olivier Lambert)");
    expect(todo).toContain("Cotisation de Hugo Lambert (famille d'Olivier Lambert)");
    const account = await page(`/espace-membre/utilisateurs/modifier/${parent.user.id}`, admin);
    expect(account).toContain("Compte d'Olivier Lambert");
    expect(account).toContain("Née le 1er juin 2015");
    expect(account).toContain("Né le 11 février 2017");
    expect(account).toContain("Date de naissance : 20 septembre 2019");
    expect(account).not.toMatch(/Né\(e\)/);
  });

  it("the reminders e-mail: « l'attestation du questionnaire de santé expire », no « le attestation »", async () => {
    await db.insert(seasonStatuses).values({
      profileId: ids.emma,
      season: SEASON,
      healthDocumentKind: "questionnaire",
      healthDocumentReceivedOn: "2025-11-01",
      healthDocumentValidUntil: "2026-11-05",
    });
    await runReminders(OCT_15);
    const mails = await db.select().from(outbox).where(eq(outbox.to, parent.user.email));
    const text = mails.map((m) => m.text).join("\n");
    expect(text).toContain("Emma Lambert\u00a0: l'attestation du questionnaire de santé expire le 5 novembre 2026");
    expect(wordingFaults(text)).toEqual([]);
  });
});

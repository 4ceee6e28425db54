/**
 * The admin content routes through the real request handler (as a forged
 * POST would arrive): every action refuses a role that is not admin, and does
 * its job for an admin.
 */
import { assert, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { contactMessages, grades, outbox, videos } from "#db/schema";
import { app, refusedByGuard } from "../../../../tests/helpers/app";
import { createUser } from "../../../../tests/helpers/auth";
import { db } from "~/lib/core/db.server";
import { firstErrors, type SubmissionResult } from "~/lib/http/forms";
import { seedDatabase } from "~/lib/core/seed.server";
import { clearSettingsCache, getSetting } from "~/lib/club/settings.server";
import { VIDEO_GONE } from "~/lib/content/content-messages";

let admin: { cookie: string; userId: string };
const others: Record<string, string> = {};
let gradeId: number;

beforeAll(async () => {
  await seedDatabase();
  const a = await createUser({ roles: ["admin"], prenom: "Alice", nom: "Admin" });
  admin = { cookie: a.cookie, userId: a.user.id };
  for (const role of ["membre", "user_manager", "article_manager", "pré-inscrit"]) {
    others[role] = (await createUser({ roles: [role] })).cookie;
  }
  const [g] = await db.select({ id: grades.id }).from(grades).limit(1);
  const [grade] = g
    ? [g]
    : await db
        .insert(grades)
        .values({ position: 1, vietnameseName: "Tự vệ", frenchName: "Ceinture bleu clair", beltColor: "#7dd3fc" })
        .returning({ id: grades.id });
  assert(grade);
  gradeId = grade.id;
});

/** What the settings page's loader gives its form. */
interface Settings {
  values: Record<string, string>;
  rows: number;
}

const routes = [
  {
    name: "videos",
    path: "/espace-membre/videos",
    fields: { intent: "create", title: "X", url: "https://youtu.be/dQw4w9WgXcQ", category: "technique" },
  },
  {
    name: "settings",
    path: "/espace-membre/contenu/reglages/adhesion",
    fields: { intent: "save", seasonStartMonth: "9", certificateValiditySeasons: "1", trialClasses: "0" },
  },
  { name: "messages", path: "/espace-membre/contenu/messages", fields: { intent: "answered", id: "1" } },
  { name: "documents", path: "/espace-membre/contenu/documents", fields: { intent: "delete", id: "1" } },
  { name: "comics", path: "/espace-membre/contenu/bd", fields: { intent: "delete", id: "1" } },
  { name: "brochure", path: "/espace-membre/contenu/brochure", fields: { intent: "remove" } },
  { name: "banners", path: "/espace-membre/contenu/bannieres", fields: { intent: "reset", section: "/" } },
] as const;

describe("authorisation of the admin content routes", () => {
  for (const route of routes) {
    it(`${route.name}: the action refuses every role but admin, and a signed-out POST`, async () => {
      for (const [role, cookie] of Object.entries(others)) {
        const res = await app.post(route.path, route.fields, { as: cookie });
        expect(refusedByGuard(res), role).toBe(true);
      }
      const anonymous = await app.post(route.path, route.fields);
      expect(anonymous.status).toBe(302);
      expect(anonymous.redirect).toMatch(/^\/connexion\?redirectTo=/);
    });
  }

  it("the dashboard loader refuses a member and answers an admin", async () => {
    const refused = await app.get("/espace-membre/contenu", { as: others.membre });
    expect(refusedByGuard(refused)).toBe(true);
    const ok = await app.get<{ videos: { total: number } }>("/espace-membre/contenu", { as: admin.cookie });
    expect(ok.data.videos.total).toBeGreaterThanOrEqual(0);
  });

  it("no video was created by the refused requests", async () => {
    expect(await db.select().from(videos)).toHaveLength(0);
  });
});

describe("videos route (admin)", () => {
  it("keeps the values and gives French errors per field", async () => {
    const { data, status } = await app.post(
      "/espace-membre/videos",
      {
        intent: "create",
        title: "",
        url: "https://www.dailymotion.com/video/x7",
        category: "technique",
        description: "Garde",
      },
      { as: admin.cookie },
    );
    expect(status).toBe(400);
    const result = data.result as SubmissionResult<string[]>;
    expect(firstErrors(result)).toMatchObject({
      title: "Indiquez le titre de la vidéo.",
      url: expect.stringMatching(/YouTube/),
    });
    expect(result.initialValue).toMatchObject({ url: "https://www.dailymotion.com/video/x7", description: "Garde" });
  });

  it("creates, then refuses the second of two concurrent edits", async () => {
    const created = await app.post(
      "/espace-membre/videos",
      {
        intent: "create",
        title: "Quyền 1",
        url: "https://vimeo.com/76979871",
        category: "quyen",
        gradeId: String(gradeId),
      },
      { as: admin.cookie },
    );
    expect(created.status).toBe(302);
    const [video] = await db.select().from(videos);
    assert(video);
    expect(video).toMatchObject({
      title: "Quyền 1",
      provider: "vimeo",
      providerVideoId: "76979871",
      createdBy: admin.userId,
      version: 1,
    });

    const edit = (title: string) =>
      app.post(
        `/espace-membre/videos?modifier=${video.id}`,
        {
          intent: "update",
          id: String(video.id),
          version: "1",
          title,
          url: video.url,
          category: "quyen",
          gradeId: String(gradeId),
        },
        { as: admin.cookie },
      );
    expect((await edit("Quyền 1 (premier)")).status).toBe(302);
    const second = await edit("Quyền 1 (second)");
    expect(second.status).toBe(409);
    expect(firstErrors(second.data.result as SubmissionResult<string[]>)[""]).toMatch(/modifiée par quelqu’un d’autre/);
    const [after] = await db.select().from(videos).where(eq(videos.id, video.id));
    assert(after);
    expect(after.title).toBe("Quyền 1 (premier)");
    expect(after.updatedBy).toBe(admin.userId);
  });
});

describe("videos route: deleting (admin)", () => {
  it("deletes a video after confirmation, and answers a French 404 for one already gone", async () => {
    const [video] = await db.select().from(videos);
    assert(video);
    const deleted = await app.post(
      "/espace-membre/videos",
      { intent: "delete", id: String(video.id) },
      { as: admin.cookie },
    );
    expect(deleted.redirect).toBe("/espace-membre/videos?ok=supprimee");
    const again = await app.post(
      "/espace-membre/videos",
      { intent: "delete", id: String(video.id) },
      { as: admin.cookie },
    );
    expect(again.status).toBe(404);
    expect(again.data).toMatchObject({ intent: "delete", result: { error: { "": [VIDEO_GONE] } } });
    expect((await app.post("/espace-membre/videos", { intent: "publier" }, { as: admin.cookie })).status).toBe(400);
  });
});

describe("settings route (admin)", () => {
  it("saves the schedule, which the public page then reads", async () => {
    clearSettingsCache();
    const loaded = (await app.get<Settings>("/espace-membre/contenu/reglages/horaires", { as: admin.cookie })).data;
    const values = loaded.values;
    // Keep the first course, delete the second, add a new one in an empty row.
    const fields: Record<string, string> = { ...values, intent: "save", remove_1: "on" };
    const blank = loaded.rows - 1;
    Object.assign(fields, {
      [`day_${blank}`]: "4",
      [`start_${blank}`]: "19:00",
      [`end_${blank}`]: "20:30",
      [`group_${blank}`]: "Self-défense féminine",
      [`level_${blank}`]: "Débutantes",
      [`place_${blank}`]: "Salle 2",
    });
    const res = await app.post("/espace-membre/contenu/reglages/horaires", fields, { as: admin.cookie });
    expect(res.status).toBe(302);
    const schedule = await getSetting("schedule");
    expect(schedule.find((c) => c.group === "Self-défense féminine")).toMatchObject({
      day: 4,
      start: "19:00",
      end: "20:30",
      place: "Salle 2",
    });
    expect(schedule.some((c) => c.id === values.id_1)).toBe(false);
    expect(schedule).toHaveLength(Number(loaded.rows) - 2 /* blanks */ - 1 /* removed */ + 1 /* added */);

    // A second admin's form, loaded before that save, is refused.
    const stale = await app.post(
      "/espace-membre/contenu/reglages/horaires",
      { ...values, intent: "save" },
      { as: admin.cookie },
    );
    expect(stale.status).toBe(409);
  });

  it("refuses invalid values with French messages next to the fields, values kept", async () => {
    const loaded = (await app.get<Settings>("/espace-membre/contenu/reglages/horaires", { as: admin.cookie })).data;
    const res = await app.post(
      "/espace-membre/contenu/reglages/horaires",
      { ...loaded.values, intent: "save", start_0: "25:00", end_1: "00:00", group_2: "" },
      { as: admin.cookie },
    );
    expect(res.status).toBe(400);
    const result = res.data.result as SubmissionResult<string[]>;
    expect(firstErrors(result)).toMatchObject({
      start_0: "Heure au format HH:MM, par exemple 18:30.",
      end_1: "L’heure de fin doit être après l’heure de début.",
      group_2: "Indiquez le groupe (par exemple Adultes).",
    });
    expect(result.initialValue?.start_0).toBe("25:00");
  });

  it("refuses a HelloAsso widget that is not on www.helloasso.com", async () => {
    const res = await app.post(
      "/espace-membre/contenu/reglages/dons",
      {
        intent: "save",
        basedOn: "",
        helloAssoUrl: "https://www.helloasso.com/associations/x/formulaires/1",
        helloAssoWidgetUrl: "https://evil.example/widget",
      },
      { as: admin.cookie },
    );
    expect(res.status).toBe(400);
    expect(firstErrors(res.data.result as SubmissionResult<string[]>).helloAssoWidgetUrl).toMatch(
      /https:\/\/www\.helloasso\.com/,
    );
  });

  it("adds empty rows without saving", async () => {
    const loaded = (await app.get<Settings>("/espace-membre/contenu/reglages/equipement", { as: admin.cookie })).data;
    const res = await app.post(
      "/espace-membre/contenu/reglages/equipement",
      { ...loaded.values, intent: "add-rows" },
      { as: admin.cookie },
    );
    // (a browser also sends the empty rows; here only the filled ones are sent)
    expect(res.data.rows).toBe(Number(loaded.rows) - 2 + 3);
    expect(res.data.notice).toMatch(/Rien n’est enregistré/);
  });
});

describe("messages route (admin)", () => {
  it("marks answered and resends a failed e-mail (back to pending)", async () => {
    const [mail] = await db
      .insert(outbox)
      .values({
        to: "club@exemple.fr",
        subject: "Contact",
        text: "…",
        status: "failed",
        attempts: 8,
        lastError: "ECONNREFUSED",
      })
      .returning();
    assert(mail);
    const [msg] = await db
      .insert(contactMessages)
      .values({
        name: "Jeanne",
        email: "jeanne@exemple.fr",
        subject: "Cours d'essai",
        message: "Bonjour",
        outboxId: mail.id,
      })
      .returning();
    assert(msg);

    const answered = await app.post(
      "/espace-membre/contenu/messages",
      { intent: "answered", id: String(msg.id) },
      { as: admin.cookie },
    );
    expect(answered.status).toBe(302);
    const [m] = await db.select().from(contactMessages).where(eq(contactMessages.id, msg.id));
    assert(m);
    expect(m.answeredBy).toBe(admin.userId);
    expect(m.answeredAt).toBeInstanceOf(Date);

    const resent = await app.post(
      "/espace-membre/contenu/messages",
      { intent: "resend", id: String(msg.id) },
      { as: admin.cookie },
    );
    expect(resent.redirect).toMatch(/ok=renvoye/);
    const [o] = await db.select().from(outbox).where(eq(outbox.id, mail.id));
    assert(o);
    expect(o.status).toBe("pending");
    expect(o.attempts).toBe(0);

    const list = (await app.get<{ messages: unknown[] }>("/espace-membre/contenu/messages", { as: admin.cookie })).data;
    expect(list.messages[0]).toMatchObject({
      id: msg.id,
      delivery: "pending",
      deliveryLabel: "en attente",
      answeredByName: "Alice Admin",
    });
  });
});

describe("banners route (admin)", () => {
  it("answers a missing image with the French error next to the field", async () => {
    const res = await app.post<{ result: SubmissionResult<string[]> }>(
      "/espace-membre/contenu/bannieres",
      { intent: "upload", section: "/" },
      { as: admin.cookie },
    );
    expect(res.status).toBe(400);
    expect(firstErrors(res.data.result).file).toBe("Choisissez une image (JPEG, PNG ou WebP).");
  });
});

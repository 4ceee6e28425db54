/**
 * The admin content routes called directly (as a forged POST would be):
 * every action refuses a role that is not admin, and does its job for an admin.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { contactMessages, grades, outbox, videos } from "#db/schema";
import { createUser } from "../../../../tests/helpers/auth";
import { guardedArgs } from "../../../../tests/helpers/member-guard";
import { db } from "~/lib/core/db.server";
import { seedDatabase } from "~/lib/core/seed.server";
import { clearSettingsCache, getSetting } from "~/lib/club/settings.server";
import * as videosRoute from "./videos";
import * as settingsRoute from "./settings";
import * as messagesRoute from "./messages";
import * as dashboardRoute from "./dashboard";
import * as documentsRoute from "./documents";
import * as comicsRoute from "./comics";
import * as brochureRoute from "./brochure";
import * as bannersRoute from "./banners";

type AnyArgs = never;
type Handler = (a: AnyArgs) => Promise<unknown>;

function post(path: string, fields: Record<string, string>, cookie?: string): Request {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.append(k, v);
  return new Request(`http://localhost:3000${path}`, { method: "POST", body, headers: { origin: "http://localhost:3000", ...(cookie ? { cookie } : {}) } });
}

/** Through the real guard (member layout and section middlewares). */
function args(request: Request, params: Record<string, string> = {}): Promise<AnyArgs> {
  return guardedArgs(request, params);
}

/** Runs a loader/action and returns its Response, thrown or returned. */
async function run(fn: () => Promise<unknown>): Promise<Response | unknown> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof Response) return err;
    throw err;
  }
}

function payload(result: unknown): { data: Record<string, unknown>; status: number } {
  // data() returns a DataWithResponseInit: { type: "DataWithResponseInit", data, init }
  const r = result as { data: Record<string, unknown>; init?: { status?: number } };
  return { data: r.data, status: r.init?.status ?? 200 };
}

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
  gradeId = g?.id ?? (await db.insert(grades).values({ position: 1, vietnameseName: "Tự vệ", frenchName: "Ceinture bleu clair", beltColor: "#7dd3fc" }).returning({ id: grades.id }))[0].id;
});

const routes = [
  { name: "videos", mod: videosRoute, path: "/espace-membre/videos", params: {}, fields: { intent: "create", title: "X", url: "https://youtu.be/dQw4w9WgXcQ", category: "technique" } },
  { name: "settings", mod: settingsRoute, path: "/espace-membre/contenu/reglages/adhesion", params: { section: "adhesion" }, fields: { intent: "save", seasonStartMonth: "9", certificateValiditySeasons: "1", trialClasses: "0" } },
  { name: "messages", mod: messagesRoute, path: "/espace-membre/contenu/messages", params: {}, fields: { intent: "answered", id: "1" } },
  { name: "documents", mod: documentsRoute, path: "/espace-membre/contenu/documents", params: {}, fields: { intent: "delete", id: "1" } },
  { name: "comics", mod: comicsRoute, path: "/espace-membre/contenu/bd", params: {}, fields: { intent: "delete", id: "1" } },
  { name: "brochure", mod: brochureRoute, path: "/espace-membre/contenu/brochure", params: {}, fields: { intent: "remove" } },
  { name: "banners", mod: bannersRoute, path: "/espace-membre/contenu/bannieres", params: {}, fields: { intent: "reset", section: "/" } },
] as const;

describe("authorisation of the admin content routes", () => {
  for (const route of routes) {
    it(`${route.name}: the guard sends every role but admin back to the member home, and a signed-out POST to the sign-in page`, async () => {
      for (const [role, cookie] of Object.entries(others)) {
        const res = await run(async () => (route.mod.action as Handler)(await args(post(route.path, route.fields, cookie), route.params)));
        expect(res, role).toBeInstanceOf(Response);
        expect(`${(res as Response).status} ${(res as Response).headers.get("location")}`, role).toBe("302 /espace-membre");
      }
      const anonymous = await run(async () => (route.mod.action as Handler)(await args(post(route.path, route.fields), route.params)));
      expect((anonymous as Response).status).toBe(302);
      expect((anonymous as Response).headers.get("location")).toMatch(/^\/connexion\?redirectTo=/);
    });
  }

  it("the guard sends a member away from the dashboard and lets an admin in", async () => {
    const refused = await run(async () => (dashboardRoute.loader as Handler)(await args(new Request("http://localhost:3000/espace-membre/contenu", { headers: { cookie: others.membre } }))));
    expect((refused as Response).headers.get("location")).toBe("/espace-membre");
    const ok = (await (dashboardRoute.loader as Handler)(await args(new Request("http://localhost:3000/espace-membre/contenu", { headers: { cookie: admin.cookie } })))) as Awaited<ReturnType<typeof dashboardRoute.loader>>;
    expect(ok.videos.total).toBeGreaterThanOrEqual(0);
  });

  it("no video was created by the refused requests", async () => {
    expect(await db.select().from(videos)).toHaveLength(0);
  });
});

describe("videos route (admin)", () => {
  it("keeps the values and gives French errors per field", async () => {
    const res = await videosRoute.action(
      await args(post("/espace-membre/videos", { intent: "create", title: "", url: "https://www.dailymotion.com/video/x7", category: "technique", description: "Garde" }, admin.cookie)),
    );
    const { data, status } = payload(res);
    expect(status).toBe(400);
    expect(data.errors).toMatchObject({ title: "Indiquez le titre de la vidéo.", url: expect.stringMatching(/YouTube/) });
    expect(data.values).toMatchObject({ url: "https://www.dailymotion.com/video/x7", description: "Garde" });
  });

  it("creates, then refuses the second of two concurrent edits", async () => {
    const created = (await run(async () =>
      videosRoute.action(await args(post("/espace-membre/videos", { intent: "create", title: "Quyền 1", url: "https://vimeo.com/76979871", category: "quyen", gradeId: String(gradeId) }, admin.cookie))),
    )) as Response;
    expect(created.status).toBe(302);
    const [video] = await db.select().from(videos);
    expect(video).toMatchObject({ title: "Quyền 1", provider: "vimeo", providerVideoId: "76979871", createdBy: admin.userId, version: 1 });

    const edit = (title: string) =>
      run(async () =>
        videosRoute.action(
          await args(post(`/espace-membre/videos?modifier=${video.id}`, { intent: "update", id: String(video.id), version: "1", title, url: video.url, category: "quyen", gradeId: String(gradeId) }, admin.cookie)),
        ),
      );
    expect(((await edit("Quyền 1 (premier)")) as Response).status).toBe(302);
    const second = payload(await edit("Quyền 1 (second)"));
    expect(second.status).toBe(409);
    expect((second.data.errors as Record<string, string>)._form).toMatch(/modifiée par quelqu’un d’autre/);
    const [after] = await db.select().from(videos).where(eq(videos.id, video.id));
    expect(after.title).toBe("Quyền 1 (premier)");
    expect(after.updatedBy).toBe(admin.userId);
  });
});

describe("settings route (admin)", () => {
  it("saves the schedule, which the public page then reads", async () => {
    clearSettingsCache();
    const loaded = await settingsRoute.loader(await args(new Request("http://localhost:3000/espace-membre/contenu/reglages/horaires", { headers: { cookie: admin.cookie } }), { section: "horaires" }));
    const values = loaded.values as Record<string, string>;
    // Keep the first course, delete the second, add a new one in an empty row.
    const fields: Record<string, string> = { ...values, intent: "save", remove_1: "on" };
    const blank = loaded.rows - 1;
    Object.assign(fields, { [`day_${blank}`]: "4", [`start_${blank}`]: "19:00", [`end_${blank}`]: "20:30", [`group_${blank}`]: "Self-défense féminine", [`level_${blank}`]: "Débutantes", [`place_${blank}`]: "Salle 2" });
    const res = (await run(async () => settingsRoute.action(await args(post("/espace-membre/contenu/reglages/horaires", fields, admin.cookie), { section: "horaires" })))) as Response;
    expect(res.status).toBe(302);
    const schedule = await getSetting("schedule");
    expect(schedule.find((c) => c.group === "Self-défense féminine")).toMatchObject({ day: 4, start: "19:00", end: "20:30", place: "Salle 2" });
    expect(schedule.some((c) => c.id === values.id_1)).toBe(false);
    expect(schedule).toHaveLength(Number(loaded.rows) - 2 /* blanks */ - 1 /* removed */ + 1 /* added */);

    // A second admin's form, loaded before that save, is refused.
    const stale = payload(await settingsRoute.action(await args(post("/espace-membre/contenu/reglages/horaires", { ...values, intent: "save" }, admin.cookie), { section: "horaires" })));
    expect(stale.status).toBe(409);
  });

  it("refuses invalid values with French messages next to the fields, values kept", async () => {
    const loaded = await settingsRoute.loader(await args(new Request("http://localhost:3000/espace-membre/contenu/reglages/horaires", { headers: { cookie: admin.cookie } }), { section: "horaires" }));
    const res = payload(
      await settingsRoute.action(
        await args(post("/espace-membre/contenu/reglages/horaires", { ...(loaded.values as Record<string, string>), intent: "save", start_0: "25:00", end_1: "00:00", group_2: "" }, admin.cookie), { section: "horaires" }),
      ),
    );
    expect(res.status).toBe(400);
    expect(res.data.errors).toMatchObject({
      start_0: "Heure au format HH:MM, par exemple 18:30.",
      end_1: "L’heure de fin doit être après l’heure de début.",
      group_2: "Indiquez le groupe (par exemple Adultes).",
    });
    expect((res.data.values as Record<string, string>).start_0).toBe("25:00");
  });

  it("refuses a HelloAsso widget that is not on www.helloasso.com", async () => {
    const res = payload(
      await settingsRoute.action(
        await args(post("/espace-membre/contenu/reglages/dons", { intent: "save", basedOn: "", helloAssoUrl: "https://www.helloasso.com/associations/x/formulaires/1", helloAssoWidgetUrl: "https://evil.example/widget" }, admin.cookie), { section: "dons" }),
      ),
    );
    expect(res.status).toBe(400);
    expect((res.data.errors as Record<string, string>).helloAssoWidgetUrl).toMatch(/https:\/\/www\.helloasso\.com/);
  });

  it("adds empty rows without saving", async () => {
    const loaded = await settingsRoute.loader(await args(new Request("http://localhost:3000/espace-membre/contenu/reglages/equipement", { headers: { cookie: admin.cookie } }), { section: "equipement" }));
    const res = payload(await settingsRoute.action(await args(post("/espace-membre/contenu/reglages/equipement", { ...(loaded.values as Record<string, string>), intent: "add-rows" }, admin.cookie), { section: "equipement" })));
    // (a browser also sends the empty rows; here only the filled ones are sent)
    expect(res.data.rows).toBe(loaded.rows - 2 + 3);
    expect(res.data.notice).toMatch(/Rien n’est enregistré/);
  });
});

describe("messages route (admin)", () => {
  it("marks answered and resends a failed e-mail (back to pending)", async () => {
    const [mail] = await db.insert(outbox).values({ to: "club@exemple.fr", subject: "Contact", text: "…", status: "failed", attempts: 8, lastError: "ECONNREFUSED" }).returning();
    const [msg] = await db.insert(contactMessages).values({ name: "Jeanne", email: "jeanne@exemple.fr", subject: "Cours d'essai", message: "Bonjour", outboxId: mail.id }).returning();

    const answered = (await run(async () => messagesRoute.action(await args(post("/espace-membre/contenu/messages", { intent: "answered", id: String(msg.id) }, admin.cookie))))) as Response;
    expect(answered.status).toBe(302);
    const [m] = await db.select().from(contactMessages).where(eq(contactMessages.id, msg.id));
    expect(m.answeredBy).toBe(admin.userId);
    expect(m.answeredAt).toBeInstanceOf(Date);

    const resent = (await run(async () => messagesRoute.action(await args(post("/espace-membre/contenu/messages", { intent: "resend", id: String(msg.id) }, admin.cookie))))) as Response;
    expect(resent.headers.get("location")).toMatch(/ok=renvoye/);
    const [o] = await db.select().from(outbox).where(eq(outbox.id, mail.id));
    expect(o.status).toBe("pending");
    expect(o.attempts).toBe(0);

    const list = await messagesRoute.loader(await args(new Request("http://localhost:3000/espace-membre/contenu/messages", { headers: { cookie: admin.cookie } })));
    expect(list.messages[0]).toMatchObject({ id: msg.id, delivery: "pending", deliveryLabel: "en attente", answeredByName: "Alice Admin" });
  });
});

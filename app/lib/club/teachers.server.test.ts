/**
 * Teachers, through the request harness: hidden while none is
 * entered (404, no menu link), edited by admins with a Conform form (grade,
 * diploma, classes from the schedule, a photo whose consent is recorded),
 * concurrent edits refused, a withdrawn photo no longer shown.
 */
import { beforeAll, describe, expect, it } from "vitest";
import sharp from "sharp";
import { db } from "../core/db.server";
import { seedDatabase } from "../core/seed.server";
import { firstErrors } from "../http/forms";
import { photos } from "#db/schema";
import { desc } from "drizzle-orm";
import { app } from "../../../tests/helpers/app";
import { createUser, type CreatedUser } from "../../../tests/helpers/auth";
import { getSetting } from "./settings.server";
import { TEACHERS_CONFLICT, teachersVersion } from "./teachers.server";
import { TEACHERS_PATH } from "./public-pages";

const ADMIN_PAGE = "/espace-membre/contenu/enseignants";
let admin: CreatedUser;

beforeAll(async () => {
  await seedDatabase();
  admin = await createUser({ roles: ["admin"], prenom: "Minh", nom: "Le" });
});

async function html(path: string): Promise<string> {
  return (await app.fetch(path)).text();
}

describe("the teachers page", () => {
  it("is hidden while no teacher is entered: 404 and no link in the menus", async () => {
    expect(await getSetting("teachers")).toEqual([]);
    expect((await app.get(TEACHERS_PATH)).status).toBe(404);
    expect(await html("/")).not.toContain(`href="${TEACHERS_PATH}"`);
    expect(await html("/sitemap.xml")).not.toContain(TEACHERS_PATH);
  });

  it("shows what the admins entered: grade, diploma, classes from the schedule, photo with consent", async () => {
    const jpeg = await sharp({ create: { width: 400, height: 400, channels: 3, background: "#aa3322" } })
      .jpeg()
      .toBuffer();
    const upload = await app.post(
      "/espace-membre/articles/photos",
      {
        intent: "upload",
        file: new File([new Uint8Array(jpeg)], "portrait.jpg", { type: "image/jpeg" }),
        alt: "Portrait de Thanh",
        identifiable: "on",
        consent: "on",
      },
      { as: admin },
    );
    expect(upload.redirect).toContain("ok=ajoutee");
    const [photo] = await db.select().from(photos).orderBy(desc(photos.id)).limit(1);
    const schedule = await getSetting("schedule");
    const classId = schedule[0]!.id;
    const res = await app.post(
      ADMIN_PAGE,
      {
        intent: "save",
        teacherId: "",
        basedOn: await teachersVersion(),
        name: "Thanh Nguyen",
        grade: "2e dang",
        diploma: "DIF",
        text: "Enseigne depuis 2010.",
        classIds: [classId],
        photoId: String(photo!.id),
      },
      { as: admin },
    );
    expect(res.redirect).toBe(`${ADMIN_PAGE}?ok=enregistre`);
    const page = await app.get(TEACHERS_PATH);
    expect(page.status).toBe(200);
    const [teacher] = (page.data as { teachers: Array<Record<string, unknown>> }).teachers;
    expect(teacher).toMatchObject({
      name: "Thanh Nguyen",
      grade: "2e dang",
      diploma: "DIF",
      text: "Enseigne depuis 2010.",
    });
    expect(teacher!.classes).toEqual([{ id: classId, label: expect.stringContaining(schedule[0]!.group) }]);
    expect(teacher!.photo).toMatchObject({ alt: "Portrait de Thanh" });
    expect(await html("/")).toContain(`href="${TEACHERS_PATH}"`);
    expect(await html("/sitemap.xml")).toContain(`${TEACHERS_PATH}</loc>`);

    // Consent withdrawn: the portrait goes, the teacher stays.
    await app.post("/espace-membre/articles/photos", { intent: "withdraw", photoId: String(photo!.id) }, { as: admin });
    const after = await app.get(TEACHERS_PATH);
    expect((after.data as { teachers: Array<{ photo: unknown }> }).teachers[0]!.photo).toBeNull();
  });

  it("refuses a teacher without name, and an edit based on an old version", async () => {
    const missing = await app.post(
      ADMIN_PAGE,
      { intent: "save", basedOn: await teachersVersion(), name: "", grade: "1er dang" },
      { as: admin },
    );
    expect(missing.status).toBe(400);
    expect(firstErrors((missing.data as { result: never }).result)).toHaveProperty("name");
    const stale = await app.post(
      ADMIN_PAGE,
      { intent: "save", basedOn: "", name: "Autre", grade: "1er dang" },
      { as: admin },
    );
    expect(stale.status).toBe(409);
    expect(firstErrors((stale.data as { result: never }).result)).toMatchObject({ "": TEACHERS_CONFLICT });
    expect(await getSetting("teachers")).toHaveLength(1);
  });

  it("is edited by admins only, and hidden again once the last teacher is removed", async () => {
    const member = await createUser({ roles: ["article_manager"] });
    expect((await app.get(ADMIN_PAGE, { as: member })).redirect).toBe("/espace-membre");
    const [teacher] = await getSetting("teachers");
    const res = await app.post(
      ADMIN_PAGE,
      { intent: "delete", teacherId: teacher!.id, basedOn: await teachersVersion() },
      { as: admin },
    );
    expect(res.redirect).toBe(`${ADMIN_PAGE}?ok=supprime`);
    expect((await app.get(TEACHERS_PATH)).status).toBe(404);
  });
});

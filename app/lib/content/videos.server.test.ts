import { assert, beforeAll, describe, expect, it } from "vitest";
import { grades, users } from "#db/schema";
import { firstErrors, parseSubmission } from "../http/forms";
import { db } from "../core/db.server";
import { VIDEO_GONE } from "./content-messages";
import {
  createVideo,
  getVideo,
  listVideosByGrade,
  updateVideo,
  videoFormSchema,
  deleteVideo,
  countVideosForGrade,
  CONFLICT_MESSAGE,
} from "./videos.server";

function form(values: Record<string, string>) {
  const fd = new FormData();
  for (const [k, v] of Object.entries(values)) fd.set(k, v);
  return fd;
}

let gradeA: number;
let gradeB: number;
const userId = "admin-videos-test";

beforeAll(async () => {
  await db
    .insert(users)
    .values({ id: userId, email: "admin-videos@exemple.fr", name: "Admin", prenom: "Ada", nom: "Admin" });
  const rows = await db
    .insert(grades)
    .values([
      { position: 1, vietnameseName: "Tự vệ", frenchName: "Ceinture bleu clair", beltColor: "#7dd3fc" },
      { position: 2, vietnameseName: "Nhập môn", frenchName: "Ceinture bleue", beltColor: "#1d4ed8" },
    ])
    .returning({ id: grades.id });
  const [a, b] = rows;
  assert(a && b);
  gradeA = a.id;
  gradeB = b.id;
});

/** The form parsed as the action does: `{ ok, data }` for the CRUD tests. */
function parseForm(formData: FormData, schema: typeof videoFormSchema) {
  const submission = parseSubmission(formData, schema);
  return submission.status === "success" ? { ok: true as const, data: submission.value } : { ok: false as const };
}

describe("video form validation", () => {
  it("gives a French error per field and keeps the values", () => {
    const result = parseSubmission(
      form({
        title: "",
        url: "https://www.dailymotion.com/video/x7tgad0",
        category: "danse",
        position: "-3",
        gradeId: "abc",
      }),
      videoFormSchema,
    );
    expect(result.status).toBe("error");
    const errors = firstErrors(result.reply());
    expect(errors.title).toBe("Indiquez le titre de la vidéo.");
    expect(errors.url).toMatch(/YouTube .* Vimeo/);
    expect(errors.category).toBe("Choisissez une catégorie dans la liste.");
    expect(errors.position).toMatch(/nombre entier/);
    expect(errors.gradeId).toBe("Choisissez un grade dans la liste.");
    expect(result.payload.url).toBe("https://www.dailymotion.com/video/x7tgad0");
  });
});

describe("videos CRUD", () => {
  it("creates, groups by grade, updates with a version check and deletes", async () => {
    const parsed = parseForm(
      form({
        title: "Đòn chân tấn công 1",
        url: "https://youtu.be/dQw4w9WgXcQ",
        gradeId: String(gradeB),
        category: "technique",
        position: "2",
      }),
      videoFormSchema,
    );
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    const created = await createVideo(parsed.data, userId);
    expect(created.ok).toBe(true);
    if (!created.ok) return;

    const second = parseForm(
      form({
        title: "Quyền d’ouverture",
        url: "https://vimeo.com/76979871",
        gradeId: String(gradeA),
        category: "quyen",
      }),
      videoFormSchema,
    );
    if (!second.ok) throw new Error("invalid");
    await createVideo(second.data, userId);
    const third = parseForm(
      form({ title: "Échauffement", url: "https://www.youtube.com/shorts/abcdefghijk", category: "autre" }),
      videoFormSchema,
    );
    if (!third.ok) throw new Error("invalid");
    await createVideo(third.data, userId);

    const groups = await listVideosByGrade();
    expect(groups.map((g) => g.grade?.id ?? null)).toEqual([gradeA, gradeB, null]);
    expect(groups[0]?.videos[0]).toMatchObject({
      provider: "vimeo",
      providerVideoId: "76979871",
      categoryLabel: "Quyền",
    });
    expect(groups[1]?.videos[0]).toMatchObject({ provider: "youtube", providerVideoId: "dQw4w9WgXcQ", position: 2 });

    const video = await getVideo(created.id);
    expect(video?.version).toBe(1);
    const edit = { ...parsed.data, title: "Đòn chân tấn công 1 (ciseaux)" };
    // First admin saves…
    expect(await updateVideo(created.id, 1, edit, userId)).toEqual({ ok: true, id: created.id });
    // …the second one, still on version 1, is refused.
    const late = updateVideo(created.id, 1, { ...parsed.data, title: "Autre titre" }, userId);
    await expect(late).rejects.toMatchObject({ status: 409, message: CONFLICT_MESSAGE });
    const after = await getVideo(created.id);
    expect(after?.title).toBe("Đòn chân tấn công 1 (ciseaux)");
    expect(after?.version).toBe(2);

    expect(await countVideosForGrade(gradeB)).toBe(1);
    expect(await deleteVideo(created.id)).toBe(true);
    expect(await getVideo(created.id)).toBeNull();
    await expect(updateVideo(created.id, 2, edit, userId)).rejects.toMatchObject({ status: 404 });
  });

  it("refuses a grade that does not exist", async () => {
    const parsed = parseForm(
      form({ title: "X", url: "https://youtu.be/dQw4w9WgXcQ", gradeId: "99999", category: "technique" }),
      videoFormSchema,
    );
    if (!parsed.ok) throw new Error("invalid");
    await expect(createVideo(parsed.data, userId)).rejects.toMatchObject({ field: "gradeId" });
  });
});

describe("deleting a video that does not exist (issue 10)", () => {
  it("is refused with a French 404 error, not reported as done", async () => {
    await expect(deleteVideo(999_999)).rejects.toMatchObject({ name: "DomainError", status: 404, message: VIDEO_GONE });
  });
});

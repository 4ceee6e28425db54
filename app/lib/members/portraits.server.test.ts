/**
 * Portraits of the profiles through the real request
 * handler on a real database: a parent adds a portrait to a child's profile
 * with the consent statement (stored with who and when, audited), is refused
 * in French without it, replaces it (old files deleted) and withdraws it
 * (files gone, address 404); the image is served only to the holder, the
 * instructors of the child's group this season and the admins (IDOR cases:
 * another parent, an instructor of another group, a member get 404), never
 * through /media; the roster shows it; deleting the profile or the account
 * deletes the files; the RGPD export lists it. Fake clock: Wednesday
 * 25 November 2026 in Paris (season 2026-2027).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { and, eq, isNull } from "drizzle-orm";
import sharp from "sharp";
import {
  auditLog,
  instructorSlots,
  media,
  profilePortraits,
  profiles,
  registrationLines,
  registrations,
} from "#db/schema";
import { app } from "../../../tests/helpers/app";
import { createUser, type CreatedUser } from "../../../tests/helpers/auth";
import { storage } from "../content/storage.server";
import { db } from "../core/db.server";
import { seedDatabase } from "../core/seed.server";
import { firstErrors } from "../http/forms";
import { exportUserData, requestAccountDeletion } from "../accounts/member-data.server";
import { PORTRAIT_MESSAGES, portraitPath } from "./portraits";
import { purgeOrphanPortraits, removePortraitAsAdmin } from "./portraits.server";

const PROFILE = "/espace-membre/profil";
const SESSION = "/espace-membre/appel/2026-11-25-enfants-mer";

let admin: CreatedUser;
let instructor: CreatedUser; // teaches « Enfants (6-11 ans) » (enfants-mer)
let otherInstructor: CreatedUser; // teaches « Adolescents (12-15 ans) » (ados-mer)
let parent: CreatedUser;
let otherParent: CreatedUser;
let member: CreatedUser;
let child: number; // the parent's child, registered and paid in « Enfants (6-11 ans) »
let sibling: number; // the parent's other child, in the same group and registration, no portrait

/** A photo of `width` × `height` with EXIF data (a copyright and a camera), as a phone would send. */
async function photo(width = 800, height = 600, colour = "#c0392b"): Promise<Blob> {
  const bytes = await sharp({ create: { width, height, channels: 3, background: colour } })
    .jpeg()
    .withExif({ IFD0: { Copyright: "Famille Tran", Make: "Téléphone" } })
    .toBuffer();
  return new Blob([new Uint8Array(bytes)], { type: "image/jpeg" });
}

function portraitForm(profileId: number, file: Blob, consent = true, name = "bao-tran.jpg"): FormData {
  const form = new FormData();
  form.set("intent", "portrait");
  form.set("profileId", String(profileId));
  if (consent) form.set("consent", "on");
  form.set("file", file, name);
  return form;
}

async function portraitRow(profileId: number) {
  const [row] = await db.select().from(profilePortraits).where(eq(profilePortraits.profileId, profileId));
  return row ?? null;
}

async function storageKeyOf(mediaId: number): Promise<string | null> {
  const [row] = await db.select({ key: media.storageKey }).from(media).where(eq(media.id, mediaId));
  return row?.key ?? null;
}

async function filesOf(key: string) {
  return {
    small: await storage().get(`${key}/96.webp`),
    large: await storage().get(`${key}/192.webp`),
  };
}

/** The guarded image as `who` gets it. */
function image(profileId: number, who: CreatedUser | null, size: 96 | 192 = 192) {
  return app.fetch(portraitPath(profileId, size, 1), { as: who });
}

/** A child profile of `owner`, a line of its registration for 2026-2027 (created with `status` if none). */
async function childOf(owner: CreatedUser, prenom: string, group: string, status = "payee"): Promise<number> {
  // One registration per account and season: the family's children are its lines.
  const [reg] =
    (await db
      .select()
      .from(registrations)
      .where(and(eq(registrations.ownerId, owner.user.id), eq(registrations.season, "2026-2027")))) || [];
  const registration =
    reg ??
    (await db.insert(registrations).values({ ownerId: owner.user.id, season: "2026-2027", status }).returning())[0];
  const [p] = await db
    .insert(profiles)
    .values({ ownerId: owner.user.id, prenom, nom: "Tran", relationship: "enfant", dateOfBirth: "2017-03-01" })
    .returning();
  await db.insert(registrationLines).values({
    registrationId: registration!.id,
    profileId: p!.id,
    groupName: group,
    priceCents: 19000,
    amountCents: 19000,
  });
  return p!.id;
}

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date("2026-11-25T17:00:00Z"));
  await seedDatabase();
  admin = await createUser({ roles: ["admin"], prenom: "Minh", nom: "Le" });
  instructor = await createUser({ roles: ["membre", "enseignant"], prenom: "Thanh", nom: "Nguyen" });
  otherInstructor = await createUser({ roles: ["membre", "enseignant"], prenom: "Hoa", nom: "Pham" });
  await db.insert(instructorSlots).values([
    { userId: instructor.user.id, slotId: "enfants-mer" },
    { userId: otherInstructor.user.id, slotId: "ados-mer" },
  ]);
  parent = await createUser({ roles: ["membre"], prenom: "Lan", nom: "Tran" });
  otherParent = await createUser({ roles: ["membre"], prenom: "Kim", nom: "Vo" });
  member = await createUser({ roles: ["membre"], prenom: "Phuong", nom: "Do" });
  child = await childOf(parent, "Bao", "Enfants (6-11 ans)");
  sibling = await childOf(parent, "Chi", "Enfants (6-11 ans)");
  await childOf(otherParent, "Duc", "Adolescents (12-15 ans)");
});

afterAll(() => {
  vi.useRealTimers();
});

describe("adding a portrait", () => {
  it("is refused without the consent ticked, in French next to the checkbox, the form kept and nothing stored", async () => {
    const before = await db.select({ id: media.id }).from(media);
    const res = await app.post(PROFILE, portraitForm(child, await photo(), false), { as: parent });
    expect(res.status).toBe(400);
    const answer = res.data as { intent: string; key: string; result: Parameters<typeof firstErrors>[0] };
    expect(answer.intent).toBe("portrait");
    expect(answer.key).toBe(String(child));
    expect(firstErrors(answer.result)).toEqual({ consent: PORTRAIT_MESSAGES.noConsent });
    expect(answer.result?.initialValue).toMatchObject({ profileId: String(child) });
    expect(answer.result?.initialValue).not.toHaveProperty("file");
    expect(await portraitRow(child)).toBeNull();
    expect(await db.select({ id: media.id }).from(media)).toHaveLength(before.length);
  });

  it("is refused for a file that is not a picture (read from its bytes, not its name)", async () => {
    const fake = new Blob([new TextEncoder().encode("%PDF-1.4 pas une photo")], { type: "image/jpeg" });
    const res = await app.post(PROFILE, portraitForm(child, fake, true, "photo.jpg"), { as: parent });
    expect(res.status).toBe(400);
    const answer = res.data as { result: Parameters<typeof firstErrors>[0] };
    expect(firstErrors(answer.result).file).toMatch(
      /^Ce fichier n’est pas accepté : choisissez une photo JPEG, PNG ou WebP/,
    );
    expect(await portraitRow(child)).toBeNull();
  });

  it("is refused for a photo over 10 Mo, next to the file field", async () => {
    const big = new Blob([new Uint8Array([0xff, 0xd8, 0xff]), new Uint8Array(10 * 1024 * 1024)], {
      type: "image/jpeg",
    });
    const res = await app.post(PROFILE, portraitForm(child, big), { as: parent });
    expect(res.status).toBe(400);
    expect(firstErrors((res.data as { result: Parameters<typeof firstErrors>[0] }).result)).toEqual({
      file: "La photo dépasse la taille maximale de 10 Mo.",
    });
    expect(await portraitRow(child)).toBeNull();
  });

  it("for another account's profile is « Profil introuvable. », nothing stored", async () => {
    const res = await app.post(PROFILE, portraitForm(child, await photo()), { as: otherParent });
    expect(res.status).toBe(404);
    expect(firstErrors((res.data as { result: Parameters<typeof firstErrors>[0] }).result)).toEqual({
      "": "Profil introuvable.",
    });
    expect(await portraitRow(child)).toBeNull();
  });

  it("with the consent stores two small square WebP files without EXIF, the consent with who and when, and an audit entry", async () => {
    const res = await app.post(PROFILE, portraitForm(child, await photo()), { as: parent });
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({ intent: "portrait", message: "Le portrait de Bao a été enregistré." });
    const row = (await portraitRow(child))!;
    expect(row).toMatchObject({
      consentGivenBy: parent.user.id,
      consentGivenByName: "Lan Tran",
      consentGivenAt: new Date("2026-11-25T17:00:00Z"),
    });
    expect(row.consentStatement).toContain(
      "ce portrait de Bao soit enregistré\u00a0: il n’est montré qu’aux enseignants",
    );
    const [m] = await db.select().from(media).where(eq(media.id, row.mediaId));
    expect(m).toMatchObject({ kind: "portrait", originalName: "", mimeType: "image/webp" });
    for (const [size, file] of Object.entries(await filesOf(m!.storageKey))) {
      const meta = await sharp(file!.body).metadata();
      expect(meta, size).toMatchObject({ format: "webp", width: size === "small" ? 96 : 192 });
      expect(meta.height).toBe(meta.width);
      expect(meta.exif, size).toBeUndefined();
    }
    const [entry] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "portrait.add"), eq(auditLog.targetProfileId, child)));
    expect(entry).toMatchObject({ actorId: parent.user.id, targetUserId: parent.user.id });
  });

  it("is shown on the profile page with its consent", async () => {
    const page = await app.get(PROFILE, { as: parent });
    const portraits = (
      page.data as { portraits: Array<{ id: number; mediaId: number | null; consentGivenByName: string }> }
    ).portraits;
    expect(portraits.find((p) => p.id === child)).toMatchObject({
      mediaId: (await portraitRow(child))!.mediaId,
      consentGivenByName: "Lan Tran",
    });
    expect(portraits.find((p) => p.id === sibling)).toMatchObject({ mediaId: null });
  });
});

describe("who sees a portrait (IDOR)", () => {
  it("the holder, the instructor of the child's group and an admin get the image, private and never stored", async () => {
    for (const who of [parent, instructor, admin]) {
      const res = await image(child, who);
      expect(res.status, who.email).toBe(200);
      expect(res.headers.get("content-type")).toBe("image/webp");
      expect(res.headers.get("cache-control")).toBe("private, no-store");
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect((await sharp(Buffer.from(await res.arrayBuffer())).metadata()).width).toBe(192);
    }
    const small = await image(child, instructor, 96);
    expect((await sharp(Buffer.from(await small.arrayBuffer())).metadata()).width).toBe(96);
  });

  it("another parent, an instructor of another group and a member get the same 404 as for no portrait", async () => {
    for (const who of [otherParent, otherInstructor, member]) {
      const res = await image(child, who);
      expect(res.status, who.email).toBe(404);
      expect(await res.text()).toBe("Portrait introuvable.");
    }
    const none = await image(sibling, parent);
    expect(none.status).toBe(404);
    expect(await none.text()).toBe("Portrait introuvable.");
    expect((await image(999_999, admin)).status).toBe(404);
  });

  it("a visitor who is not signed in is sent to the sign-in page", async () => {
    const res = await image(child, null);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toContain("/connexion");
  });

  it("is never served at the public /media address", async () => {
    const key = (await storageKeyOf((await portraitRow(child))!.mediaId))!;
    for (const path of [`/media/${key}/192.webp`, `/media/${key}/96.webp`, `/media/${key}`]) {
      expect((await app.fetch(path)).status, path).toBe(404);
      expect((await app.fetch(path, { as: admin })).status, path).toBe(404);
    }
  });

  it("the roster of the child's session gives the portrait's version, and none for a child without one", async () => {
    const page = await app.get(SESSION, { as: instructor });
    const people = (page.data as { people: Array<{ profileId: number; portrait: number | null }> }).people;
    expect(people.find((p) => p.profileId === child)?.portrait).toBe((await portraitRow(child))!.mediaId);
    expect(people.find((p) => p.profileId === sibling)?.portrait).toBeNull();
  });
});

describe("replacing and withdrawing", () => {
  it("replacing keeps one portrait, with the new consent, and deletes the previous files", async () => {
    const before = (await portraitRow(child))!;
    const oldKey = (await storageKeyOf(before.mediaId))!;
    vi.setSystemTime(new Date("2026-11-26T09:00:00Z"));
    const res = await app.post(PROFILE, portraitForm(child, await photo(400, 900, "#1d56c2")), { as: parent });
    expect(res.data).toMatchObject({ message: "Le portrait de Bao a été enregistré." });
    const after = (await portraitRow(child))!;
    expect(after.id).toBe(before.id);
    expect(after.mediaId).not.toBe(before.mediaId);
    expect(after.consentGivenAt).toEqual(new Date("2026-11-26T09:00:00Z"));
    expect(await storageKeyOf(before.mediaId)).toBeNull();
    expect(await filesOf(oldKey)).toEqual({ small: null, large: null });
    const newFiles = await filesOf((await storageKeyOf(after.mediaId))!);
    expect(newFiles.large).not.toBeNull();
    const audits = await db.select().from(auditLog).where(eq(auditLog.action, "portrait.replace"));
    expect(audits.map((a) => a.targetProfileId)).toContain(child);
  });

  it("withdrawing deletes the row and the files at once; the address answers 404 to everyone", async () => {
    const row = (await portraitRow(child))!;
    const key = (await storageKeyOf(row.mediaId))!;
    const form = new FormData();
    form.set("intent", "remove-portrait");
    form.set("profileId", String(child));
    const res = await app.post(PROFILE, form, { as: parent });
    expect(res.data).toMatchObject({
      intent: "remove-portrait",
      message: "Le portrait de Bao a été retiré : son image est effacée.",
    });
    expect(await portraitRow(child)).toBeNull();
    expect(await storageKeyOf(row.mediaId)).toBeNull();
    expect(await filesOf(key)).toEqual({ small: null, large: null });
    for (const who of [parent, instructor, admin]) expect((await image(child, who)).status).toBe(404);
    const [entry] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "portrait.remove"), eq(auditLog.targetProfileId, child)));
    expect(entry?.summary).toContain("accord retiré");
    const again = await app.post(PROFILE, form, { as: parent });
    expect(again.status).toBe(404);
  });

  it("an admin can remove one too, from the user's page (audited)", async () => {
    await app.post(PROFILE, portraitForm(sibling, await photo()), { as: parent });
    const key = (await storageKeyOf((await portraitRow(sibling))!.mediaId))!;
    await expect(removePortraitAsAdmin({ ...instructor.user }, parent.user.id, sibling)).rejects.toThrow(
      "Seuls les administrateurs retirent un portrait.",
    );
    const res = await app.post(
      `/espace-membre/utilisateurs/modifier/${parent.user.id}`,
      { intent: "portrait-remove", profileId: String(sibling) },
      { as: admin },
    );
    expect(res.redirect).toBe(`/espace-membre/utilisateurs/modifier/${parent.user.id}?ok=portrait-retire#portraits`);
    expect(await portraitRow(sibling)).toBeNull();
    expect(await filesOf(key)).toEqual({ small: null, large: null });
    const [entry] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "portrait.remove"), eq(auditLog.targetProfileId, sibling)));
    expect(entry).toMatchObject({ actorId: admin.user.id, summary: expect.stringContaining("par un administrateur") });
  });
});

describe("deleting a profile or an account", () => {
  it("deleting the child's profile deletes its portrait files", async () => {
    await app.post(PROFILE, portraitForm(child, await photo()), { as: parent });
    const key = (await storageKeyOf((await portraitRow(child))!.mediaId))!;
    const form = new FormData();
    form.set("intent", "remove-family");
    form.set("profileId", String(child));
    const res = await app.post(PROFILE, form, { as: parent });
    expect(res.status).toBe(200);
    expect(await filesOf(key)).toEqual({ small: null, large: null });
    expect(await db.select().from(media).where(eq(media.storageKey, key))).toEqual([]);
    expect(await purgeOrphanPortraits()).toBe(0);
  });

  it("deleting the account deletes the portraits of all its profiles; the RGPD export listed them before", async () => {
    const family = await createUser({ roles: ["membre"], prenom: "Mai", nom: "Ho" });
    const kid = await childOf(family, "Nam", "Enfants (6-11 ans)", "brouillon");
    await app.post(PROFILE, portraitForm(kid, await photo()), { as: family });
    const [own] = await db
      .select({ id: profiles.id })
      .from(profiles)
      .where(and(eq(profiles.ownerId, family.user.id), eq(profiles.isSelf, true)));
    const mine = await app.post(PROFILE, portraitForm(own!.id, await photo()), { as: family });
    expect(mine.data).toMatchObject({ message: "Votre portrait a été enregistré." });

    const exported = await exportUserData(family.user.id);
    expect(exported.portraits).toHaveLength(2);
    expect(exported.portraits.find((p) => p.profileId === kid)).toMatchObject({
      consentGivenAt: new Date("2026-11-26T09:00:00Z"),
      consentGivenByName: "Mai Ho",
    });
    expect(JSON.stringify(exported)).not.toContain("portrait-");

    const keys = await Promise.all(
      [kid, own!.id].map(async (id) => (await storageKeyOf((await portraitRow(id))!.mediaId))!),
    );
    expect(await requestAccountDeletion(family.user.id)).toEqual({ outcome: "deleted" });
    for (const key of keys) expect(await filesOf(key)).toEqual({ small: null, large: null });
    expect(await db.select().from(profilePortraits).where(isNull(profilePortraits.profileId))).toEqual([]);
  });
});

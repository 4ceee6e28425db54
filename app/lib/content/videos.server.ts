/**
 * Revision videos (YouTube or Vimeo) managed by the admins on
 * /espace-membre/videos and shown to members in /espace-membre/revision.
 * Every change records who and when; an edit must carry the version it was
 * based on (two admins editing the same video: the second save is refused).
 */
import { and, asc, eq, sql } from "drizzle-orm";
import { grades, revisionProgress, videos } from "#db/schema";
import { db } from "../core/db.server";
import { DomainError } from "../core/errors";
import { VIDEO_GONE } from "./content-messages";
import type { VideoInput } from "./video-form";
import { videoCategoryLabel, type VideoProvider } from "./video-links";
import { invariant } from "../core/invariant";

export { videoFormSchema, type VideoInput } from "./video-form";

export interface VideoView {
  id: number;
  title: string;
  url: string;
  provider: VideoProvider;
  providerVideoId: string;
  gradeId: number | null;
  category: string;
  categoryLabel: string;
  description: string;
  position: number;
  version: number;
  updatedAt: string;
}

export interface GradeOption {
  id: number;
  position: number;
  vietnameseName: string;
  frenchName: string;
  beltColor: string;
}

export interface VideoGroup {
  /** null: videos not attached to a grade (« Tous grades »). */
  grade: GradeOption | null;
  videos: VideoView[];
}

function toView(row: typeof videos.$inferSelect): VideoView {
  return {
    id: row.id,
    title: row.title,
    url: row.url,
    provider: row.provider === "vimeo" ? "vimeo" : "youtube",
    providerVideoId: row.providerVideoId,
    gradeId: row.gradeId,
    category: row.category,
    categoryLabel: videoCategoryLabel(row.category),
    description: row.description,
    position: row.position,
    version: row.version,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The club's grades, in ascending order (for the grade select). */
export async function listGradeOptions(): Promise<GradeOption[]> {
  return db
    .select({
      id: grades.id,
      position: grades.position,
      vietnameseName: grades.vietnameseName,
      frenchName: grades.frenchName,
      beltColor: grades.beltColor,
    })
    .from(grades)
    .orderBy(asc(grades.position));
}

export function gradeLabel(g: Pick<GradeOption, "vietnameseName" | "frenchName">): string {
  return g.frenchName && g.frenchName !== g.vietnameseName ? `${g.vietnameseName} (${g.frenchName})` : g.vietnameseName;
}

export async function listVideos(): Promise<VideoView[]> {
  const rows = await db
    .select({ video: videos })
    .from(videos)
    .leftJoin(grades, eq(videos.gradeId, grades.id))
    .orderBy(sql`${grades.position} asc nulls last`, asc(videos.position), asc(videos.id));
  return rows.map((r) => toView(r.video));
}

/**
 * Videos grouped by grade, grades in ascending order (only grades having
 * videos), then the videos without a grade. Used by the admin list and by
 * the members' revision page.
 */
export async function listVideosByGrade(): Promise<VideoGroup[]> {
  const [all, gradeList] = await Promise.all([listVideos(), listGradeOptions()]);
  const groups: VideoGroup[] = [];
  for (const grade of gradeList) {
    const list = all.filter((v) => v.gradeId === grade.id);
    if (list.length) groups.push({ grade, videos: list });
  }
  const loose = all.filter((v) => v.gradeId === null);
  if (loose.length) groups.push({ grade: null, videos: loose });
  return groups;
}

export async function getVideo(id: number): Promise<VideoView | null> {
  const [row] = await db.select().from(videos).where(eq(videos.id, id));
  return row ? toView(row) : null;
}

/** How many videos belong to a grade (a grade used by videos must not be deleted silently). */
export async function countVideosForGrade(gradeId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(videos)
    .where(eq(videos.gradeId, gradeId));
  return row?.n ?? 0;
}

async function gradeExists(gradeId: number): Promise<boolean> {
  const [row] = await db.select({ id: grades.id }).from(grades).where(eq(grades.id, gradeId));
  return Boolean(row);
}

/** A saved video; refusals are `DomainError` (unknown grade 400, edited meanwhile 409, deleted 404). */
export type VideoSaveResult = { ok: true; id: number };

const GRADE_MISSING = "Ce grade n’existe plus : choisissez-en un autre.";

export async function createVideo(input: VideoInput, userId: string): Promise<VideoSaveResult> {
  if (input.gradeId !== null && !(await gradeExists(input.gradeId))) {
    throw new DomainError(GRADE_MISSING, { field: "gradeId" });
  }
  const [row] = await db
    .insert(videos)
    .values({
      title: input.title,
      url: input.url.url,
      provider: input.url.provider,
      providerVideoId: input.url.id,
      gradeId: input.gradeId,
      category: input.category,
      description: input.description,
      position: input.position,
      createdBy: userId,
      updatedBy: userId,
    })
    .returning({ id: videos.id });
  invariant(row, "vidéo insérée");
  return { ok: true, id: row.id };
}

export const CONFLICT_MESSAGE =
  "Cette vidéo a été modifiée par quelqu’un d’autre pendant que vous la modifiiez. Vos changements n’ont pas été enregistrés : rechargez la page pour voir la dernière version, puis recommencez.";

/** Saves only if the stored version is still `version` (optimistic locking). */
export async function updateVideo(
  id: number,
  version: number,
  input: VideoInput,
  userId: string,
): Promise<VideoSaveResult> {
  if (input.gradeId !== null && !(await gradeExists(input.gradeId))) {
    throw new DomainError(GRADE_MISSING, { field: "gradeId" });
  }
  const updated = await db
    .update(videos)
    .set({
      title: input.title,
      url: input.url.url,
      provider: input.url.provider,
      providerVideoId: input.url.id,
      gradeId: input.gradeId,
      category: input.category,
      description: input.description,
      position: input.position,
      updatedBy: userId,
      updatedAt: new Date(),
      version: sql`${videos.version} + 1`,
    })
    .where(and(eq(videos.id, id), eq(videos.version, version)))
    .returning({ id: videos.id });
  if (updated.length) return { ok: true, id };
  const exists = await getVideo(id);
  throw exists ? new DomainError(CONFLICT_MESSAGE, { status: 409 }) : new DomainError(VIDEO_GONE, { status: 404 });
}

/** Deletes a video and the members' « révisé » ticks that pointed at it. */
export async function deleteVideo(id: number): Promise<true> {
  // A missing video is a 404 DomainError (nothing deleted).
  return db.transaction(async (tx) => {
    await tx
      .delete(revisionProgress)
      .where(and(eq(revisionProgress.itemType, "video"), eq(revisionProgress.itemId, id)));
    const deleted = await tx.delete(videos).where(eq(videos.id, id)).returning({ id: videos.id });
    if (deleted.length === 0) throw new DomainError(VIDEO_GONE, { status: 404 });
    return true as const;
  });
}

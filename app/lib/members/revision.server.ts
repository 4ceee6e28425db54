/**
 * Revision material of a grade (techniques to know and videos, grouped by
 * category) and what each profile ticked as practised.
 */
import { and, asc, eq } from "drizzle-orm";
import { revisionProgress, techniques } from "#db/schema";
import { db } from "../core/db.server";
import { listVideosByGrade, type VideoView } from "../content/videos.server";
import { VIDEO_CATEGORIES } from "../content/video-links";

export type ItemType = "technique" | "video";

export interface RevisionItem {
  type: ItemType;
  id: number;
  title: string;
  description: string;
  category: string;
  done: boolean;
  video?: Pick<VideoView, "provider" | "providerVideoId" | "url">;
}

export interface RevisionCategory {
  category: string;
  label: string;
  items: RevisionItem[];
}

export interface RevisionMaterial {
  categories: RevisionCategory[];
  total: number;
  done: number;
  /** 0-100, rounded down (100 only when everything is done). */
  percent: number;
}

const CATEGORY_ORDER = VIDEO_CATEGORIES.map((c) => c.value as string);
const CATEGORY_LABELS: Record<string, string> = {
  technique: "Techniques",
  quyen: "Quyền (enchaînements)",
  "self-defense": "Self-défense",
  autre: "Autres",
};

export function categoryLabel(category: string): string {
  return CATEGORY_LABELS[category] ?? "Autres";
}

/** Ids of the items a profile ticked, by type. */
async function doneIds(profileId: number): Promise<Set<string>> {
  const rows = await db
    .select({ itemType: revisionProgress.itemType, itemId: revisionProgress.itemId })
    .from(revisionProgress)
    .where(eq(revisionProgress.profileId, profileId));
  return new Set(rows.map((r) => `${r.itemType}:${r.itemId}`));
}

async function gradeItems(gradeId: number): Promise<Omit<RevisionItem, "done">[]> {
  const techniqueRows = await db
    .select()
    .from(techniques)
    .where(eq(techniques.gradeId, gradeId))
    .orderBy(asc(techniques.position), asc(techniques.id));
  const groups = await listVideosByGrade();
  const videoRows = groups.find((g) => g.grade?.id === gradeId)?.videos ?? [];
  return [
    ...techniqueRows.map((t) => ({
      type: "technique" as const,
      id: t.id,
      title: t.title,
      description: t.description,
      category: t.category,
    })),
    ...videoRows.map((v) => ({
      type: "video" as const,
      id: v.id,
      title: v.title,
      description: v.description,
      category: v.category,
      video: { provider: v.provider, providerVideoId: v.providerVideoId, url: v.url },
    })),
  ];
}

/** The material of a grade for a profile, grouped by category, with its progress. */
export async function getRevisionMaterial(profileId: number, gradeId: number): Promise<RevisionMaterial> {
  const [items, done] = [await gradeItems(gradeId), await doneIds(profileId)];
  const byCategory = new Map<string, RevisionItem[]>();
  for (const item of items) {
    const key = CATEGORY_ORDER.includes(item.category) ? item.category : "autre";
    const list = byCategory.get(key) ?? [];
    list.push({ ...item, done: done.has(`${item.type}:${item.id}`) });
    byCategory.set(key, list);
  }
  const categories = CATEGORY_ORDER.filter((c) => byCategory.has(c)).map((c) => ({
    category: c,
    label: categoryLabel(c),
    items: byCategory.get(c)!,
  }));
  const total = items.length;
  const doneCount = categories.reduce((n, c) => n + c.items.filter((i) => i.done).length, 0);
  return { categories, total, done: doneCount, percent: total ? Math.floor((doneCount * 100) / total) : 0 };
}

/** True when the item exists and belongs to the grade (so a profile can only tick real material). */
export async function itemBelongsToGrade(type: ItemType, itemId: number, gradeId: number): Promise<boolean> {
  const items = await gradeItems(gradeId);
  return items.some((i) => i.type === type && i.id === itemId);
}

/** Ticks or unticks an item for a profile (ownership of the profile is checked by the caller). */
export async function setItemDone(profileId: number, type: ItemType, itemId: number, done: boolean): Promise<void> {
  if (done) {
    await db.insert(revisionProgress).values({ profileId, itemType: type, itemId }).onConflictDoNothing();
  } else {
    await db
      .delete(revisionProgress)
      .where(
        and(
          eq(revisionProgress.profileId, profileId),
          eq(revisionProgress.itemType, type),
          eq(revisionProgress.itemId, itemId),
        ),
      );
  }
}

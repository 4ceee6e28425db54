/**
 * Where the phone keeps its attendance marks, browser-safe:
 * localStorage, key `appel:marques:v1`. Apart from mark-queue.ts so that a
 * page can tell whether marks are waiting without loading the sending code
 * (the sign-out form of every page).
 */
import type { SyncMark } from "./attendance-schema";

const STORAGE_KEY = "appel:marques:v1";

function storage(): Storage | null {
  try {
    return typeof localStorage === "undefined" ? null : localStorage;
  } catch {
    return null;
  }
}

export function queuedMarks(): SyncMark[] {
  try {
    const raw = storage()?.getItem(STORAGE_KEY);
    const list: unknown = raw ? JSON.parse(raw) : [];
    return Array.isArray(list) ? (list as SyncMark[]) : [];
  } catch {
    return [];
  }
}

export function saveQueue(marks: SyncMark[]): void {
  try {
    storage()?.setItem(STORAGE_KEY, JSON.stringify(marks));
  } catch {
    // Storage full or forbidden: the mark is still sent now if the network allows.
  }
}

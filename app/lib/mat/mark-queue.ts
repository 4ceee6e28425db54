/**
 * The phone's queue of attendance marks, browser-safe.
 *
 * Rules:
 *  - Every tap becomes a mark with its own id (`crypto.randomUUID()`), kept
 *    in localStorage (key `appel:marques:v1`) BEFORE anything is sent, so a
 *    lost connection, a closed tab or a dead battery loses nothing that was
 *    tapped.
 *  - `sendQueued` sends every queued mark (all sessions) to the server in one
 *    POST; a mark leaves the queue only when the server answered for it
 *    (recorded, superseded by a later tap, or refused with a reason). A
 *    network error, a server error or an expired session keep the queue as it
 *    is: the next attempt (back online, next tap, next page load) sends it
 *    again, and the server applies each id once.
 *  - Only one sending at a time per page; a tap made while a sending is under
 *    way is sent right after it (the sending goes on while the queue keeps
 *    marks the server has not answered for), and the answers are gathered.
 */
import { ATTENDANCE_SYNC_PATH, SYNC_BATCH_MAX, type SyncAnswer, type SyncOutcome } from "./attendance";
import type { SyncMark } from "./attendance-schema";
import { queuedMarks, saveQueue } from "./mark-queue-storage";

export { queuedMarks };

function newId(): string {
  if (typeof crypto !== "undefined" && "randomUUID" in crypto) return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

/** Queues a tap and returns the mark. */
export function queueMark(mark: Omit<SyncMark, "clientMarkId" | "markedAt">, at: Date = new Date()): SyncMark {
  const full: SyncMark = { ...mark, clientMarkId: newId(), markedAt: at.toISOString() };
  saveQueue([...queuedMarks(), full]);
  return full;
}

/** How the last attempt ended, and the server's answers gathered meanwhile. */
export interface SendResult {
  kind: "sent" | "offline" | "signed-out" | "failed";
  results: SyncOutcome[];
}

let sending: Promise<SendResult> | null = null;

/** Sends the queued marks; removes those the server answered for. */
export function sendQueued(): Promise<SendResult> {
  // A tap during a sending: the running one picks it up (it reads the queue again after each answer).
  sending ??= sendAll().finally(() => {
    sending = null;
  });
  return sending;
}

async function sendAll(): Promise<SendResult> {
  const results: SyncOutcome[] = [];
  const tried = new Set<string>();
  for (;;) {
    const batch = queuedMarks()
      .filter((m) => !tried.has(m.clientMarkId))
      .slice(0, SYNC_BATCH_MAX);
    if (!batch.length) return { kind: "sent", results };
    for (const m of batch) tried.add(m.clientMarkId);
    const attempt = await send(batch);
    results.push(...attempt.results);
    if (attempt.kind !== "sent") return { kind: attempt.kind, results };
  }
}

async function send(batch: SyncMark[]): Promise<SendResult> {
  let res: Response;
  try {
    res = await fetch(ATTENDANCE_SYNC_PATH, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify({ marks: batch }),
      credentials: "same-origin",
      redirect: "manual",
    });
  } catch {
    return { kind: "offline", results: [] };
  }
  if (res.type === "opaqueredirect" || res.status === 401 || res.status === 302)
    return { kind: "signed-out", results: [] };
  if (!res.ok || !(res.headers.get("content-type") ?? "").includes("application/json"))
    return { kind: "failed", results: [] };
  const answer = (await res.json()) as SyncAnswer;
  const answered = new Set(answer.results.map((r) => r.clientMarkId));
  saveQueue(queuedMarks().filter((m) => !answered.has(m.clientMarkId)));
  return { kind: "sent", results: answer.results };
}

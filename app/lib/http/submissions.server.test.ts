/**
 * One-time submissions, on PGlite and PostgreSQL: the claim
 * lives in the database, a double submit works once and the replay gets the
 * first result; a refusal releases the key; a dead claim is taken over.
 * Clocks are injected, never read from the wall.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { formSubmissions } from "#db/schema";
import { db } from "../core/db.server";
import { resetSubmissions, submitOnce, SUBMISSION_FIELD } from "./submissions.server";

function form(values: Record<string, string>): FormData {
  const fd = new FormData();
  for (const [k, v] of Object.entries(values)) fd.set(k, v);
  return fd;
}

function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

beforeEach(async () => {
  await resetSubmissions();
});

describe("one-time submissions", () => {
  it("a double submit does the work once and the replay gets the first result", async () => {
    let runs = 0;
    const sent = form({ title: "Stage d’été", [SUBMISSION_FIELD]: "jeton-a" });
    const work = async () => `/articles/${++runs}`;
    const [a, b] = await Promise.all([
      submitOnce("article.create", sent, work),
      submitOnce("article.create", sent, work),
    ]);
    const third = await submitOnce("article.create", sent, work);
    expect(runs).toBe(1);
    expect([a, b].map((r) => r.status).sort()).toEqual(["first", "replay"]);
    expect(third).toEqual({ status: "replay", value: "/articles/1" });
    expect(await db.select().from(formSubmissions)).toHaveLength(1);
  });

  it("another token, scope or content is another submission", async () => {
    let runs = 0;
    const work = async () => ++runs;
    await submitOnce("event.create", form({ title: "A", [SUBMISSION_FIELD]: "t1" }), work);
    await submitOnce("event.create", form({ title: "A", [SUBMISSION_FIELD]: "t2" }), work);
    await submitOnce("article.create", form({ title: "A", [SUBMISSION_FIELD]: "t1" }), work);
    // Same token (a cached page), another visitor's content.
    await submitOnce("event.create", form({ title: "B", [SUBMISSION_FIELD]: "t1" }), work);
    expect(runs).toBe(4);
  });

  it("a repeat while the first still runs waits for it, or says « déjà envoyé » past its wait", async () => {
    const first = gate();
    const sent = form({ message: "Bonjour", [SUBMISSION_FIELD]: "jeton-b" });
    let runs = 0;
    const slow = submitOnce("contact", sent, async () => {
      runs++;
      await first.opened;
      return { id: 7 };
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await submitOnce("contact", sent, async () => ({ id: ++runs }), { waitMs: 0 })).toEqual({
      status: "pending",
    });
    const waiting = submitOnce("contact", sent, async () => ({ id: ++runs }));
    first.open();
    expect(await slow).toEqual({ status: "first", value: { id: 7 } });
    expect(await waiting).toEqual({ status: "replay", value: { id: 7 } });
    expect(runs).toBe(1);
  });

  it("a refused submission releases its key: the corrected resend runs", async () => {
    const sent = form({ title: "X", [SUBMISSION_FIELD]: "jeton-c" });
    await expect(submitOnce("user.create", sent, () => Promise.reject(new Error("refusé")))).rejects.toThrow("refusé");
    expect(await db.select().from(formSubmissions)).toHaveLength(0);
    expect(await submitOnce("user.create", sent, async () => "ok")).toEqual({ status: "first", value: "ok" });
  });

  it("a claim left by a dead process is taken over after 10 minutes; keys are forgotten after 24 hours", async () => {
    const start = new Date("2026-03-01T10:00:00Z");
    const sent = form({ title: "X", [SUBMISSION_FIELD]: "jeton-d" });
    // The claim of a process that died mid-work (no result).
    await db.insert(formSubmissions).values({ key: "autre", scope: "x", createdAt: start });
    const at = (minutes: number) => () => new Date(start.getTime() + minutes * 60_000);
    const dead = gate();
    void submitOnce("event.create", sent, () => dead.opened, { now: at(0) }); // never finishes
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await submitOnce("event.create", sent, async () => "nouveau", { now: at(5), waitMs: 0 })).toEqual({
      status: "pending",
    });
    expect(await submitOnce("event.create", sent, async () => "nouveau", { now: at(11), waitMs: 0 })).toEqual({
      status: "first",
      value: "nouveau",
    });
    expect(await submitOnce("event.create", sent, async () => "encore", { now: at(60) })).toEqual({
      status: "replay",
      value: "nouveau",
    });
    expect(await submitOnce("event.create", sent, async () => "le lendemain", { now: at(25 * 60) })).toEqual({
      status: "first",
      value: "le lendemain",
    });
    expect((await db.select().from(formSubmissions)).map((r) => r.key)).not.toContain("autre");
  });

  it("without a token nothing is claimed, unless the content is the key", async () => {
    let runs = 0;
    const work = async () => ++runs;
    await submitOnce("event.create", form({ title: "A" }), work);
    await submitOnce("event.create", form({ title: "A" }), work);
    expect(runs).toBe(2);
    await submitOnce("contact", form({ message: "M" }), work, { contentKey: true });
    await submitOnce("contact", form({ message: "M" }), work, { contentKey: true });
    expect(runs).toBe(3);
  });
});

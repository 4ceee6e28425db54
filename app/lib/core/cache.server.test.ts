/**
 * The caches (cache.server.ts): kept until any write through `db`, or until
 * the instant they stop being true; a read that overlapped a write is not kept. Fake clock only.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { articles, events } from "#db/schema";
import { db, transaction } from "./db.server";
import { cachedRead } from "./cache.server";
import { publishedArticlesPage, upcomingEvents } from "../content/public-reads.server";

afterEach(() => {
  vi.useRealTimers();
});

function counted(value = "valeur", until?: number) {
  const loader = { loads: 0, load: async () => ({ value: `${value} ${++loader.loads}`, until }) };
  return loader;
}

describe("cachedRead", () => {
  it("keeps a read until anything is written through db, then reads again", async () => {
    const reader = counted();
    expect(await cachedRead("clé-a", reader.load)).toBe("valeur 1");
    expect(await cachedRead("clé-a", reader.load)).toBe("valeur 1");
    await db.insert(events).values({ title: "Stage", startsAt: new Date(), endsAt: new Date() });
    expect(await cachedRead("clé-a", reader.load)).toBe("valeur 2");
    await transaction(async () => {
      await db.select().from(events);
    });
    expect(await cachedRead("clé-a", reader.load)).toBe("valeur 3"); // a transaction's end counts
  });

  it("reads again once the instant the value gave has passed", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-03-10T12:00:00Z"));
    const reader = counted("valeur", new Date("2026-03-10T13:00:00Z").getTime());
    expect(await cachedRead("clé-b", reader.load)).toBe("valeur 1");
    vi.setSystemTime(new Date("2026-03-10T12:59:59Z"));
    expect(await cachedRead("clé-b", reader.load)).toBe("valeur 1");
    vi.setSystemTime(new Date("2026-03-10T13:00:00Z"));
    expect(await cachedRead("clé-b", reader.load)).toBe("valeur 2");
  });

  it("never keeps a read that a write overlapped, and shares one read between concurrent callers", async () => {
    let release = () => {};
    let loads = 0;
    const slow = async () => {
      loads++;
      await new Promise<void>((r) => (release = r));
      return { value: `lu ${loads}` };
    };
    const first = cachedRead("clé-c", slow);
    const second = cachedRead("clé-c", slow);
    await db.insert(events).values({ title: "Stage", startsAt: new Date(), endsAt: new Date() });
    release();
    expect(await first).toBe("lu 1");
    expect(await second).toBe("lu 1");
    expect(loads).toBe(1);
    const third = cachedRead("clé-c", slow);
    release();
    expect(await third).toBe("lu 2"); // the first was not kept
  });
});

describe("the public pages' reads", () => {
  it("show a scheduled article on the news list once its time has come, without any write", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-03-10T12:00:00Z"));
    await db.insert(articles).values([
      { slug: "publie", title: "Publié", status: "publie", publishedAt: new Date("2026-03-01T10:00:00Z") },
      { slug: "programme", title: "Programmé", status: "programme", publishedAt: new Date("2026-03-10T14:00:00Z") },
    ]);
    expect((await publishedArticlesPage(1, 9)).items.map((a) => a.title)).toEqual(["Publié"]);
    vi.setSystemTime(new Date("2026-03-10T14:00:00Z"));
    expect((await publishedArticlesPage(1, 9)).items.map((a) => a.title)).toEqual(["Programmé", "Publié"]);
  });

  it("drop an event from the upcoming list once it has ended, and never mix in members-only events", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-03-10T12:00:00Z"));
    await db.delete(events); // the events of the tests above
    await db.insert(events).values([
      { title: "Démonstration", startsAt: new Date("2026-03-10T13:00:00Z"), endsAt: new Date("2026-03-10T15:00:00Z") },
      { title: "Stage", startsAt: new Date("2026-03-21T09:00:00Z"), endsAt: new Date("2026-03-21T16:00:00Z") },
      {
        title: "Réunion des membres",
        startsAt: new Date("2026-03-15T18:00:00Z"),
        endsAt: new Date("2026-03-15T19:00:00Z"),
        membersOnly: true,
      },
    ]);
    expect((await upcomingEvents(3, true)).map((e) => e.title)).toEqual([
      "Démonstration",
      "Réunion des membres",
      "Stage",
    ]);
    expect((await upcomingEvents(3)).map((e) => e.title)).toEqual(["Démonstration", "Stage"]);
    vi.setSystemTime(new Date("2026-03-10T15:00:00Z"));
    expect((await upcomingEvents(3)).map((e) => e.title)).toEqual(["Stage"]);
  });
});

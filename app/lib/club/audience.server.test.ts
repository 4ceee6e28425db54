/**
 * First-party audience counts: the beacon endpoint through the
 * request harness (same-origin only, bots, refusals and private pages not
 * counted, nothing stored that identifies a visitor), the 25-month retention
 * on a fake clock, and the dashboard summary.
 */
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { audiencePageViews, audienceReferrers, jobRuns } from "#db/schema";
import { db } from "../core/db.server";
import { seedDatabase } from "../core/seed.server";
import { parisDate } from "../core/time";
import { app } from "../../../tests/helpers/app";
import { createUser } from "../../../tests/helpers/auth";
import { audienceCutoff, audienceSummary, countPageView, purgeOldAudience } from "./audience.server";
import { countedPath, referrerDomain } from "./audience";

const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";

function beacon(page: string, extra: { ref?: string; headers?: Record<string, string> } = {}) {
  const params = new URLSearchParams({ page });
  if (extra.ref) params.set("ref", extra.ref);
  return app.fetch(`/api/audience?${params.toString()}`, {
    headers: { "user-agent": BROWSER, "sec-fetch-site": "same-origin", ...extra.headers },
  });
}

async function viewsOf(path: string): Promise<number> {
  const rows = await db.select().from(audiencePageViews).where(eq(audiencePageViews.path, path));
  return rows.reduce((a, r) => a + r.views, 0);
}

beforeAll(async () => {
  await seedDatabase();
});

beforeEach(async () => {
  await db.delete(audiencePageViews);
  await db.delete(audienceReferrers);
});

describe("the audience beacon", () => {
  it("counts a page view per page and per day, and the referring domain, with no cookie set", async () => {
    const res = await beacon("/tarifs-horaires", { ref: "google.com" });
    expect(res.status).toBe(204);
    expect(res.headers.get("set-cookie")).toBeNull();
    expect(res.headers.get("cache-control")).toBe("no-store");
    await beacon("/tarifs-horaires");
    const rows = await db.select().from(audiencePageViews);
    expect(rows).toEqual([{ day: parisDate(), path: "/tarifs-horaires", views: 2 }]);
    expect(await db.select().from(audienceReferrers)).toEqual([{ day: parisDate(), domain: "google.com", visits: 1 }]);
  });

  it("stores only the path: no query string, no IP address, no user agent", async () => {
    await beacon("/contact?email=jean@exemple.fr");
    expect(await db.select().from(audiencePageViews)).toEqual([]);
    await beacon("/contact/");
    const columns = Object.keys((await db.select().from(audiencePageViews))[0] ?? {});
    expect(columns.sort()).toEqual(["day", "path", "views"]);
    expect(await viewsOf("/contact")).toBe(1);
  });

  it("does not count another site's request, a bot, Do Not Track or Global Privacy Control", async () => {
    await beacon("/", { headers: { "sec-fetch-site": "cross-site" } });
    await app.fetch("/api/audience?page=%2F", {
      headers: { "user-agent": BROWSER, referer: "https://ailleurs.example/" },
    });
    await beacon("/", {
      headers: { "user-agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" },
    });
    await beacon("/", { headers: { dnt: "1" } });
    await beacon("/", { headers: { "sec-gpc": "1" } });
    expect(await viewsOf("/")).toBe(0);
    await beacon("/");
    expect(await viewsOf("/")).toBe(1);
  });

  it("never counts the member area, the account pages or secret links", async () => {
    for (const page of [
      "/espace-membre",
      "/espace-membre/profil",
      "/connexion",
      "/reinitialiser-mot-de-passe",
      "/installation",
      "/calendrier/membre/abc.ics",
    ]) {
      await beacon(page);
    }
    expect(await db.select().from(audiencePageViews)).toEqual([]);
  });
});

describe("audience rules", () => {
  it("keeps clean public paths only", () => {
    expect(countedPath("/la-vie-du-club/actualites/12-rentree")).toBe("/la-vie-du-club/actualites/12-rentree");
    expect(countedPath("/contact/")).toBe("/contact");
    expect(countedPath("/a?b")).toBeNull();
    expect(countedPath("/../etc")).toBeNull();
    expect(countedPath("/espace-membre/grades")).toBeNull();
    expect(countedPath("/inscription-documents")).toBe("/inscription-documents");
    expect(countedPath("/inscription")).toBeNull();
  });

  it("reduces a referrer to another site's domain", () => {
    expect(referrerDomain("https://www.google.com/search?q=vovinam", "club.fr")).toBe("google.com");
    expect(referrerDomain("https://club.fr/contact", "club.fr")).toBeNull();
    expect(referrerDomain("http://localhost:3000/", "localhost:3000")).toBeNull();
    expect(referrerDomain("android-app://com.facebook", "club.fr")).toBeNull();
    expect(referrerDomain("", "club.fr")).toBeNull();
  });
});

describe("retention (fake clock)", () => {
  it("deletes the counts older than 25 months, once per Paris day", async () => {
    const now = new Date("2028-12-15T10:00:00Z");
    expect(audienceCutoff(now)).toBe("2026-11-15");
    await db.insert(audiencePageViews).values([
      { day: "2026-11-14", path: "/", views: 3 },
      { day: "2026-11-15", path: "/", views: 4 },
      { day: "2028-12-15", path: "/", views: 5 },
    ]);
    await db.insert(audienceReferrers).values([
      { day: "2026-10-01", domain: "google.com", visits: 1 },
      { day: "2027-01-01", domain: "google.com", visits: 2 },
    ]);
    await db.delete(jobRuns).where(eq(jobRuns.name, "audience-purge"));
    expect(await purgeOldAudience(now)).toEqual({ pages: 1, referrers: 1 });
    expect((await db.select().from(audiencePageViews)).map((r) => r.day).sort()).toEqual(["2026-11-15", "2028-12-15"]);
    expect((await db.select().from(audienceReferrers)).map((r) => r.day)).toEqual(["2027-01-01"]);
    // Same day again: already done. Next day: the limit moves by one day.
    expect(await purgeOldAudience(new Date("2028-12-15T22:00:00Z"))).toBeNull();
    expect(await purgeOldAudience(new Date("2028-12-16T10:00:00Z"))).toEqual({ pages: 1, referrers: 0 });
  });
});

describe("the dashboard card", () => {
  it("shows admins 30 days of views, the top pages and the referrers", async () => {
    const now = new Date("2026-11-20T12:00:00Z");
    await countPageView({ path: "/", userAgent: BROWSER, referrer: "qwant.com", now });
    await countPageView({ path: "/", userAgent: BROWSER, now });
    await countPageView({ path: "/contact", userAgent: BROWSER, now: new Date("2026-11-19T12:00:00Z") });
    await countPageView({ path: "/contact", userAgent: BROWSER, now: new Date("2026-10-01T12:00:00Z") });
    const summary = await audienceSummary(now);
    expect(summary.days).toHaveLength(30);
    expect(summary.days.at(-1)).toEqual({ day: "2026-11-20", views: 2 });
    expect(summary.days.at(-2)).toEqual({ day: "2026-11-19", views: 1 });
    expect(summary.total).toBe(3);
    expect(summary.pages).toEqual([
      { path: "/", views: 2 },
      { path: "/contact", views: 1 },
    ]);
    expect(summary.referrers).toEqual([{ domain: "qwant.com", visits: 1 }]);

    const admin = await createUser({ roles: ["admin"] });
    const page = await app.get("/espace-membre/contenu", { as: admin });
    expect(page.status).toBe(200);
    expect(page.data).toMatchObject({ audience: { days: expect.any(Array) } });
    const member = await createUser({ roles: ["membre"] });
    expect((await app.get("/espace-membre/contenu", { as: member })).redirect).toBe("/espace-membre");
  });
});

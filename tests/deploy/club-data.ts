/**
 * The upgrade test's club data, in DATA_DIR's embedded database (no server
 * holding it), through the site's own domain code:
 *  - `tsx tests/deploy/club-data.ts seed`: migrates and seeds like a first
 *    start, then two families with password accounts, a child's profile, a
 *    season registration and an uploaded photo, then prints the facts below;
 *  - `tsx tests/deploy/club-data.ts facts`: prints, as one JSON line, what the
 *    test compares before and after an upgrade (row counts, the accounts'
 *    names, the registrations' totals, the photo's files, the probe table a
 *    test migration adds).
 * Test data only: names are the tests' own, no club's.
 */
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { media, profiles, registrationLines, registrations, users } from "#db/schema";
import { createPasswordUser } from "~/lib/accounts/auth.server";
import { ensureOwnProfile } from "~/lib/members/profiles.server";
import { submitRegistration } from "~/lib/members/registrations.server";
import { storeUpload } from "~/lib/content/uploads.server";
import { closeDatabase, db, openDatabase } from "~/lib/core/db.server";
import { env } from "~/lib/core/env.server";
import { seedDatabase } from "~/lib/core/seed.server";

const SEASON = "2026-2027";

const line = (profileId: number, priceCents: number) => ({
  profileId,
  groupName: "Adultes",
  priceCents,
  discountCents: 0,
  aidCents: 0,
  parentalAuthorisation: true,
  photoConsent: "oui" as const,
  rulesVersion: "essai",
  emergencyContacts: "Parent : 06 00 00 00 00",
});

async function seed() {
  await seedDatabase();
  const families = [
    { email: "famille-un@exemple.org", prenom: "Camille", nom: "Essai", child: "Léo" },
    { email: "famille-deux@exemple.org", prenom: "Dominique", nom: "Témoin", child: "Inès" },
  ];
  for (const [i, f] of families.entries()) {
    const user = await createPasswordUser({
      email: f.email,
      password: "Une phrase de passe assez longue 42",
      prenom: f.prenom,
      nom: f.nom,
    });
    const self = await ensureOwnProfile(user.id);
    const [child] = await db
      .insert(profiles)
      .values({ ownerId: user.id, prenom: f.child, nom: f.nom, relationship: "enfant", dateOfBirth: "2015-03-02" })
      .returning();
    await submitRegistration(user.id, SEASON, {
      lines: [line(self.id, 25_000 + i * 100), line(child!.id, 19_000)],
      instalments: 1,
      aidCodes: [],
    });
  }
  const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#c03020" } })
    .png()
    .toBuffer();
  await storeUpload(new File([new Uint8Array(png)], "photo-essai.png", { type: "image/png" }), {
    accept: "image",
    alt: "Photo d'essai",
  });
}

function filesOf(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string) => {
    let entries;
    try {
      entries = readdirSync(d, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      const full = path.join(d, e.name);
      if (e.isDirectory()) walk(full);
      else if (statSync(full).isFile())
        out[path.relative(dir, full)] = createHash("sha256").update(readFileSync(full)).digest("hex");
    }
  };
  walk(dir);
  return out;
}

async function count(table: string): Promise<number | null> {
  const rowsOf = (r: unknown) => (r as { rows: Array<Record<string, unknown>> }).rows;
  const [found] = rowsOf(await db.execute(sql`select to_regclass(${"public." + table}) is not null as present`));
  if (!found?.present) return null;
  const [row] = rowsOf(await db.execute(sql.raw(`select count(*) as n from ${table}`)));
  return Number(row?.n);
}

async function facts() {
  const names = await db.select({ name: users.name }).from(users).orderBy(users.email);
  const totals = await db
    .select({ total: registrations.totalCents })
    .from(registrations)
    .where(eq(registrations.season, SEASON))
    .orderBy(registrations.id);
  const photos = await db.select({ key: media.storageKey }).from(media).orderBy(media.id);
  return {
    users: await count("users"),
    profiles: await count("profiles"),
    registrations: await count("registrations"),
    registrationLines: (await db.select({ id: registrationLines.id }).from(registrationLines)).length,
    media: photos.map((m) => m.key),
    names: names.map((n) => n.name),
    totals: totals.map((t) => t.total),
    uploads: filesOf(path.join(env().DATA_DIR, "uploads")),
    probe: await count("upgrade_probe"),
  };
}

const mode = process.argv[2];
await openDatabase({ url: "", pgliteDir: path.join(env().DATA_DIR, "pglite"), migrate: mode === "seed" });
try {
  if (mode === "seed") await seed();
  console.log(JSON.stringify(await facts()));
} finally {
  await closeDatabase();
}

/**
 * The grade diploma on real PGlite, read back as a PDF reader would
 * (tests/helpers/pdf-text.ts): a Vietnamese member's name and grade keep every
 * letter, the page says who, what, when, where and which jury, and the font is
 * embedded as a subset.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { examCandidates, examJury, examSessions, grades, profiles } from "#db/schema";
import { createUser } from "../../../tests/helpers/auth";
import { readPdf } from "../../../tests/helpers/pdf-text";
import { db } from "../core/db.server";
import { seedDatabase } from "../core/seed.server";
import { getSetting } from "../club/settings.server";
import { listGrades } from "./grades.server";
import { diplomaPdf } from "./exam-diploma.server";

let candidateId: number;
let managerId: string;

beforeAll(async () => {
  await seedDatabase();
  const table = await listGrades();
  const grade = table[7]!;
  // Admins name the grades: a name with every kind of mark.
  await db.update(grades).set({ vietnameseName: "Hoàng đai tam cấp" }).where(eq(grades.id, grade.id));
  const manager = await createUser({ roles: ["user_manager"], prenom: "Hélène", nom: "Gestion" });
  managerId = manager.user.id;
  const juror = await createUser({ roles: ["membre"], prenom: "Văn Hùng", nom: "Trần" });
  const other = await createUser({ roles: ["membre"], prenom: "Thị Mai", nom: "Phạm" });
  const family = await createUser({ roles: ["membre"], prenom: "Lan", nom: "Nguyễn" });
  const [profile] = await db
    .insert(profiles)
    .values({ ownerId: family.user.id, prenom: "Nguyễn Thị", nom: "Đức", relationship: "enfant" })
    .returning();
  const [session] = await db
    .insert(examSessions)
    .values({ examDate: "2027-02-13", place: "Gymnase Léo-Lagrange, Créteil", status: "terminee" })
    .returning();
  await db.insert(examJury).values([
    { sessionId: session!.id, userId: juror.user.id },
    { sessionId: session!.id, userId: other.user.id },
  ]);
  const [candidate] = await db
    .insert(examCandidates)
    .values({ sessionId: session!.id, profileId: profile!.id, gradeId: grade.id, result: "reussi" })
    .returning();
  candidateId = candidate!.id;
});

describe("the grade diploma", () => {
  it("prints the member's and the grade's names with every Vietnamese letter, the exam's day and place, and the jury", async () => {
    const { pdf, fileName } = await diplomaPdf({ id: managerId, roles: ["user_manager"] }, candidateId);
    const { lines, title, fontFileSizes } = await readPdf(pdf);
    const identity = await getSetting("identity");
    expect(lines).toContain(identity.clubName);
    expect(lines).toContain("Diplôme de grade");
    expect(lines).toContain("Nguyễn Thị Đức");
    expect(lines).toContain("Hoàng đai tam cấp");
    expect(lines).toContain("Ceinture jaune, 2 barrettes rouges (2e dang)");
    expect(lines).toContain("Examen du 13 février 2027");
    expect(lines).toContain("Gymnase Léo-Lagrange, Créteil");
    expect(lines).toContain("Le jury");
    // By last name: Phạm, then Trần.
    expect(lines.indexOf("Thị Mai Phạm")).toBeLessThan(lines.indexOf("Văn Hùng Trần"));
    expect(lines.indexOf("Thị Mai Phạm")).toBeGreaterThan(-1);
    expect(title).toBe("Diplôme de grade\u00a0: Nguyễn Thị Đức, Hoàng đai tam cấp");
    for (const size of Object.values(fontFileSizes)) expect(size).toBeLessThan(40_000);
    // The file name keeps the letters, without their marks.
    expect(fileName).toBe("diplome-nguyen-thi-duc-2027-02-13.pdf");
  });
});

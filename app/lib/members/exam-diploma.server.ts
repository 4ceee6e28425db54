/**
 * The printable diploma of a passed grade exam: one A4 page, framed
 * (core/pdf.server.ts), with the club's name (identity
 * setting), the member's name, the grade's Vietnamese and French names
 * exactly as the grade table writes them (every diacritic printed), the day
 * and place of the exam, and the signatures: the club (president) and the
 * jury of the session, by name. Access is checked by `diplomaFacts`
 * (exam-jury.server.ts) before anything else is read.
 */
import { asc, eq } from "drizzle-orm";
import { examCandidates, examJury, users } from "#db/schema";
import { getSetting } from "../club/settings.server";
import { clubDisplayName } from "../club/identity";
import { db } from "../core/db.server";
import { simplePdf, type PdfBlock } from "../core/pdf.server";
import { formatDate } from "../core/time";
import type { SessionUser } from "../accounts/session.server";
import { diplomaFacts } from "./exam-jury.server";

/** The names of the jury of the candidate's session (the e-mail when no name), by last name. */
async function juryNames(candidateId: number): Promise<string[]> {
  const rows = await db
    .select({ prenom: users.prenom, nom: users.nom, email: users.email })
    .from(examCandidates)
    .innerJoin(examJury, eq(examJury.sessionId, examCandidates.sessionId))
    .innerJoin(users, eq(users.id, examJury.userId))
    .where(eq(examCandidates.id, candidateId))
    .orderBy(asc(users.nom), asc(users.prenom));
  return rows.map((r) => `${r.prenom} ${r.nom}`.trim() || r.email);
}

export async function diplomaPdf(
  user: Pick<SessionUser, "id" | "roles">,
  candidateId: number,
): Promise<{ pdf: Uint8Array<ArrayBuffer>; fileName: string }> {
  const facts = await diplomaFacts(user, candidateId);
  const identity = await getSetting("identity");
  const legal = await getSetting("legal");
  const jury = await juryNames(candidateId);
  const lines: PdfBlock[] = [
    { text: clubDisplayName(identity), size: 17, bold: true, color: "club", center: true, gapBefore: 40 },
    {
      text: identity.associationName === clubDisplayName(identity) ? "" : identity.associationName,
      size: 10,
      color: "muted",
      center: true,
    },
    { text: "Vovinam Viet Vo Dao", size: 12, color: "muted", center: true, gapBefore: 2 },
    { text: "Diplôme de grade", size: 36, bold: true, color: "club", center: true, gapBefore: 72 },
    { text: "décerné à", size: 13, center: true, gapBefore: 56 },
    { text: facts.name, size: 26, bold: true, center: true, gapBefore: 10 },
    { text: "qui a réussi l’examen du grade", size: 13, center: true, gapBefore: 44 },
    { text: facts.grade.vietnameseName, size: 26, bold: true, color: "club", center: true, gapBefore: 10 },
    { text: facts.grade.frenchName, size: 15, center: true, gapBefore: 4 },
    { text: `Examen du ${formatDate(facts.examDate)}`, size: 13, center: true, gapBefore: 52 },
    { text: facts.place, size: 13, center: true, color: "muted" },
    // The signatures: the headings, the names, then room to sign below.
    { text: "Pour le club", right: "Le jury", size: 12, bold: true, gapBefore: 84 },
    { text: legal.president, right: jury[0] ?? "", size: 11, gapBefore: 4 },
    ...jury.slice(1).map((name) => ({ text: "", right: name, size: 11 })),
  ];
  const blocks = lines.filter((b) => b.text || b.right);
  const pdf = await simplePdf(blocks, {
    title: `Diplôme de grade : ${facts.name}, ${facts.grade.vietnameseName}`,
    author: identity.associationName || clubDisplayName(identity),
    frame: true,
    top: 40,
  });
  const slug =
    facts.name
      .normalize("NFD")
      .replace(/[\u0300-\u036f]/g, "")
      .replace(/đ/g, "d")
      .replace(/Đ/g, "D")
      .replace(/[^\w]+/g, "-")
      .replace(/^-|-$/g, "")
      // eslint-disable-next-line no-restricted-syntax -- the word of a file name, not a role
      .toLowerCase() || "membre";
  return { pdf, fileName: `diplome-${slug}-${facts.examDate}.pdf` };
}

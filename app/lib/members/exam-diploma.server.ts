/**
 * The printable diploma of a passed grade exam: a one-page PDF
 * (core/pdf.server.ts) with the club's name (identity setting), the member's
 * name, the grade's French and Vietnamese names and the exam day. Access is
 * checked by `diplomaFacts` (exam-jury.server.ts).
 */
import { getSetting } from "../club/settings.server";
import { simplePdf } from "../core/pdf.server";
import { formatDate } from "../core/time";
import type { SessionUser } from "../accounts/session.server";
import { diplomaFacts } from "./exam-jury.server";

export async function diplomaPdf(
  user: Pick<SessionUser, "id" | "roles">,
  candidateId: number,
): Promise<{ pdf: Uint8Array<ArrayBuffer>; fileName: string }> {
  const facts = await diplomaFacts(user, candidateId);
  const identity = await getSetting("identity");
  const legal = await getSetting("legal");
  const pdf = simplePdf(
    [
      { text: identity.clubName, size: 16, center: true, gapBefore: 40 },
      { text: identity.associationName === identity.clubName ? "" : identity.associationName, size: 10, center: true },
      { text: "Diplôme de grade", size: 30, center: true, gapBefore: 70 },
      { text: "Vovinam Viet Vo Dao", size: 14, center: true, gapBefore: 6 },
      { text: "décerné à", size: 13, center: true, gapBefore: 50 },
      { text: facts.name, size: 24, center: true, gapBefore: 10 },
      { text: "qui a réussi l’examen du grade", size: 13, center: true, gapBefore: 40 },
      { text: facts.grade.vietnameseName, size: 22, center: true, gapBefore: 10 },
      { text: facts.grade.frenchName, size: 14, center: true, gapBefore: 4 },
      { text: `le ${formatDate(facts.examDate)} (${facts.place})`, size: 13, center: true, gapBefore: 40 },
      {
        text: legal.president ? `Pour le club : ${legal.president}` : "Pour le club",
        size: 11,
        center: true,
        gapBefore: 90,
      },
      { text: "Le jury", size: 11, center: true, gapBefore: 30 },
    ].filter((b) => b.text),
  );
  const slug =
    facts.name
      .normalize("NFD")
      .replace(/[^\w]+/g, "-")
      .replace(/^-|-$/g, "")
      .toLowerCase() || "membre";
  return { pdf, fileName: `diplome-${slug}-${facts.examDate}.pdf` };
}

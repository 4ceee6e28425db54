/** To a family: its members are convoked to a grade exam (one line and revision link per candidate). */
import { clubDisplayName } from "../../club/identity";
import { formatDate, formatLongDate } from "../../core/time";
import { href } from "react-router";
import { defineMail } from "./layout";

export interface ExamConvocationData {
  prenom: string;
  /** The exam's day, YYYY-MM-DD. */
  examDate: string;
  place: string;
  candidates: ReadonlyArray<{ name: string; grade: string; revisionPath: string }>;
}

export const examConvocationMail = defineMail({
  id: "convocation-examen",
  label: "Convocation au passage de grade",
  when: "À la famille des candidats qu'un responsable convoque à une session d'examen.",
  sample: {
    prenom: "Camille",
    examDate: "2027-06-12",
    place: "Dojo",
    candidates: [
      { name: "Léo Exemple", grade: "Lam đai I", revisionPath: `${href("/espace-membre/revision")}?grade=3` },
    ],
  },
  write: (d: ExamConvocationData, club) => {
    const name = clubDisplayName(club.identity);
    return {
      subject: `Convocation au passage de grade du ${formatDate(d.examDate)}`,
      lines: [
        `Bonjour${d.prenom ? ` ${d.prenom}` : ""},`,
        "",
        `${name} a le plaisir de convoquer au passage de grade du ${formatLongDate(d.examDate)}, lieu : ${d.place} :`,
        "",
        ...d.candidates.flatMap((c) => [
          `• ${c.name} présente le grade ${c.grade}.`,
          `  Le programme à réviser : ${club.baseUrl}${c.revisionPath}`,
        ]),
        "",
        "Venez en tenue (võ phục) avec votre ceinture actuelle, un peu avant l'heure indiquée par les enseignants.",
        "",
        "Sportivement,",
        name,
      ],
    };
  },
});

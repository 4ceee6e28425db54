/**
 * To a visitor who booked a trial class (the e-mail they gave): when, where,
 * what to bring. Only the club's own facts: an empty line of the venue is
 * left out.
 */
import { clubDisplayName, venueLines } from "../../club/identity";
import { formatLongDate, formatTime } from "../../core/time";
import { defineMail } from "./layout";

const NUMBER_WORDS = ["zéro", "un", "deux", "trois", "quatre", "cinq"];

/** "Le premier cours est gratuit…", "Les deux premiers cours…"; null when none is free. */
export function freeClassesText(count: number): string | null {
  if (count <= 0) return null;
  if (count === 1) return "Le premier cours est gratuit et sans engagement.";
  return `Les ${NUMBER_WORDS[count] ?? count} premiers cours sont gratuits et sans engagement.`;
}

export interface TrialConfirmationData {
  /** Who is greeted: the parent for a child, else the person. */
  greeting: string;
  /** The child's first name when a parent booked for a child, else null. */
  childPrenom: string | null;
  group: string;
  level: string;
  /** The session's day (YYYY-MM-DD) and times (HH:MM). */
  date: string;
  start: string;
  end: string;
  /** The room of the class, when the schedule names one. */
  place: string;
  /** Free trial classes (club setting). */
  trialClasses: number;
}

export const trialConfirmationMail = defineMail({
  id: "cours-essai-confirmation",
  label: "Cours d'essai réservé",
  when: "Au visiteur qui réserve un cours d'essai en donnant son e-mail.",
  sample: {
    greeting: "Camille",
    childPrenom: null,
    group: "Adultes",
    level: "tous niveaux",
    date: "2026-09-16",
    start: "19:00",
    end: "20:30",
    place: "Dojo",
    trialClasses: 2,
  },
  write: (d: TrialConfirmationData, club) => {
    const base = club.baseUrl;
    const level = d.level ? ` (${d.level})` : "";
    const place = [d.place, ...venueLines(club.identity)].filter(Boolean).join(", ");
    const clubName = clubDisplayName(club.identity);
    const free = freeClassesText(d.trialClasses);
    return {
      subject: `Votre cours d'essai du ${formatLongDate(d.date)} à ${formatTime(d.start)}`,
      lines: [
        `Bonjour ${d.greeting},`,
        "",
        `Votre demande de cours d'essai au club ${clubName} est bien enregistrée${d.childPrenom ? ` pour ${d.childPrenom}` : ""}.`,
        "",
        `Cours : ${d.group}${level}`,
        `Date : ${formatLongDate(d.date)}, de ${formatTime(d.start)} à ${formatTime(d.end)}`,
        ...(place ? [`Lieu : ${place}`] : []),
        `Plan et accès : ${base}/adresse-acces`,
        "",
        "À prévoir : une tenue de sport confortable et une gourde d'eau.",
        `Le matériel pour la suite (tenue du club, protections) : ${base}/equipement`,
        ...(free ? ["", free] : []),
        "",
        "Un membre du bureau pourra vous contacter pour confirmer. Pour changer de date ou annuler, répondez simplement à ce message.",
        "",
        clubName,
      ],
    };
  },
});

/**
 * To a family, at most once a week: what is left to do for the season (one
 * line per item, written by reminders.server.ts). Stops by itself.
 */
import { clubDisplayName } from "../../club/identity";
import { defineMail } from "./layout";

export const familyReminderMail = defineMail({
  id: "rappel-saison",
  label: "Rappel de la saison",
  when: "Aux familles à qui il reste quelque chose à faire pour la saison (une fois par semaine au plus).",
  sample: {
    prenom: "Camille",
    season: "2026-2027",
    items: [
      "Léo Exemple : le certificat médical expire le 5 novembre 2026 ; envoyez le document à jour avant cette date (https://club.exemple.fr/espace-membre/inscription/pieces)",
      "Léo Exemple : cotisation de la saison non enregistrée (à régler auprès d'un responsable : chèque, espèces, virement, Pass'Sport… ; les tarifs : https://club.exemple.fr/tarifs-horaires)",
    ] as readonly string[],
  },
  write: (d: { prenom: string; season: string; items: readonly string[] }, club) => ({
    subject: familyReminderSubject(d.season),
    lines: [
      `Bonjour ${d.prenom},`.replace(" ,", ","),
      "",
      `Pour la saison ${d.season}, il reste à faire :`,
      ...d.items.map((i) => `- ${i}`),
      "",
      "Ce rappel s'arrête de lui-même dès que tout est en ordre. Si c'est déjà fait, merci de ne pas en tenir compte.",
      "",
      clubDisplayName(club.identity),
    ],
  }),
});

/** The reminder's subject (also shown on the managers' reminders page). */
export function familyReminderSubject(season: string): string {
  return `Saison ${season} : ce qu'il reste à faire`;
}

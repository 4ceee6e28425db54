/**
 * To each manager who chose « immédiat »: a new pré-inscription, an RGPD
 * deletion request (one month to answer) or a trial-class request. Names the
 * person and links to the page where it is handled, never more.
 */
import { href } from "react-router";
import { formatDateTime } from "../../core/time";
import { defineMail } from "./layout";

export type NotificationKind = "pre-inscription" | "suppression" | "cours-essai";

export interface NoticePerson {
  prenom: string;
  nom: string;
  /** The e-mail address, or the phone number when there is none (trial request). */
  email: string;
}

const SUBJECTS: Record<NotificationKind, string> = {
  "pre-inscription": "Nouvelle pré-inscription",
  suppression: "Demande de suppression de compte",
  "cours-essai": "Demande de cours d'essai",
};

const displayName = (who: NoticePerson) => `${who.prenom} ${who.nom}`.trim() || who.email;

/** One request as a line (also the lines of the daily digest, with a leading « - »). */
export function noticeLine(kind: NotificationKind, who: NoticePerson, at: Date): string {
  const name = displayName(who);
  if (kind === "cours-essai") return `Demande de cours d'essai : ${name} (${who.email}), le ${formatDateTime(at)}`;
  return kind === "pre-inscription"
    ? `Nouvelle pré-inscription : ${name} (${who.email}), le ${formatDateTime(at)}`
    : `Demande de suppression de compte (RGPD, réponse sous un mois) : ${name} (${who.email}), le ${formatDateTime(at)}`;
}

/** The line a manager ends on: how to get a daily summary or no e-mail. */
export function notificationChoiceLine(baseUrl: string): string {
  return `Vous recevez ce message immédiatement ; pour un résumé quotidien ou aucun e-mail : ${baseUrl}${href("/espace-membre/utilisateurs/rappels")}`;
}

function whereToHandle(kind: NotificationKind, base: string): string {
  const users = `${base}${href("/espace-membre/utilisateurs")}`;
  if (kind === "cours-essai") return `Pour la traiter : ${base}${href("/espace-membre/essais")}`;
  return kind === "pre-inscription"
    ? `Pour valider l'inscription : ${users}?statut=pre-inscrits`
    : `Pour la traiter (le club a un mois pour répondre) : ${users}`;
}

export interface ManagerNoticeData {
  prenom: string;
  kind: NotificationKind;
  who: NoticePerson;
  at: Date;
}

export const managerNoticeMail = defineMail({
  id: "responsables-demande",
  label: "Nouvelle demande (responsables)",
  when: "Aux responsables qui ont choisi « immédiat » : pré-inscription, demande de suppression de compte ou de cours d'essai.",
  sample: {
    prenom: "Dominique",
    kind: "pre-inscription",
    who: { prenom: "Camille", nom: "Exemple", email: "camille.exemple@exemple.fr" },
    at: new Date("2026-09-14T16:30:00Z"),
  },
  write: (d: ManagerNoticeData, club) => ({
    subject: `${SUBJECTS[d.kind]} : ${displayName(d.who)}`,
    lines: [
      `Bonjour ${d.prenom},`.replace(" ,", ","),
      "",
      noticeLine(d.kind, d.who, d.at),
      whereToHandle(d.kind, club.baseUrl),
      "",
      notificationChoiceLine(club.baseUrl),
    ],
  }),
});

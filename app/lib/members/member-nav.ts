/**
 * Pages of the member area, in the order of the sub-navigation. Which ones a
 * user sees follows the role table (allowedRolesFor), the same table the
 * guard enforces on the server.
 */
import { allowedRolesFor, hasAnyRole } from "../accounts/roles";

export interface MemberPage {
  to: string;
  label: string;
  description: string;
}

export const MEMBER_PAGES: readonly MemberPage[] = [
  { to: "/espace-membre", label: "Accueil", description: "Votre situation et les prochains rendez-vous." },
  { to: "/espace-membre/profil", label: "Mon profil", description: "Vos informations et celles de votre famille." },
  { to: "/espace-membre/grades", label: "Grades", description: "Votre grade, votre progression et le suivant." },
  { to: "/espace-membre/revision", label: "Révisions", description: "Les techniques et vidéos de votre prochain grade." },
  { to: "/espace-membre/brochure", label: "Brochure", description: "La brochure du club." },
  { to: "/espace-membre/contenu", label: "Contenu du site", description: "Tableau de bord de l'administration." },
  { to: "/espace-membre/todo", label: "À faire", description: "Les tâches des responsables." },
  { to: "/espace-membre/videos", label: "Vidéos", description: "Les vidéos de révision." },
  { to: "/espace-membre/exploitation", label: "Exploitation", description: "Sauvegardes, e-mails, tâches de fond et espace disque." },
  { to: "/espace-membre/utilisateurs", label: "Utilisateurs", description: "Les comptes, les inscriptions et les validations." },
  { to: "/espace-membre/articles", label: "Articles", description: "Les actualités du club." },
  { to: "/espace-membre/evenements", label: "Événements", description: "Le calendrier et les cours." },
];

/** True when the roles may open `pathname` (a pré-inscrit only gets the home status page). */
export function canOpen(roles: readonly string[], pathname: string): boolean {
  const allowed = allowedRolesFor(pathname);
  return !allowed || hasAnyRole(roles, allowed);
}

/** The member pages these roles may open. */
export function memberPagesFor(roles: readonly string[]): MemberPage[] {
  return MEMBER_PAGES.filter((p) => canOpen(roles, p.to));
}

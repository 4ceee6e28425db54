/**
 * THE permission table of the member area (spec sections 2 and 6), as data.
 * Browser-safe: no server import.
 *
 * Rules:
 *  - Every member-area page is one entry here: its path under /espace-membre,
 *    its route module, and its navigation entry when it has one. Nothing else
 *    lists member pages.
 *  - Pages are grouped in sections; the member layout's ONE middleware
 *    (guard.server.ts) finds the page a request matched and lets in its
 *    section's `roles` (`readers` may also read its pages, never change
 *    anything).
 *  - Everything derives from this table: the route config (member-routes.ts,
 *    read by app/routes.ts), the role middleware (guard.server.ts), the member
 *    navigation (memberPagesFor), the CLI, and the guard tests.
 *  - The navigation follows the order of the table within each area
 *    (nav-areas.ts): each entry names the area a club volunteer would look in.
 *  - What an account may do is a named capability (capabilities.ts), held by
 *    the roles of the sections it names: a section's roles decide both who
 *    opens its pages and who does its work elsewhere. No other file names a
 *    role to decide a permission, nor uses a page's address as one.
 *
 * Adding a member page: add one entry to the right section's `pages`.
 */
import { MEMBER_ROLES, ROLES, type Role } from "./roles";
import type { MemberNavArea } from "./nav-areas";

export const MEMBER_AREA_PATH = "/espace-membre";

interface MemberNavEntry {
  /** The area the entry is shown in. */
  area: MemberNavArea;
  label: string;
  description: string;
}

interface MemberPage {
  /** Path under /espace-membre: "" for the index, "modifier/:id" for a parameter. */
  path: string;
  /** Route module, relative to app/. */
  file: string;
  /** Entry of the member navigation (in table order), when the page has one. */
  nav?: MemberNavEntry;
}

export interface MemberSection {
  id: string;
  /** Roles allowed to open and use the section's pages. */
  roles: readonly Role[];
  /** Roles that may also read (GET/HEAD) the section's pages, not submit to them. */
  readers?: readonly Role[];
  pages: readonly MemberPage[];
}

export type MemberAreaTable = readonly MemberSection[];

export const MEMBER_AREA: MemberAreaTable = [
  {
    // /espace-membre: members; a pré-inscrit reads it as the status of their registration.
    id: "accueil",
    roles: MEMBER_ROLES,
    readers: ["pré-inscrit"],
    pages: [
      {
        path: "",
        file: "routes/member/home.tsx",
        nav: { area: "moi", label: "Accueil", description: "Votre situation et les prochains rendez-vous." },
      },
    ],
  },
  {
    // profil and its RGPD export: every signed-in account, pré-inscrits included (RGPD rights of
    // access, rectification and erasure; decision 0009), beyond the spec's role table.
    id: "compte",
    roles: ROLES,
    pages: [
      {
        path: "profil",
        file: "routes/member/profile.tsx",
        nav: { area: "moi", label: "Mon profil", description: "Vos informations et celles de votre famille." },
      },
      { path: "profil/donnees", file: "routes/member/export-data.ts" },
      // Decision 0032: a profile's portrait; the domain lets in only the holder, the instructors of the
      // profile's groups this season and the admins (404 for anyone else).
      { path: "profil/portrait/:id", file: "routes/member/portrait.ts" },
    ],
  },
  {
    // The family's registration for the season and its payment (issue 14, decision 0024): every
    // signed-in account, since a new family signs up as pré-inscrit and registers here.
    id: "inscription",
    roles: ROLES,
    pages: [
      {
        path: "inscription",
        file: "routes/member/registration/family.tsx",
        nav: {
          area: "moi",
          label: "Inscription",
          description: "Inscrire ou réinscrire votre famille pour la saison, puis payer.",
        },
      },
      { path: "inscription/paiement", file: "routes/member/registration/payment.tsx" },
      { path: "inscription/attestation.pdf", file: "routes/member/registration/certificate.ts" },
      // Decision 0029: medical papers and aid proofs, sent by the family (files read by it and the managers only);
      // linked from the registration and payment pages.
      { path: "inscription/pieces", file: "routes/member/registration/papers.tsx" },
      { path: "inscription/pieces/:id", file: "routes/member/registration/paper-file.ts" },
    ],
  },
  {
    // grades, revision, brochure, and the choice of the family profile the pages show.
    id: "membres",
    roles: MEMBER_ROLES,
    pages: [
      {
        path: "grades",
        file: "routes/member/grades.tsx",
        nav: { area: "moi", label: "Grades", description: "Votre grade, votre progression et le suivant." },
      },
      {
        path: "revision",
        file: "routes/member/revision.tsx",
        nav: { area: "moi", label: "Révisions", description: "Les techniques et vidéos de votre prochain grade." },
      },
      {
        path: "brochure",
        file: "routes/member/brochure.tsx",
        nav: { area: "moi", label: "Brochure", description: "La brochure du club." },
      },
      { path: "profil-actif", file: "routes/member/select-profile.ts" },
      // Issue 15 (decision 0026): the attendance of each profile of the family.
      {
        path: "presences",
        file: "routes/member/my-attendance.tsx",
        nav: { area: "moi", label: "Présences", description: "Les cours où vous et votre famille étiez présents." },
      },
    ],
  },
  {
    // Admin-only: contenu (dashboard), todo, videos.
    id: "administration",
    roles: ["admin"],
    pages: [
      {
        path: "contenu",
        file: "routes/member/admin/dashboard.tsx",
        nav: { area: "contenu", label: "Contenu du site", description: "Tableau de bord de l'administration." },
      },
      {
        path: "todo",
        file: "routes/member/admin/todo.tsx",
        nav: { area: "association", label: "À faire", description: "Les tâches des responsables." },
      },
      {
        path: "videos",
        file: "routes/member/admin/videos.tsx",
        nav: { area: "tatami", label: "Vidéos", description: "Les vidéos de révision." },
      },
      { path: "contenu/messages", file: "routes/member/admin/messages.tsx" },
      { path: "contenu/documents", file: "routes/member/admin/documents.tsx" },
      { path: "contenu/bd", file: "routes/member/admin/comics.tsx" },
      { path: "contenu/brochure", file: "routes/member/admin/brochure.tsx" },
      { path: "contenu/bannieres", file: "routes/member/admin/banners.tsx" },
      { path: "contenu/reglages/:section", file: "routes/member/admin/settings.tsx" },
      { path: "contenu/saison-et-vacances", file: "routes/member/admin/class-calendar.tsx" },
      // Issue 13: the teachers shown on /la-vie-du-club/enseignants.
      { path: "contenu/enseignants", file: "routes/member/admin/teachers.tsx" },
      // Issue 15 (decision 0026): which account teaches which weekly class (attendance, emergency sheet).
      { path: "contenu/enseignants-des-cours", file: "routes/member/admin/instructors.tsx" },
      // Issue 10 (decision 0030): the club's grade table and the revision checklist of each grade.
      {
        path: "contenu/grades",
        file: "routes/member/admin/grades.tsx",
        nav: {
          area: "tatami",
          label: "Grades et révisions",
          description: "Le tableau des grades, les règles d’examen et les listes de révision.",
        },
      },
      { path: "contenu/grades/:id", file: "routes/member/admin/grade-edit.tsx" },
      {
        path: "exploitation",
        file: "routes/member/admin/operations.tsx",
        nav: {
          area: "exploitation",
          label: "Exploitation",
          description: "Sauvegardes, e-mails, tâches de fond et espace disque.",
        },
      },
      { path: "exploitation/telecharger", file: "routes/member/admin/backup-download.ts" },
      // Every e-mail the site sends, previewed with sample data (app/lib/mail/templates/).
      { path: "exploitation/courriels", file: "routes/member/admin/mail-preview.tsx" },
    ],
  },
  {
    // User management: utilisateurs, utilisateurs/ajouter, utilisateurs/modifier/{id}.
    id: "utilisateurs",
    roles: ["admin", "user_manager"],
    pages: [
      {
        path: "utilisateurs",
        file: "routes/member/users/list.tsx",
        nav: {
          area: "association",
          label: "Utilisateurs",
          description: "Les comptes, les inscriptions et les validations.",
        },
      },
      { path: "utilisateurs/ajouter", file: "routes/member/users/new.tsx" },
      { path: "utilisateurs/modifier/:id", file: "routes/member/users/edit.tsx" },
      { path: "utilisateurs/export.csv", file: "routes/member/users/export.ts" },
      { path: "utilisateurs/rappels", file: "routes/member/users/reminders.tsx" },
    ],
  },
  {
    // The season's campaign and payments (issue 14, decision 0024): the managers of the members.
    id: "saison",
    roles: ["admin", "user_manager"],
    pages: [
      {
        path: "saison",
        file: "routes/member/season/overview.tsx",
        nav: {
          area: "saison",
          label: "Suivi de la saison",
          description: "Inscrits, paiements et dossiers médicaux par groupe, exports.",
        },
      },
      { path: "saison/export/:fichier", file: "routes/member/season/export.ts" },
      {
        path: "saison/paiements",
        file: "routes/member/season/payments.tsx",
        nav: {
          area: "saison",
          label: "Paiements",
          description: "Paiements à rapprocher, chèques, espèces et chèques-vacances.",
        },
      },
      {
        path: "saison/campagne",
        file: "routes/member/season/campaign.tsx",
        nav: {
          area: "saison",
          label: "Campagne d'inscription",
          description: "Ouvrir les inscriptions, les tarifs, les réductions et les aides.",
        },
      },
      // Decision 0029: the papers and aids to check (linked from the follow-up page, the to-do and the dashboard).
      { path: "saison/pieces", file: "routes/member/season/papers.tsx" },
      {
        // Issue 56: the federation licence numbers of the season, their import and the licence list's columns.
        path: "saison/licences",
        file: "routes/member/season/licences.tsx",
        nav: {
          area: "saison",
          label: "Licences",
          description: "Numéros de licence de la saison, import et export pour la fédération.",
        },
      },
    ],
  },
  {
    // Trial-class requests (issue 15, decision 0028): the managers of the members.
    id: "essais",
    roles: ["admin", "user_manager"],
    pages: [
      {
        path: "essais",
        file: "routes/member/trials/board.tsx",
        nav: {
          area: "saison",
          label: "Cours d'essai",
          description: "Les demandes de cours d'essai, de la réservation à l'inscription.",
        },
      },
    ],
  },
  {
    // Grade exams (issue 15, decision 0027): sessions, eligibility and convocations, by the
    // managers of the members.
    id: "examens",
    roles: ["admin", "user_manager"],
    pages: [
      {
        path: "examens",
        file: "routes/member/exams/list.tsx",
        nav: {
          area: "tatami",
          label: "Examens de grade",
          description: "Sessions d’examen, candidats éligibles et convocations.",
        },
      },
      { path: "examens/:id", file: "routes/member/exams/session.tsx" },
    ],
  },
  {
    // Marking an exam on a phone (decision 0027): any member account opens the section, the
    // domain lets in only the session's jury and the admins (403 otherwise).
    id: "jury",
    roles: MEMBER_ROLES,
    pages: [
      { path: "jury/:id", file: "routes/member/exams/jury.tsx" },
      { path: "jury/diplome/:id", file: "routes/member/exams/diploma.ts" },
    ],
  },
  {
    // Article management: articles, articles/ajouter, articles/modifier/{id}.
    id: "articles",
    roles: ["admin", "article_manager"],
    pages: [
      {
        path: "articles",
        file: "routes/member/articles/list.tsx",
        nav: { area: "contenu", label: "Articles", description: "Les actualités du club." },
      },
      { path: "articles/ajouter", file: "routes/member/articles/new.tsx" },
      { path: "articles/modifier/:id", file: "routes/member/articles/edit.tsx" },
      // Issue 13: photos of the articles, with the consent of identifiable members.
      {
        path: "articles/photos",
        file: "routes/member/articles/photos.tsx",
        nav: { area: "contenu", label: "Photos", description: "Les photos des articles et le droit à l’image." },
      },
    ],
  },
  {
    // Event management: evenements, evenements/ajouter, evenements/modifier/{id}.
    id: "evenements",
    roles: ["admin", "article_manager"],
    pages: [
      {
        path: "evenements",
        file: "routes/member/events/list.tsx",
        nav: { area: "contenu", label: "Événements", description: "Le calendrier et les cours." },
      },
      { path: "evenements/ajouter", file: "routes/member/events/new.tsx" },
      { path: "evenements/modifier/:id", file: "routes/member/events/edit.tsx" },
    ],
  },
  {
    // Issue 15 (decision 0026): attendance and the emergency sheet of the classes an instructor
    // teaches (instructor_slots); admins see every class. The role `enseignant` opens only this.
    id: "appel",
    roles: ["enseignant", "admin"],
    pages: [
      {
        path: "appel",
        file: "routes/member/attendance/sessions.tsx",
        nav: {
          area: "tatami",
          label: "Appel",
          description: "Vos cours du jour et des jours suivants : faire l’appel.",
        },
      },
      { path: "appel/envoi", file: "routes/member/attendance/sync.ts" },
      { path: "appel/:seance", file: "routes/member/attendance/session.tsx" },
      { path: "appel/:seance/urgence", file: "routes/member/attendance/emergency.tsx" },
    ],
  },
  {
    // Issue 15 (decision 0026): attendance rates per member, group and month, for the managers of the members.
    id: "assiduite",
    roles: ["admin", "user_manager"],
    pages: [
      {
        path: "assiduite",
        file: "routes/member/attendance/rates.tsx",
        nav: {
          area: "tatami",
          label: "Assiduité",
          description: "Taux de présence par membre, par groupe et par mois.",
        },
      },
    ],
  },
];

/** Full URL path of a page ("/espace-membre/utilisateurs/modifier/:id"). */
function memberPath(page: Pick<MemberPage, "path">): string {
  return page.path ? `${MEMBER_AREA_PATH}/${page.path}` : MEMBER_AREA_PATH;
}

export function findSection(id: string, table: MemberAreaTable = MEMBER_AREA): MemberSection {
  const section = table.find((s) => s.id === id);
  if (!section) throw new Error(`Section inconnue de la table des permissions : ${id}`);
  return section;
}

/** May these roles use (any method) or, when `reading`, read the section's pages? */
export function mayEnter(section: MemberSection, roles: readonly string[], reading: boolean): boolean {
  const holds = (allowed: readonly Role[]) => roles.some((r) => (allowed as readonly string[]).includes(r));
  return holds(section.roles) || (reading && !!section.readers && holds(section.readers));
}

/** The section a member-area path belongs to (params matched loosely), or null. */
export function sectionOfPath(pathname: string, table: MemberAreaTable = MEMBER_AREA): MemberSection | null {
  const path = pathname.replace(/\/+$/, "") || "/";
  for (const section of table) {
    for (const page of section.pages) {
      const pattern = memberPath(page)
        .split("/")
        .map((part) => (part.startsWith(":") ? "[^/]+" : part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")))
        .join("/");
      if (new RegExp(`^${pattern}$`).test(path)) return section;
    }
  }
  return null;
}

export interface MemberNavLink extends MemberNavEntry {
  to: string;
}

/**
 * The navigation entry of a path among `entries` (the addresses of a member navigation): the
 * longest one it starts with, the area's home only for itself; one entry at most is current,
 * even when one page's path extends another's (contenu, contenu/grades).
 */
export function currentMemberEntry(entries: readonly string[], pathname: string): string | undefined {
  const path = pathname.replace(/\/+$/, "");
  let best: string | undefined;
  for (const to of entries) {
    const holds = path === to || (to !== MEMBER_AREA_PATH && path.startsWith(`${to}/`));
    if (holds && (best === undefined || to.length > best.length)) best = to;
  }
  return best;
}

/** The member navigation for these roles: the pages with a nav entry they may use, in table order. */
export function memberPagesFor(roles: readonly string[], table: MemberAreaTable = MEMBER_AREA): MemberNavLink[] {
  return table
    .filter((section) => mayEnter(section, roles, false))
    .flatMap((section) => section.pages.flatMap((p) => (p.nav ? [{ to: memberPath(p), ...p.nav }] : [])));
}

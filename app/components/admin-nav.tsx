/** Navigation between the admin content pages, and the « last change » line. */
import { href, NavLink } from "react-router";
import { SETTINGS_SECTIONS } from "~/lib/club/settings-labels";
import { formatDateTime } from "~/lib/core/time";

export const ADMIN_UPLOAD_PAGES = [
  { to: href("/espace-membre/contenu/documents"), title: "Documents d’inscription" },
  { to: href("/espace-membre/contenu/bd"), title: "BD humour" },
  { to: href("/espace-membre/contenu/brochure"), title: "Brochure du club" },
  { to: href("/espace-membre/contenu/bannieres"), title: "Images des bannières" },
  { to: href("/espace-membre/contenu/enseignants"), title: "Enseignants" },
  { to: href("/espace-membre/articles/photos"), title: "Photos et droit à l’image" },
] as const;

export const SETTINGS_PAGES = [
  ...Object.entries(SETTINGS_SECTIONS).map(([slug, s]) => ({
    to: href("/espace-membre/contenu/reglages/:section", { section: slug }),
    title: s.title,
  })),
  { to: href("/espace-membre/contenu/saison-et-vacances"), title: "Saison et vacances" },
];

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `block rounded-md border px-3 py-1.5 text-sm font-medium ${
    isActive ? "border-club-800 bg-club-800 text-white" : "border-slate-300 bg-white text-club-900 hover:bg-club-50"
  }`;

export function AdminSettingsNav(_props: { current?: string }) {
  return (
    <nav aria-label="Réglages du club" className="rounded-lg bg-slate-50 p-3">
      <ul className="flex flex-wrap gap-2">
        {[...SETTINGS_PAGES, ...ADMIN_UPLOAD_PAGES].map((p) => (
          <li key={p.to}>
            <NavLink to={p.to} className={linkClass} end>
              {p.title}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function LastChange({ updatedAt, updatedByName }: { updatedAt: string | null; updatedByName: string | null }) {
  if (!updatedAt) return null;
  return (
    <p className="mt-2 text-sm text-slate-700">
      Dernière modification le {formatDateTime(updatedAt)}
      {updatedByName ? ` par ${updatedByName}` : " (réglages d’origine)"}.
    </p>
  );
}

export type DeliveryStatus = "sent" | "pending" | "failed" | "unknown";

const STATUS_STYLES: Record<DeliveryStatus, string> = {
  sent: "bg-green-100 text-green-900",
  pending: "bg-amber-100 text-amber-900",
  failed: "bg-red-100 text-red-900",
  unknown: "bg-slate-100 text-slate-900",
};

/** « E-mail envoyé / en attente / échec » of a contact message (its outbox row). */
export function DeliveryBadge({ status, label }: { status: DeliveryStatus; label: string }) {
  return (
    <span className={`inline-block rounded px-2 py-0.5 text-sm font-semibold ${STATUS_STYLES[status]}`}>
      E-mail {label}
    </span>
  );
}

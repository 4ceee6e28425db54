/**
 * Dashboard card "À compléter avant la mise en ligne": the club
 * settings still empty (app/lib/club/settings-to-fill.server.ts), each linked
 * to the page where it is filled. Shows nothing once everything is filled.
 */
import { Link } from "react-router";

export function SettingsToFill({ items }: { items: Array<{ key: string; label: string; href: string }> }) {
  if (items.length === 0) return null;
  return (
    <section aria-labelledby="a-completer-title" className="rounded-lg border border-amber-300 bg-amber-50 p-5">
      <h2 id="a-completer-title" className="text-xl font-semibold text-slate-900">
        À compléter avant la mise en ligne
      </h2>
      <p className="mt-1 text-slate-800">
        Ces informations ne sont pas encore renseignées : leurs lignes sont masquées sur le site public.
      </p>
      <ul className="mt-3 list-disc space-y-1 pl-5">
        {items.map((i) => (
          <li key={i.key}>
            <Link to={i.href} className="font-medium text-club-800 underline hover:text-club-950">
              {i.label}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

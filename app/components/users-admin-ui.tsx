/** Small UI pieces of the user management and to-do pages: role checkboxes, status badges, links. (Buttons: ui/button.tsx.) */
import { ADMIN_ROLE, ROLE_LABELS, ROLES, type Role } from "~/lib/accounts/roles";

export const linkClass = "font-medium text-club-800 underline hover:text-club-900";

/** The roles of a user as checkboxes (the admin one only for who may manage admins: `allowAdmin`). */
export function RoleCheckboxes({
  selected,
  allowAdmin,
  error,
  legend = "Rôles",
}: {
  selected: readonly string[];
  allowAdmin: boolean;
  error?: string;
  legend?: string;
}) {
  return (
    <fieldset className="mb-4" aria-describedby={error ? "roles-error" : "roles-hint"}>
      <legend className="mb-1 font-medium text-slate-800">{legend}</legend>
      <p id="roles-hint" className="mb-2 text-sm text-slate-600">
        Un pré-inscrit n&apos;a pas d&apos;autre rôle ; un enseignant est aussi membre. Seul un administrateur peut
        donner ou retirer le rôle administrateur.
      </p>
      <div className="flex flex-wrap gap-x-6 gap-y-2">
        {ROLES.map((role: Role) => {
          const disabled = role === ADMIN_ROLE && !allowAdmin;
          const id = `role-${role}`;
          return (
            <div key={role} className="flex items-center gap-2">
              <input
                id={id}
                type="checkbox"
                name="roles"
                value={role}
                defaultChecked={selected.includes(role)}
                disabled={disabled}
                aria-invalid={error ? true : undefined}
                className="h-5 w-5 rounded border-slate-400 text-club-700 focus:ring-club-600"
              />
              <label htmlFor={id} className={disabled ? "text-slate-600" : "text-slate-800"}>
                {ROLE_LABELS[role]}
              </label>
            </div>
          );
        })}
      </div>
      {/* A disabled checkbox is not submitted: keep the admin role of an admin's account as it is. */}
      {!allowAdmin && selected.includes(ADMIN_ROLE) ? <input type="hidden" name="roles" value={ADMIN_ROLE} /> : null}
      {error ? (
        <p id="roles-error" className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

const BADGE_TONES = {
  ok: "bg-green-100 text-green-900",
  warn: "bg-amber-100 text-amber-950",
  bad: "bg-red-100 text-red-900",
  neutral: "bg-slate-100 text-slate-900",
} as const;

export function Badge({ tone, children }: { tone: keyof typeof BADGE_TONES; children: React.ReactNode }) {
  return (
    <span className={`inline-block rounded px-2 py-0.5 text-sm font-semibold ${BADGE_TONES[tone]}`}>{children}</span>
  );
}

export function healthTone(state: string): keyof typeof BADGE_TONES {
  return state === "valide" ? "ok" : state === "expire-bientot" ? "warn" : "bad";
}

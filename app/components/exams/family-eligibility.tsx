/**
 * The member area's view of the grade exams: for each profile of the family,
 * its next grade, whether it is eligible (at the next exam session of that
 * grade, or today) and what is missing; the convocations; and, for a jury
 * member, the link to the jury page of their sessions.
 * Part of the grades page (grades-content.tsx), rendered from its loader's data.
 */
import { href, Link } from "react-router";
import { formatDate } from "~/lib/core/time";
import type { Eligibility } from "~/lib/members/exam-eligibility";

export interface FamilyEligibilityRow {
  profileId: number;
  name: string;
  target: { id: number; vietnameseName: string; frenchName: string } | null;
  on: string;
  examPlace: string | null;
  eligibility: Eligibility | null;
  convocation: { examDate: string; place: string } | null;
}

const link = "font-semibold text-club-800 underline hover:text-club-900";

export function FamilyEligibility({ rows, today }: { rows: readonly FamilyEligibilityRow[]; today: string }) {
  return (
    <section aria-labelledby="eligibilite" className="mb-10">
      <h2 id="eligibilite" className="mb-3 text-2xl font-semibold text-club-900">
        Prochain passage de grade
      </h2>
      <ul className="grid gap-4 sm:grid-cols-2">
        {rows.map((r) => (
          <li key={r.profileId} className="rounded-lg border border-slate-200 p-4" data-testid="eligibility">
            <h3 className="text-lg font-semibold text-slate-900">{r.name}</h3>
            {!r.target || !r.eligibility ? (
              <p className="text-slate-700">Le plus haut grade du tableau est atteint.</p>
            ) : (
              <>
                <p className="text-slate-800">
                  Prochain grade : <span lang="vi">{r.target.vietnameseName}</span> — {r.target.frenchName}
                </p>
                <p className="mb-2 text-sm text-slate-700">
                  {r.on === today
                    ? "À ce jour"
                    : `À l'examen du ${formatDate(r.on)}${r.examPlace ? ` (${r.examPlace})` : ""}`}
                </p>
                {r.convocation ? (
                  <p className="mb-2 font-semibold text-green-900">
                    Convocation à l'examen du {formatDate(r.convocation.examDate)} ({r.convocation.place}).
                  </p>
                ) : r.eligibility.eligible ? (
                  <p className="mb-2 font-semibold text-green-900">Éligible : les conditions du club sont remplies.</p>
                ) : (
                  <p className="mb-2 font-semibold text-amber-900">
                    Pas encore éligible : {r.eligibility.missing.join(", ")}.
                  </p>
                )}
                <ul className="mb-2 text-sm text-slate-700">
                  {r.eligibility.checks.map((c) => (
                    <li key={c.rule}>{c.label}</li>
                  ))}
                </ul>
                <Link
                  to={`${href("/espace-membre/revision")}?grade=${r.target.id}&profil=${r.profileId}`}
                  className={link}
                >
                  Réviser le programme<span className="sr-only"> pour {r.name}</span>
                </Link>
              </>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

export function JurySessions({
  sessions,
}: {
  sessions: ReadonlyArray<{ id: number; examDate: string; place: string }>;
}) {
  if (!sessions.length) return null;
  return (
    <section aria-labelledby="jury" className="mb-10 rounded-lg border border-club-300 bg-club-50 p-4">
      <h2 id="jury" className="mb-2 text-lg font-semibold text-club-900">
        Vous êtes membre du jury
      </h2>
      <ul className="space-y-1">
        {sessions.map((s) => (
          <li key={s.id}>
            <Link to={href("/espace-membre/jury/:id", { id: String(s.id) })} className={link}>
              Noter les candidats de l'examen du {formatDate(s.examDate)}
            </Link>{" "}
            ({s.place})
          </li>
        ))}
      </ul>
    </section>
  );
}

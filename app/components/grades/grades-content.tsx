/**
 * /espace-membre/grades: everything under the profile selector, rendered from the loader's
 * data: the current and next grades, the jury's sessions, the family's next exams, the history
 * and the club's grade table with the profile's current and next grades marked.
 *
 * Rules: the profile selector (a form) is the page's; dates are shown in French
 * (`formatDate`); a grade's Vietnamese name is marked `lang="vi"`.
 */
import { href, Link } from "react-router";
import { Belt } from "~/components/belt";
import { describeBelt } from "~/lib/members/belt-colours";
import { FamilyEligibility, JurySessions, type FamilyEligibilityRow } from "~/components/exams/family-eligibility";
import { formatDate } from "~/lib/core/time";
import type { GradeLine } from "~/lib/members/grades.server";
import { de } from "~/lib/typography/elision";

export interface GradesContentProps {
  profile: { name: string; isSelf: boolean };
  current: GradeLine | null;
  next: GradeLine | null;
  exams: {
    today: string;
    family: readonly FamilyEligibilityRow[];
    jury: Parameters<typeof JurySessions>[0]["sessions"];
  };
  history: ReadonlyArray<{ id: number; awardedOn: string; note: string | null; gradeName: string }>;
  /** The club's grade table, first grade first. */
  table: readonly GradeLine[];
}

/** The club's grade table, the profile's current and next grades marked. */
function GradeTable({
  grades,
  currentId,
  nextId,
}: {
  grades: readonly GradeLine[];
  currentId: number | null;
  nextId: number | null;
}) {
  if (!grades.length) return <p>Le tableau des grades du club n'est pas encore renseigné.</p>;
  return (
    <ol className="divide-y divide-slate-200 rounded-lg border border-slate-200">
      {grades.map((g) => {
        const isCurrent = g.id === currentId;
        const isNext = g.id === nextId;
        return (
          <li
            key={g.id}
            aria-current={isCurrent ? "step" : undefined}
            className={`grid items-center gap-3 p-3 sm:grid-cols-[11rem_1fr_auto] ${
              isCurrent ? "bg-club-100 ring-2 ring-club-700 ring-inset" : isNext ? "bg-amber-50" : ""
            }`}
          >
            <Belt {...g} label={`${describeBelt(g)} : ${g.vietnameseName}`} className="h-auto w-40 max-w-full" />
            <div>
              <p className="font-semibold text-slate-900">
                <span className="sr-only">Grade {g.position} : </span>
                <span lang="vi">{g.vietnameseName}</span>
                <span className="font-normal text-slate-700"> · {g.frenchName}</span>
              </p>
              {g.level ? <p className="text-sm text-slate-700">{g.level}</p> : null}
            </div>
            {isCurrent ? (
              <span className="rounded-full bg-club-800 px-3 py-1 text-sm font-semibold text-white">Grade actuel</span>
            ) : isNext ? (
              <span className="rounded-full bg-amber-800 px-3 py-1 text-sm font-semibold text-white">
                Prochain grade
              </span>
            ) : (
              <span />
            )}
          </li>
        );
      })}
    </ol>
  );
}

export function GradesContent({ profile, current, next, exams, history, table }: GradesContentProps) {
  const whose = profile.isSelf ? "Votre" : `Le`;
  return (
    <>
      <div className="mb-8 grid gap-4 sm:grid-cols-2">
        <section aria-labelledby="grade-actuel" className="rounded-lg border border-slate-200 p-4">
          <h2 id="grade-actuel" className="mb-2 text-lg font-semibold text-club-900">
            {whose} grade actuel{profile.isSelf ? "" : ` ${de(profile.name)}`}
          </h2>
          {current ? (
            <div data-testid="current-grade">
              <Belt {...current} className="h-auto w-40 max-w-full" />
              <p className="mt-2 font-semibold text-slate-900">
                <span lang="vi">{current.vietnameseName}</span> · {current.frenchName}
              </p>
            </div>
          ) : (
            <p data-testid="current-grade">Aucun grade enregistré pour l'instant.</p>
          )}
        </section>
        <section aria-labelledby="prochain-grade" className="rounded-lg border border-club-300 bg-club-50 p-4">
          <h2 id="prochain-grade" className="mb-2 text-lg font-semibold text-club-900">
            Prochain grade
          </h2>
          {next ? (
            <div data-testid="next-grade">
              <Belt {...next} className="h-auto w-40 max-w-full" />
              <p className="mt-2 font-semibold text-slate-900">
                <span lang="vi">{next.vietnameseName}</span> · {next.frenchName}
              </p>
              <p className="mt-2">
                <Link
                  to={href("/espace-membre/revision")}
                  className="font-semibold text-club-800 underline hover:text-club-900"
                >
                  Réviser le programme de ce grade
                </Link>
              </p>
            </div>
          ) : (
            <p data-testid="next-grade">Le plus haut grade du tableau est atteint.</p>
          )}
        </section>
      </div>

      <JurySessions sessions={exams.jury} />
      <FamilyEligibility rows={exams.family} today={exams.today} />

      <section aria-labelledby="historique" className="mb-10">
        <h2 id="historique" className="mb-3 text-2xl font-semibold text-club-900">
          Historique des passages de grade
        </h2>
        {history.length ? (
          <table className="w-full border-collapse text-left">
            <caption className="sr-only">Grades obtenus par {profile.name}, du plus récent au plus ancien</caption>
            <thead>
              <tr className="border-b-2 border-slate-300">
                <th scope="col" className="py-2 pr-4">
                  Date
                </th>
                <th scope="col" className="py-2 pr-4">
                  Grade
                </th>
                <th scope="col" className="py-2">
                  Remarque
                </th>
              </tr>
            </thead>
            <tbody>
              {history.map((h) => (
                <tr key={h.id} className="border-b border-slate-200">
                  <td className="py-2 pr-4 whitespace-nowrap">{formatDate(h.awardedOn)}</td>
                  <td className="py-2 pr-4">{h.gradeName}</td>
                  <td className="py-2 text-slate-700">{h.note || "—"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : (
          <p className="text-slate-700">
            Aucun passage de grade n'est encore enregistré. Les responsables du club l'inscrivent après chaque examen.
          </p>
        )}
      </section>

      <section aria-labelledby="tableau">
        <h2 id="tableau" className="mb-3 text-2xl font-semibold text-club-900">
          Le tableau des grades du club
        </h2>
        <GradeTable grades={table} currentId={current?.id ?? null} nextId={next?.id ?? null} />
      </section>
    </>
  );
}

import { Link } from "react-router";
import { userContext } from "~/lib/accounts/auth-context";
import type { Route } from "./+types/grades";
import { Belt, describeBelt } from "~/components/belt";
import { ProfileSelector } from "~/components/profile-selector";
import { cachedGradeTable } from "~/lib/members/grades.server";
import { currentAndNextGrade, getGradeHistory } from "~/lib/members/profile-status.server";
import { getSelectedProfile, profileName, selectorData } from "~/lib/members/profiles.server";
import { formatDate } from "~/lib/core/time";
import { pageMeta } from "~/lib/http/seo";
import { FamilyEligibility, JurySessions } from "~/components/exams/family-eligibility";
import { familyEligibility, myJurySessions } from "~/lib/members/exam-member.server";
import { parisDate } from "~/lib/core/time";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Mes grades",
    description:
      "Le tableau des grades du club, le grade actuel du profil choisi, son historique et le prochain grade.",
    noindex: true,
  });

export async function loader({ context }: Route.LoaderArgs) {
  const user = context.get(userContext);
  // Grade exams (decision 0027): every profile of the family, and the user's jury sessions.
  // Independent reads side by side (on PostgreSQL they run at once; PGlite takes them in turn).
  const today = parisDate();
  // The selected profile first: it creates the own profile when missing, which the family list shows.
  const ctx = await getSelectedProfile(user);
  const [family, jury, table, history] = await Promise.all([
    familyEligibility(user.id, today),
    myJurySessions(user.id),
    cachedGradeTable(),
    getGradeHistory(ctx.profile.id),
  ]);
  const exams = { today, family, jury };
  const { current, next } = currentAndNextGrade(table, history);
  return {
    selector: selectorData(ctx),
    exams,
    profile: { name: profileName(ctx.profile), isSelf: ctx.profile.isSelf },
    grades: table.map((g) => ({
      id: g.id,
      position: g.position,
      vietnameseName: g.vietnameseName,
      frenchName: g.frenchName,
      beltColor: g.beltColor,
      stripeColor: g.stripeColor,
      stripeCount: g.stripeCount,
      borderColor: g.borderColor,
      level: g.level,
    })),
    currentId: current?.gradeId ?? null,
    nextId: next?.id ?? null,
    history: history.map((h) => ({
      id: h.id,
      awardedOn: h.awardedOn,
      note: h.note,
      gradeName: `${h.grade.vietnameseName} (${h.grade.frenchName})`,
    })),
  };
}

export default function MemberGrades({ loaderData }: Route.ComponentProps) {
  const { selector, profile, grades, currentId, nextId, history, exams } = loaderData;
  const current = grades.find((g) => g.id === currentId) ?? null;
  const next = grades.find((g) => g.id === nextId) ?? null;
  const whose = profile.isSelf ? "Votre" : `Le`;

  return (
    <div className="max-w-5xl">
      <h1 className="mb-2 text-3xl font-bold text-club-900">Grades</h1>
      <p className="mb-6 text-slate-700">Le parcours de {profile.name} dans le tableau des grades du club.</p>
      <ProfileSelector profiles={selector.profiles} selectedId={selector.selectedId} />

      <div className="mb-8 grid gap-4 sm:grid-cols-2">
        <section aria-labelledby="grade-actuel" className="rounded-lg border border-slate-200 p-4">
          <h2 id="grade-actuel" className="mb-2 text-lg font-semibold text-club-900">
            {whose} grade actuel{profile.isSelf ? "" : ` de ${profile.name}`}
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
                  to="/espace-membre/revision"
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
        {grades.length ? (
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
                    <span className="rounded-full bg-club-800 px-3 py-1 text-sm font-semibold text-white">
                      Grade actuel
                    </span>
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
        ) : (
          <p>Le tableau des grades du club n'est pas encore renseigné.</p>
        )}
      </section>
    </div>
  );
}

/**
 * /espace-membre/grades: the selected profile's current and next grades, the family's next
 * exams, the jury's sessions, the history and the club's grade table. Everything under the
 * profile selector is components/grades/grades-content.tsx, from this loader's data.
 */
import { gradeBelt } from "~/lib/members/belt-colours";
import { userContext } from "~/lib/accounts/auth-context";
import type { Route } from "./+types/grades";
import { ProfileSelector } from "~/components/profile-selector";
import { cachedGradeTable, type GradeLine } from "~/lib/members/grades.server";
import { currentAndNextGrade, getGradeHistory } from "~/lib/members/profile-status.server";
import { getSelectedProfile, profileName, selectorData } from "~/lib/members/profiles.server";
import { pageMeta } from "~/lib/http/seo";
import { GradesContent } from "~/components/grades/grades-content";
import { familyEligibility, myJurySessions } from "~/lib/members/exam-member.server";
import { parisDate } from "~/lib/core/time";
import { de } from "~/lib/typography/elision";

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
  const currentId = current?.gradeId ?? null;
  const nextId = next?.id ?? null;
  const profile = { name: profileName(ctx.profile), isSelf: ctx.profile.isSelf };
  // What the page shows of each grade (the table's rows carry more).
  const grades = table.map((g): GradeLine => ({
    id: g.id,
    position: g.position,
    ...gradeBelt(g),
    level: g.level,
  }));
  return {
    selector: selectorData(ctx),
    profile,
    current: grades.find((g) => g.id === currentId) ?? null,
    next: grades.find((g) => g.id === nextId) ?? null,
    exams,
    history: history.map((h) => ({
      id: h.id,
      awardedOn: h.awardedOn,
      note: h.note,
      gradeName: `${h.grade.vietnameseName} (${h.grade.frenchName})`,
    })),
    table: grades,
  };
}

export default function MemberGrades({ loaderData }: Route.ComponentProps) {
  const { selector, profile, current, next, exams, history, table } = loaderData;
  return (
    <div className="max-w-5xl">
      <h1 className="mb-2 text-3xl font-bold text-club-900">Grades</h1>
      <p className="mb-6 text-slate-700">Le parcours {de(profile.name)} dans le tableau des grades du club.</p>
      <ProfileSelector profiles={selector.profiles} selectedId={selector.selectedId} />
      <GradesContent profile={profile} current={current} next={next} exams={exams} history={history} table={table} />
    </div>
  );
}

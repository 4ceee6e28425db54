/**
 * The managers' exam session page: per test of the
 * session, how many convoked candidates acquired it, did not, and are not
 * marked yet — one table per grade presented (StackTable: cards on phones),
 * tests in checklist order. Counts only: the overall result stays the jury's.
 */
import { StackTable, type Column } from "~/components/ui/stack-table";
import type { GradeTally, TestTally } from "~/lib/members/exam-tallies";

const COLUMNS: Column<TestTally>[] = [
  { label: "Test", cell: (t) => t.title, rowHeader: true },
  { label: "Acquis", cell: (t) => t.acquired, numeric: true },
  { label: "Non acquis", cell: (t) => t.notAcquired, numeric: true },
  { label: "Non notés", cell: (t) => t.unmarked, numeric: true },
];

export function TestTallies({ grades }: { grades: readonly GradeTally[] }) {
  if (!grades.length)
    return <p className="text-slate-700">Aucun test à compter : aucun convoqué ne présente un grade avec programme.</p>;
  return (
    <div className="space-y-6">
      {grades.map((g) => (
        <StackTable
          key={g.gradeId}
          caption={`${g.label} : ${g.candidates} candidat${g.candidates > 1 ? "s" : ""} convoqué${g.candidates > 1 ? "s" : ""}`}
          showCaption
          columns={COLUMNS}
          rows={g.tests}
          rowKey={(t) => t.techniqueId}
        />
      ))}
    </div>
  );
}

/**
 * What a member reads on the grades page (/espace-membre/grades), from its loader's data: the
 * current and next grades' Vietnamese names, the club's grade table with its marks (« Grade
 * actuel », « Prochain grade »), how many grades the history lists, and the family's next grades.
 *
 * Rule: the same choices the page makes (components/grades/grades-content.tsx): a table row is
 * marked when it is the current or the next grade; a family card names its next grade unless
 * the highest grade is reached.
 */
interface Grade {
  id: number;
  vietnameseName: string;
  frenchName: string;
}

export interface GradesPageData {
  current: Grade | null;
  next: Grade | null;
  table: readonly Grade[];
  history: readonly unknown[];
  exams: {
    family: ReadonlyArray<{ profileId: number; target: Grade | null; eligibility: unknown }>;
    jury: ReadonlyArray<{ id: number }>;
  };
}

export function gradesShown(data: GradesPageData) {
  return {
    current: data.current?.vietnameseName ?? null,
    next: data.next?.vietnameseName ?? null,
    table: data.table.map((g) => ({
      vietnamese: g.vietnameseName,
      french: g.frenchName,
      mark: g.id === data.current?.id ? "actuel" : g.id === data.next?.id ? "prochain" : null,
    })),
    historyCount: data.history.length,
    familyNext: data.exams.family.flatMap((r) => (r.target && r.eligibility ? [r.target.vietnameseName] : [])),
  };
}

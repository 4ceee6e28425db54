/**
 * The season's counts per group, written once for
 * the dashboard's « Saison » card and /espace-membre/saison: a table
 * (StackTable: cards on phones) of registered, paid, medically in order and
 * awaiting payment members, then a bar chart hidden from assistive
 * technology, since it repeats the table's figures (paid in dark, awaiting
 * payment in light, against the largest group).
 */
import { StackTable, type Column } from "~/components/ui/stack-table";

export interface GroupCount {
  group: string;
  registered: number;
  paid: number;
  compliant: number;
  pending: number;
}

const COLUMNS: Column<GroupCount>[] = [
  { label: "Groupe", cell: (g) => g.group, rowHeader: true },
  { label: "Inscrits", cell: (g) => g.registered, numeric: true },
  { label: "Payés", cell: (g) => g.paid, numeric: true },
  { label: "En règle (médical)", cell: (g) => g.compliant, numeric: true },
  { label: "En attente de paiement", cell: (g) => g.pending, numeric: true },
];

export function GroupCounts({
  groups,
  caption,
  showCaption = false,
}: {
  groups: readonly GroupCount[];
  caption: string;
  showCaption?: boolean;
}) {
  const max = Math.max(1, ...groups.map((g) => g.registered));
  return (
    <>
      <StackTable
        caption={caption}
        showCaption={showCaption}
        columns={COLUMNS}
        rows={groups}
        rowKey={(g) => g.group}
        className="mt-4"
      />
      <div aria-hidden="true" className="mt-4 space-y-2">
        {groups.map((g) => (
          <div key={g.group}>
            <p className="text-sm text-slate-800">
              {g.group} : {g.paid} payé{g.paid > 1 ? "s" : ""} sur {g.registered}
            </p>
            <div className="flex h-4 w-full overflow-hidden rounded bg-slate-100">
              <div className="bg-club-700" style={{ width: `${(g.paid / max) * 100}%` }} />
              <div className="bg-club-300" style={{ width: `${(g.pending / max) * 100}%` }} />
            </div>
          </div>
        ))}
      </div>
    </>
  );
}

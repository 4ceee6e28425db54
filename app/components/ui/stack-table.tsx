/**
 * The one data table: the columns are data, the markup is
 * written once. A plain table on wide screens; under 40rem it stacks into one
 * card per row whose cells are labelled by their column (`stack-table` in
 * app.css reads each cell's `data-label`).
 *
 * Rules:
 *  - Always a caption: visible (`showCaption`), or for screen readers only
 *    when a heading just above already names the table.
 *  - Headers are `th scope="col"`; a column marked `rowHeader` names its row
 *    (`th scope="row"`, shown as the card's title on phones, without label).
 *  - Figures (`numeric`) are right-aligned on wide screens only: on a phone
 *    they sit under their label.
 *  - Browser-safe: rows are plain data from the loader, cells are rendered
 *    by the columns' `cell` functions.
 */
import type { ReactNode } from "react";

export interface Column<Row> {
  /** The column's header, and the cell's label on phones. */
  label: string;
  cell: (row: Row) => ReactNode;
  /** This cell names its row (`th scope="row"`). */
  rowHeader?: boolean;
  /** A figure: right-aligned on wide screens. */
  numeric?: boolean;
  /** Extra classes for the column's cells (e.g. `capitalize`). */
  className?: string;
}

interface StackTableProps<Row> {
  caption: ReactNode;
  /** Show the caption above the table (default: for screen readers only). */
  showCaption?: boolean;
  columns: readonly Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
  /** Tighter rows, for the dashboard's cards. */
  dense?: boolean;
  className?: string;
}

export function StackTable<Row>({
  caption,
  showCaption = false,
  columns,
  rows,
  rowKey,
  dense = false,
  className = "",
}: StackTableProps<Row>) {
  const cellClass = (column: Column<Row>, index: number, header: boolean) =>
    [
      dense ? "py-1" : "py-2",
      index < columns.length - 1 ? "pr-4" : "",
      column.numeric ? (header ? "text-right" : "sm:text-right") : "",
      column.rowHeader && !header ? "font-normal" : "",
      header ? "" : (column.className ?? ""),
    ]
      .filter(Boolean)
      .join(" ");
  return (
    <table className={`stack-table w-full text-left text-slate-900 ${className}`.trim()}>
      <caption className={showCaption ? "mb-2 text-left font-semibold text-slate-900" : "sr-only"}>{caption}</caption>
      <thead>
        <tr className="border-b border-slate-300">
          {columns.map((column, i) => (
            <th key={column.label} scope="col" className={cellClass(column, i, true)}>
              {column.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={rowKey(row)} className="border-b border-slate-200">
            {columns.map((column, i) =>
              column.rowHeader ? (
                <th key={column.label} scope="row" className={cellClass(column, i, false)}>
                  {column.cell(row)}
                </th>
              ) : (
                <td key={column.label} data-label={column.label} className={cellClass(column, i, false)}>
                  {column.cell(row)}
                </td>
              ),
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

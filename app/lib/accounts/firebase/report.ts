/**
 * Import of the former Firebase site: the report (what was, or would be,
 * created, updated, left alone; conflicts and notes) and its French text
 * printed by `npm run import:firebase`.
 *
 * Rules: the same report for a dry run, an aborted import and a real one,
 * with the verbs in the future when nothing was written; numbers with a
 * no-break space between thousands.
 */

export interface ImportReport {
  dryRun: boolean;
  created: number;
  updated: number;
  unchanged: number;
  conflicts: string[];
  /** Facts worth knowing that did not stop the import (unknown roles, documents without account…). */
  notes: string[];
  passwords: number;
  google: number;
  disabled: number;
  /** True when nothing was written because of conflicts. */
  aborted: boolean;
}

const n = (count: number) => String(count).replace(/\B(?=(\d{3})+(?!\d))/g, "\u00a0");

/** The French report printed by the command. */
export function formatReport(report: ImportReport): string {
  const lines: string[] = [];
  lines.push(
    report.dryRun
      ? "Simulation (--dry-run) : rien n'a été écrit."
      : report.aborted
        ? "Import annulé : rien n'a été écrit."
        : "Import terminé.",
  );
  const future = report.dryRun || report.aborted;
  lines.push(
    `- Comptes ${future ? "à créer" : "créés"} : ${n(report.created)} (dont ${n(report.passwords)} avec leur mot de passe, ${n(report.google)} liés à Google, ${n(report.disabled)} désactivés)`,
  );
  lines.push(`- Comptes ${future ? "à mettre à jour" : "mis à jour"} : ${n(report.updated)}`);
  lines.push(`- Comptes déjà présents, inchangés : ${n(report.unchanged)}`);
  lines.push(`- Conflits : ${n(report.conflicts.length)}`);
  for (const c of report.conflicts) lines.push(`    ${c}`);
  if (report.aborted)
    lines.push(
      "Des conflits empêchent l'import : réglez-les (ou relancez avec --skip-conflicts pour importer les autres comptes).",
    );
  if (report.notes.length) {
    lines.push(`- Remarques : ${n(report.notes.length)}`);
    for (const note of report.notes) lines.push(`    ${note}`);
  }
  if (!report.aborted && (report.created || report.updated))
    lines.push(
      report.dryRun
        ? "Les membres se connecteront comme avant : leurs mots de passe seront repris, puis convertis à leur première connexion."
        : "Les membres se connectent comme avant : leurs mots de passe ont été repris et seront convertis à leur première connexion.",
    );
  return lines.join("\n");
}

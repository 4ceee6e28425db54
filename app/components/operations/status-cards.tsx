/**
 * The operations page's read-only cards: « À faire » (warnings and settings
 * still to fill), « Système » (version, uptime, database, disk, files) and
 * « Tâches de fond » (last and next run of each job). Figures come from
 * operationsStatus() (status.server.ts); nothing here is a form.
 */
import { formatDateTime } from "~/lib/core/time";
import type { OperationsStatus } from "~/lib/operations/status.server";
import { Card, Facts, go, mo } from "./card";

export function ToDoCard({ warnings, toFill }: Pick<OperationsStatus, "warnings" | "toFill">) {
  return (
    <Card id="a-faire" title="À faire">
      {warnings.length ? (
        <ul className="list-disc space-y-1 pl-5 text-slate-800">
          {warnings.map((w) => (
            <li key={w}>{w}</li>
          ))}
        </ul>
      ) : (
        <p className="text-slate-800">Rien à signaler.</p>
      )}
      {toFill.length ? (
        <div className="mt-4">
          <h3 className="font-semibold text-slate-900">Réglages à compléter avant la mise en ligne</h3>
          <ul className="mt-1 list-disc space-y-1 pl-5 text-slate-800">
            {toFill.map((t) => (
              <li key={t.key}>
                <a href={t.href} className="font-medium text-club-800 underline">
                  {t.label}
                </a>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </Card>
  );
}

export function SystemCard({
  status,
}: {
  status: Pick<OperationsStatus, "version" | "startedAt" | "database" | "disk" | "uploads">;
}) {
  return (
    <Card id="systeme" title="Système">
      <Facts
        items={[
          ["Version", status.version],
          ["En marche depuis", formatDateTime(status.startedAt)],
          [
            "Base de données",
            `${status.database.kind === "pglite" ? "embarquée (PGlite)" : "PostgreSQL"}, ${mo(status.database.size)}`,
          ],
          [
            "Espace libre (dossier des données)",
            status.disk ? `${go(status.disk.free)} sur ${go(status.disk.total)}` : "inconnu",
          ],
          ["Fichiers envoyés", mo(status.uploads)],
        ]}
      />
    </Card>
  );
}

export function JobsCard({ jobs }: Pick<OperationsStatus, "jobs">) {
  return (
    <Card id="taches" title="Tâches de fond">
      <ul className="divide-y divide-slate-200">
        {jobs.map((j) => (
          <li key={j.name} className="py-3">
            <p className="font-semibold text-slate-900">{j.label}</p>
            <p className="text-sm text-slate-700">
              Dernière exécution :{" "}
              {j.lastRun
                ? j.lastRun.length === 10
                  ? j.lastRun.split("-").reverse().join("/")
                  : formatDateTime(j.lastRun)
                : "jamais"}{" "}
              · Prochaine : {j.next}
            </p>
          </li>
        ))}
      </ul>
    </Card>
  );
}

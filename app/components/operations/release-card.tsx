/**
 * The operations page's « Version et mises à jour » card: the release the
 * site runs (its id, commit and date) and the last installation or upgrade
 * with its outcome, as deploy/install and deploy/upgrade recorded them
 * (app/lib/operations/release.server.ts).
 *
 * Rules: read-only; a site not installed by deploy/install says so instead of
 * showing a version it does not know; a failed upgrade says in French what
 * happened and where the backup taken before it is.
 */
import { formatDateTime } from "~/lib/core/time";
import type { DeploymentStatus, UpgradeEvent } from "~/lib/operations/release.server";
import { Card, Facts } from "./card";

const OUTCOMES: Record<UpgradeEvent["outcome"], string> = {
  reussie: "réussie",
  annulee: "échouée, la version précédente a été remise en service",
  echec: "abandonnée avant de toucher au site",
  panne: "échouée, et le retour à la version précédente aussi : le site était arrêté",
};

/** A release id (« 20261124-021000-0123456789ab ») kept on one line. */
const Id = ({ id }: { id: string }) => <span className="whitespace-nowrap">{id}</span>;

function LastUpgrade({ event }: { event: UpgradeEvent }) {
  return (
    <>
      {event.kind === "installation" ? "Installation" : "Mise à jour"}{" "}
      {event.from ? (
        <>
          de la version <Id id={event.from} /> vers la version <Id id={event.to} />
        </>
      ) : (
        <>
          de la version <Id id={event.to} />
        </>
      )}
      , le {formatDateTime(event.at)} : {OUTCOMES[event.outcome]}.
    </>
  );
}

export function ReleaseCard({ deployment }: { deployment: DeploymentStatus }) {
  const { release, lastUpgrade } = deployment;
  return (
    <Card id="version" title="Version et mises à jour">
      <Facts
        items={[
          [
            "Version en service",
            release ? (
              <>
                <Id id={release.id} />
                <span className="block text-sm text-slate-700">
                  commit {release.commit.slice(0, 12)} du {formatDateTime(release.date)}
                </span>
              </>
            ) : (
              "inconnue : le site n'a pas été installé avec deploy/install"
            ),
          ],
          ["Dernière mise à jour", lastUpgrade ? <LastUpgrade event={lastUpgrade} /> : "aucune enregistrée"],
        ]}
      />
      {lastUpgrade && lastUpgrade.outcome !== "reussie" ? (
        <p className="mt-4 text-slate-800">{lastUpgrade.message}</p>
      ) : null}
      {lastUpgrade?.backup ? (
        <p className="mt-2 text-sm text-slate-700">
          Sauvegarde faite juste avant : <span className="break-all font-mono">{lastUpgrade.backup}</span>
        </p>
      ) : null}
    </Card>
  );
}

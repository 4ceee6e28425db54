/**
 * The audience section of the legal page: what is counted,
 * how long it is kept, and the opt-out switch, a flag in this browser's own
 * localStorage that the beacon reads (no cookie). The server renders the
 * text and a neutral status; the real state shows once JavaScript runs
 * (without JavaScript, nothing is ever counted).
 */
import { useEffect, useState } from "react";
import { InfoSection } from "~/components/info-page";
import { Button } from "~/components/ui/button";
import { AUDIENCE_OPT_OUT_KEY, AUDIENCE_OPT_OUT_VALUE, AUDIENCE_RETENTION_MONTHS } from "~/lib/club/audience";

type State = "unknown" | "counted" | "refused" | "browser-refuses";

function readState(): State {
  const nav = navigator as Navigator & { globalPrivacyControl?: boolean };
  if (nav.doNotTrack === "1" || nav.globalPrivacyControl === true) return "browser-refuses";
  try {
    return window.localStorage.getItem(AUDIENCE_OPT_OUT_KEY) === AUDIENCE_OPT_OUT_VALUE ? "refused" : "counted";
  } catch {
    return "counted";
  }
}

export function AudienceSection() {
  const [state, setState] = useState<State>("unknown");
  useEffect(() => setState(readState()), []);

  function toggle() {
    try {
      if (state === "refused") window.localStorage.removeItem(AUDIENCE_OPT_OUT_KEY);
      else window.localStorage.setItem(AUDIENCE_OPT_OUT_KEY, AUDIENCE_OPT_OUT_VALUE);
    } catch {
      // Storage blocked by the browser: nothing is stored, the status below says so.
    }
    setState(readState());
  }

  return (
    <InfoSection id="mesure-audience" title="Mesure d’audience">
      <p>
        Pour savoir quelles pages sont utiles, le site compte lui-même ses pages vues&nbsp;: pour chaque jour, le nombre
        de vues de chaque page et le nom des sites d’où arrivent les visiteurs (par exemple «&nbsp;google.com&nbsp;»).
        Ce comptage ne dépose <strong>aucun cookie</strong>, n’enregistre ni votre adresse IP ni aucun identifiant, ne
        fait appel à aucun service extérieur et ne permet pas de vous suivre d’une page ou d’un site à l’autre. Les
        pages de l’espace membre et de connexion ne sont jamais comptées.
      </p>
      <p>
        Ces totaux servent uniquement aux responsables du club et sont effacés au bout de {AUDIENCE_RETENTION_MONTHS}
        &nbsp;mois. Cette mesure, limitée aux statistiques du site, est dispensée de consentement selon les
        recommandations de la CNIL&nbsp;; vous pouvez néanmoins la refuser.
      </p>
      <p>
        Votre navigateur n’est pas compté s’il envoie le signal «&nbsp;Do Not Track&nbsp;» ou «&nbsp;Global Privacy
        Control&nbsp;», ou si vous refusez ci-dessous (le choix est gardé dans ce navigateur seulement).
      </p>
      <div className="flex flex-wrap items-center gap-4 rounded-lg border border-slate-300 bg-slate-50 p-4">
        <p role="status" className="m-0 font-medium text-slate-900" data-testid="audience-status">
          {state === "unknown"
            ? "Sans JavaScript, vos visites ne sont pas comptées."
            : state === "browser-refuses"
              ? "Votre navigateur demande de ne pas être suivi : vos visites ne sont pas comptées."
              : state === "refused"
                ? "Vous avez refusé la mesure d’audience : vos visites ne sont pas comptées."
                : "Vos visites sont comptées, sans cookie ni identifiant."}
        </p>
        {state === "counted" || state === "refused" ? (
          <Button type="button" variant="secondary" size="sm" onClick={toggle}>
            {state === "refused" ? "Accepter à nouveau la mesure d’audience" : "Refuser la mesure d’audience"}
          </Button>
        ) : null}
      </div>
    </InfoSection>
  );
}

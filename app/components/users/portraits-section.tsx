/**
 * The portraits of an account's profiles on the user edit page (admins only,
 * decision 0032): each one with its consent, and a button that removes it
 * (intent "portrait-remove": the image is deleted at once, audited).
 */
import { Form } from "react-router";
import { Portrait } from "~/components/portrait";
import { buttonClasses } from "~/components/ui/button";
import { formatDate } from "~/lib/core/time";
import { Icon } from "~/components/ui/icon";
import { de } from "~/lib/typography/elision";

interface AdminPortrait {
  profileId: number;
  name: string;
  mediaId: number;
  consentGivenAt: string;
  consentGivenByName: string;
}

export function PortraitsAdminSection({ portraits }: { portraits: AdminPortrait[] }) {
  return (
    <section
      id="portraits"
      aria-labelledby="portraits-title"
      className="rounded-lg border border-slate-300 bg-white p-5 shadow-sm"
    >
      <h2 id="portraits-title" className="text-2xl font-semibold text-slate-900">
        Portraits pour l'appel
      </h2>
      <p className="mt-1 text-slate-700">
        Ajoutés par la famille avec son accord, vus des seuls enseignants de ses cours et des administrateurs. Retirer
        un portrait efface aussitôt son image.
      </p>
      <ul className="mt-3 space-y-3">
        {portraits.map((p) => (
          <li key={p.profileId} className="flex flex-wrap items-center gap-3">
            <Portrait profileId={p.profileId} name={p.name} version={p.mediaId} />
            <span className="min-w-0 flex-1 text-slate-800">
              <span className="font-semibold text-slate-900">{p.name}</span> — accord{" "}
              {de(p.consentGivenByName || "la personne titulaire du compte")} le {formatDate(p.consentGivenAt)}
            </span>
            <Form method="post">
              <input type="hidden" name="intent" value="portrait-remove" />
              <input type="hidden" name="profileId" value={p.profileId} />
              <button type="submit" className={buttonClasses({ variant: "danger-outline", size: "sm" })}>
                <Icon name="trash-2" className="h-4 w-4" />
                Retirer le portrait<span className="sr-only"> {de(p.name)}</span>
              </button>
            </Form>
          </li>
        ))}
      </ul>
    </section>
  );
}

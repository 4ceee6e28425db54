/**
 * The member area's profile selector: which of the account's profiles the
 * pages show (grades, revision, status). A plain form posting to
 * /espace-membre/profil-actif, so it works without JavaScript.
 */
import { useId } from "react";
import { Form, href, useLocation } from "react-router";
import { Button } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";

export interface SelectorProfile {
  id: number;
  prenom: string;
  nom: string;
  isSelf: boolean;
}

export function ProfileSelector({
  profiles,
  selectedId,
}: {
  profiles: ReadonlyArray<SelectorProfile>;
  selectedId: number;
}) {
  const id = useId();
  const location = useLocation();
  const here = location.pathname + location.search;
  const selected = profiles.find((p) => p.id === selectedId);
  const fullName = (p: SelectorProfile) => `${p.prenom} ${p.nom}`.trim();

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="mb-6 flex flex-col gap-3 rounded-lg border border-club-200 bg-club-50 p-4 sm:flex-row sm:items-end sm:justify-between"
    >
      <div>
        <h2 id={`${id}-title`} className="flex items-center gap-2 text-base font-semibold text-club-900">
          <Icon name="user-round" className="h-5 w-5" />
          Profil affiché : {selected ? fullName(selected) : ""}
          {selected?.isSelf ? " (vous)" : ""}
        </h2>
        {profiles.length < 2 ? (
          <p className="mt-1 text-sm text-slate-700">
            Ajoutez les profils de vos enfants ou de vos proches depuis la page « Mon profil » pour suivre leurs grades.
          </p>
        ) : null}
      </div>
      {profiles.length > 1 ? (
        <div className="flex flex-wrap items-end gap-2">
          <Form method="post" action={href("/espace-membre/profil-actif")} className="flex flex-wrap items-end gap-2">
            <input type="hidden" name="intent" value="select" />
            <input type="hidden" name="redirectTo" value={here} />
            <div>
              <label htmlFor={`${id}-select`} className="mb-1 block text-sm font-medium text-slate-800">
                Choisir un profil
              </label>
              <select
                id={`${id}-select`}
                name="profileId"
                defaultValue={String(selectedId)}
                key={selectedId}
                className="rounded-md border border-slate-400 bg-white px-3 py-2 text-slate-900 focus:border-club-600 focus:outline-none focus:ring-2 focus:ring-club-600"
              >
                {profiles.map((p) => (
                  <option key={p.id} value={p.id}>
                    {fullName(p)}
                    {p.isSelf ? " (moi)" : ""}
                  </option>
                ))}
              </select>
            </div>
            <Button type="submit">Choisir</Button>
          </Form>
          {selected && !selected.isSelf ? (
            <Form method="post" action={href("/espace-membre/profil-actif")}>
              <input type="hidden" name="intent" value="clear" />
              <input type="hidden" name="redirectTo" value={here} />
              <Button type="submit" variant="secondary">
                Revenir à mon profil
              </Button>
            </Form>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}

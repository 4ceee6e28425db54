/**
 * /espace-membre/saison/licences (admin, user_manager): the federation
 * licences of the campaign's season.
 *  - Each registered member: its licence number (typed, or cleared with an
 *    empty field), last season's, and the licence-form facts the family has
 *    not filled on the profile yet.
 *  - An import: the federation's list pasted as « nom ; prénom ; date de
 *    naissance ; numéro de licence », matched to the registered members;
 *    every line saved or none, one French error per wrong line, the pasted
 *    text kept.
 *  - The columns of licences.csv, and the link to it.
 * Two intents (app/lib/http/intents.ts), one Conform form each; the number
 * forms are keyed by the profile: works without JavaScript.
 */
import { data, Form, href, redirect } from "react-router";
import type { Route } from "./+types/licences";
import {
  fieldProps,
  FormErrors,
  FormMessage,
  getFormProps,
  SubmitButton,
  TextAreaField,
  TextField,
  useClubForm,
} from "~/components/form";
import { userContext } from "~/lib/accounts/auth-context";
import type { SessionUser as Actor } from "~/lib/accounts/session.server";
import { reply, type SubmissionResult } from "~/lib/http/forms";
import { handleIntent, intentOf, resultOf, type IntentAnswer } from "~/lib/http/intents";
import { readForm } from "~/lib/http/request.server";
import { pageMeta } from "~/lib/http/seo";
import { parseSubmission } from "~/lib/http/forms";
import { getCampaign } from "~/lib/members/family-registration.server";
import {
  LICENCE_COLUMNS,
  licenceImportSchema,
  licenceNumberSchema,
  type LICENCE_INTENTS,
} from "~/lib/members/licences";
import { importLicences, licenceRows, setLicenceNumber } from "~/lib/members/licences.server";
import { de } from "~/lib/typography/elision";

const PATH = href("/espace-membre/saison/licences");

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Licences de la saison",
    description: "Numéros de licence des membres inscrits, import de la liste de la fédération et export.",
    noindex: true,
  });

export async function loader({ request }: Route.LoaderArgs) {
  const { season } = await getCampaign();
  const url = new URL(request.url);
  const rows = await licenceRows(season);
  const imported = Number(url.searchParams.get("importees") ?? "");
  return {
    season,
    members: rows.map((r) => ({
      profileId: r.profileId,
      name: r.name,
      group: r.group,
      licenceNumber: r.licenceNumber ?? "",
      previousLicence: r.previousLicence,
      toFill: [
        r.sex ? null : "sexe",
        r.dateOfBirth ? null : "date de naissance",
        r.placeOfBirth ? null : "lieu de naissance",
        r.nationality ? null : "nationalité",
        r.address && r.postalCode && r.city ? null : "adresse",
      ].filter((x): x is string => x !== null),
    })),
    columns: LICENCE_COLUMNS,
    notice:
      url.searchParams.get("ok") === "numero"
        ? "Le numéro de licence est enregistré."
        : Number.isInteger(imported) && imported > 0
          ? `${imported} numéro${imported > 1 ? "s" : ""} de licence importé${imported > 1 ? "s" : ""}.`
          : null,
  };
}

const HANDLERS = {
  number: async (formData: FormData, actor: Actor) => {
    const { season } = await getCampaign();
    return handleIntent(
      "number",
      formData,
      licenceNumberSchema,
      async (v) => {
        await setLicenceNumber(actor, season, v.profileId, v.licenceNumber);
        return redirect(`${PATH}?ok=numero`);
      },
      { keyField: "profileId" },
    );
  },
  import: async (formData: FormData, actor: Actor) => {
    const { season } = await getCampaign();
    const submission = parseSubmission(formData, licenceImportSchema);
    const refuse = (errors: string[]) =>
      data(
        {
          intent: "import",
          key: null,
          result: reply(submission, errors.length ? { fieldErrors: { csv: errors } } : {}),
        } satisfies IntentAnswer,
        { status: 400 },
      );
    if (submission.status !== "success") return refuse([]);
    const { saved, errors } = await importLicences(actor, season, submission.value.csv);
    return errors.length ? refuse(errors) : redirect(`${PATH}?importees=${saved}`);
  },
} satisfies Record<(typeof LICENCE_INTENTS)[number], unknown>;

export async function action({ request, context }: Route.ActionArgs) {
  const actor = context.get(userContext);
  const formData = await readForm(request);
  return HANDLERS[intentOf(formData, HANDLERS)](formData, actor);
}

function NumberForm({
  member,
  lastResult,
}: {
  member: { profileId: number; name: string; licenceNumber: string };
  lastResult?: SubmissionResult<string[]>;
}) {
  const [form, fields] = useClubForm({
    id: `licence-${member.profileId}`,
    schema: licenceNumberSchema,
    lastResult,
    defaultValue: { intent: "number", profileId: String(member.profileId), licenceNumber: member.licenceNumber },
  });
  return (
    <Form method="post" {...getFormProps(form)} className="mt-2 flex flex-wrap items-end gap-3">
      <input type="hidden" name="intent" value="number" />
      <input type="hidden" name="profileId" value={member.profileId} />
      <div className="min-w-56">
        <TextField label={`Licence ${de(member.name)}`} {...fieldProps(fields.licenceNumber)} />
      </div>
      <div className="mb-4">
        <SubmitButton pendingLabel="Enregistrement…">
          Enregistrer<span className="sr-only"> la licence {de(member.name)}</span>
        </SubmitButton>
      </div>
    </Form>
  );
}

function ImportForm({ lastResult }: { lastResult?: SubmissionResult<string[]> }) {
  const [form, fields] = useClubForm({
    id: "import-licences",
    schema: licenceImportSchema,
    lastResult,
    defaultValue: { intent: "import", csv: "" },
  });
  const lineErrors = fields.csv.errors ?? [];
  return (
    <Form method="post" {...getFormProps(form)} className="rounded-lg border border-slate-300 bg-white p-4 shadow-sm">
      <FormErrors
        form={form}
        lastResult={lastResult}
        summary="Aucun numéro n'a été enregistré : corrigez les lignes signalées, puis importez de nouveau."
      />
      <input type="hidden" name="intent" value="import" />
      <TextAreaField
        label="Liste de la fédération (une licence par ligne : nom ; prénom ; date de naissance ; numéro de licence)"
        hint="Copiez les colonnes depuis le tableur de la fédération ; séparateur « ; », tabulation ou « , », date JJ/MM/AAAA."
        rows={8}
        {...fieldProps(fields.csv)}
      />
      {lineErrors.length > 1 ? (
        <ul className="mb-4 list-disc pl-5 text-sm font-medium text-red-700">
          {lineErrors.slice(1).map((e) => (
            <li key={e}>{e}</li>
          ))}
        </ul>
      ) : null}
      <SubmitButton pendingLabel="Import…">Importer les numéros</SubmitButton>
    </Form>
  );
}

export default function Licences({ loaderData, actionData }: Route.ComponentProps) {
  const { season, members, columns, notice } = loaderData;
  return (
    <div className="max-w-4xl space-y-8">
      <div>
        <h1 className="text-3xl font-bold text-slate-900">Licences {season}</h1>
        <p className="mt-2 text-slate-700">
          Le numéro de licence de chaque membre inscrit, saisi ici ou importé depuis la liste de la fédération. Les
          autres renseignements du formulaire de licence viennent du profil, rempli par la famille.
        </p>
      </div>
      {notice ? <FormMessage tone="success">{notice}</FormMessage> : null}

      <section aria-labelledby="membres" className="space-y-3">
        <h2 id="membres" className="text-2xl font-semibold text-slate-900">
          Membres inscrits
        </h2>
        {members.length === 0 ? <p className="text-slate-700">Aucun membre inscrit pour cette saison.</p> : null}
        <ul className="space-y-3">
          {members.map((m) => (
            <li key={m.profileId} className="rounded-lg border border-slate-300 bg-white p-4 shadow-sm">
              <p className="font-semibold text-slate-900">
                {m.name} <span className="font-normal text-slate-700">({m.group})</span>
              </p>
              <p className="text-sm text-slate-700">
                {m.previousLicence
                  ? `Licence de la saison précédente : ${m.previousLicence}.`
                  : "Pas de licence connue la saison précédente."}
                {m.toFill.length ? ` À compléter par la famille dans le profil : ${m.toFill.join(", ")}.` : ""}
              </p>
              <NumberForm member={m} lastResult={resultOf(actionData, "number", m.profileId)} />
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="import" className="space-y-3">
        <h2 id="import" className="text-2xl font-semibold text-slate-900">
          Importer les numéros
        </h2>
        <p className="text-slate-700">
          Chaque ligne est rapprochée d'un membre inscrit par son nom (ou son nom de naissance), son prénom et sa date
          de naissance. Si une ligne ne correspond à personne, rien n'est enregistré : le texte collé reste là pour être
          corrigé.
        </p>
        <ImportForm lastResult={resultOf(actionData, "import")} />
      </section>

      <section aria-labelledby="export" className="space-y-3">
        <h2 id="export" className="text-2xl font-semibold text-slate-900">
          Export pour la fédération
        </h2>
        <p>
          <a
            href={href("/espace-membre/saison/export/:fichier", { fichier: "licences.csv" })}
            className="font-medium text-club-800 underline"
            download
          >
            Télécharger licences.csv
          </a>{" "}
          (séparateur « ; », encodage UTF-8, lisible par un tableur). Ses colonnes, dans l'ordre :
        </p>
        <ol className="list-decimal pl-6 text-slate-900">
          {columns.map((c) => (
            <li key={c.title}>
              <strong>{c.title}</strong>
              {` : ${c.holds}`}
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}

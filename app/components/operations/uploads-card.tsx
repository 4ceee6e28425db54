/**
 * The operations page's « Fichiers envoyés » card: where new uploaded files
 * are kept (the data folder or PostgreSQL), how many each place holds, the
 * form that changes the place (intent « fichiers », uploads-place-form.server.ts)
 * and the command that moves the files already uploaded.
 *
 * Rules: on the embedded database the card explains why the files stay in the
 * data folder and shows no form; files left in the other place are said to
 * stay readable, with the command that moves them. Works without JavaScript.
 */
import { Form } from "react-router";
import { fieldProps, FormErrors, getFormProps, SelectField, SubmitButton, useClubForm } from "~/components/form";
import { countOf, plural } from "~/lib/core/count";
import { EMBEDDED_REFUSAL, PLACE_LABELS, uploadsPlaceSchema } from "~/lib/operations/uploads-place";
import type { UploadsPlaceStatus } from "~/lib/operations/uploads-place.server";
import { Card, Facts, mo } from "./card";

const holds = (t: { files: number; bytes: number }) =>
  t.files ? `${countOf(t.files, "fichier", "fichiers")} (${mo(t.bytes)})` : "aucun fichier";

export function UploadsCard({
  uploads,
  lastResult,
}: {
  uploads: UploadsPlaceStatus;
  lastResult?: Parameters<typeof useClubForm>[0]["lastResult"];
}) {
  const [form, fields] = useClubForm({
    id: "emplacement-fichiers",
    schema: uploadsPlaceSchema,
    lastResult,
    defaultValue: { place: uploads.place },
  });
  const other = uploads.place === "postgres" ? "dossier" : "postgres";
  const left = other === "postgres" ? uploads.postgres : uploads.folder;
  return (
    <Card id="fichiers" title="Fichiers envoyés">
      <Facts
        items={[
          ["Nouveaux fichiers gardés dans", PLACE_LABELS[uploads.place]],
          ["Dossier de données de cette machine", holds(uploads.folder)],
          ...(uploads.postgresAvailable ? [["Base PostgreSQL", holds(uploads.postgres)] as [string, string]] : []),
        ]}
      />
      {uploads.postgresAvailable ? (
        <>
          {left.files ? (
            <p className="mt-4 text-slate-800">
              {`${countOf(left.files, "fichier est encore", "fichiers sont encore")} dans ${PLACE_LABELS[other]} : ${plural(left.files, "il reste lisible", "ils restent lisibles")}. Pour ${plural(left.files, "le", "les")} déplacer, lancez sur le serveur `}
              <code className="break-all">{`npm run fichiers -- vers-${uploads.place}`}</code>
              {other === "dossier" ? " (sur chaque machine qui en garde)." : "."}
            </p>
          ) : null}
          <Form method="post" {...getFormProps(form)} className="mt-6 border-t border-slate-200 pt-4">
            <h3 className="mb-3 text-lg font-semibold text-slate-900">Emplacement des nouveaux fichiers</h3>
            <FormErrors form={form} lastResult={lastResult} />
            <input type="hidden" name="intent" value="fichiers" />
            <SelectField
              label="Garder les nouveaux fichiers dans"
              hint="Avec plusieurs machines derrière un répartiteur de charge, choisissez la base PostgreSQL : chaque machine lit alors les fichiers reçus par les autres."
              options={[
                { value: "dossier", label: "le dossier de données de chaque machine" },
                { value: "postgres", label: "la base PostgreSQL (plusieurs machines)" },
              ]}
              {...fieldProps(fields.place)}
            />
            <SubmitButton pendingLabel="Enregistrement…">Enregistrer l’emplacement</SubmitButton>
          </Form>
        </>
      ) : (
        <p className="mt-4 text-slate-800">{EMBEDDED_REFUSAL}</p>
      )}
    </Card>
  );
}

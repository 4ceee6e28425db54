/**
 * The operations page's « Sauvegardes » card: the last backup and the next,
 * the folder, the last failure, the button that starts one (intent
 * « sauvegarde »), and the list with each backup's verification and its
 * download form (intent « telecharger », key: the backup's name; the
 * administrator re-enters their password). Works without JavaScript.
 */
import { Form, useNavigation } from "react-router";
import {
  fieldProps,
  FormErrors,
  FormMessage,
  SubmitButton,
  TextField,
  useClubForm,
  getFormProps,
} from "~/components/form";
import { formatDateTime } from "~/lib/core/time";
import { downloadSchema } from "~/lib/operations/download";
import type { OperationsStatus } from "~/lib/operations/status.server";
import { Card, Facts, mo } from "./card";

type LastResult = Parameters<typeof useClubForm>[0]["lastResult"];

function DownloadForm({ name, lastResult }: { name: string; lastResult?: LastResult }) {
  const [form, fields] = useClubForm({
    id: `telecharger-${name}`,
    schema: downloadSchema,
    lastResult,
    defaultValue: { name },
  });
  return (
    <Form method="post" {...getFormProps(form)} className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-end">
      <FormErrors form={form} lastResult={lastResult} />
      <input type="hidden" name="intent" value="telecharger" />
      <input type="hidden" name="name" value={name} />
      <TextField
        label="Votre mot de passe pour télécharger"
        type="password"
        autoComplete="current-password"
        className="mb-0 grow"
        {...fieldProps(fields.password)}
      />
      <SubmitButton pendingLabel="Vérification…">Télécharger</SubmitButton>
    </Form>
  );
}

export function BackupsCard({
  backups,
  downloadResult,
}: {
  backups: OperationsStatus["backups"];
  /** The last answer of the download form of the backup `name`. */
  downloadResult: (name: string) => LastResult;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "sauvegarde";
  const last = backups.list[0];
  return (
    <Card id="sauvegardes" title="Sauvegardes">
      <Facts
        items={[
          [
            "Dernière réussie",
            last
              ? `${formatDateTime(last.createdAt)} (${last.verification.ok ? "vérifiée" : "vérification en échec"})`
              : "aucune",
          ],
          ["Prochaine", backups.next],
          [
            "Dossier",
            <code key="dir" className="break-all text-sm">
              {backups.dir}
            </code>,
          ],
          ["Chiffrement", backups.encrypted ? "oui" : "non"],
        ]}
      />
      {backups.failure ? (
        <div className="mt-4">
          <FormMessage>
            Échec le {formatDateTime(backups.failure.at)} : {backups.failure.error}
          </FormMessage>
        </div>
      ) : null}
      <Form method="post" className="mt-4">
        <input type="hidden" name="intent" value="sauvegarde" />
        <SubmitButton pendingLabel="Sauvegarde en cours…">Lancer une sauvegarde</SubmitButton>
        {busy ? (
          <p className="mt-2 text-sm text-slate-700">
            La sauvegarde est écrite puis vérifiée : cela peut prendre une minute.
          </p>
        ) : null}
      </Form>
      {backups.list.length ? (
        <ul className="mt-6 divide-y divide-slate-200 border-t border-slate-200">
          {backups.list.map((b) => (
            <li key={b.name} className="py-4">
              <p className="break-all font-semibold text-slate-900">{b.name}</p>
              <p className="text-sm text-slate-700">
                {formatDateTime(b.createdAt)} · {mo(b.size)} ·{" "}
                {b.reason === "nocturne"
                  ? "de la nuit"
                  : b.reason === "page"
                    ? "depuis cette page"
                    : "en ligne de commande"}{" "}
                ·{" "}
                {b.verification.ok ? (
                  <span className="font-semibold text-green-800">vérifiée</span>
                ) : (
                  <span className="font-semibold text-red-800">vérification en échec : {b.verification.error}</span>
                )}
              </p>
              <DownloadForm name={b.name} lastResult={downloadResult(b.name)} />
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-4 text-slate-700">Aucune sauvegarde pour l'instant.</p>
      )}
    </Card>
  );
}

/**
 * "Portraits pour l'appel": for each profile of the account,
 * its portrait (or initials), adding or replacing it (intent "portrait": a
 * photo and the consent statement ticked) and removing it (intent
 * "remove-portrait": the consent is withdrawn, the image deleted at once).
 * Works without JavaScript (a multipart form per profile; the add/replace
 * form sits in a <details> opened again by a refusal); with JavaScript the
 * size and the consent are checked before sending.
 */
import type { SubmissionResult } from "@conform-to/react";
import { Form } from "react-router";
import { FileField, useUploadCheck } from "~/components/file-field";
import { checkboxProps, FormErrors, FormMessage, SubmitButton, useClubForm, getFormProps } from "~/components/form";
import { Portrait } from "~/components/portrait";
import { formatDate } from "~/lib/core/time";
import { MAX_IMAGE_BYTES } from "~/lib/content/upload-limits";
import { resultOf } from "~/lib/http/intents";
import {
  consentStatement,
  PORTRAIT_MESSAGES,
  portraitRemoveSchema,
  portraitUploadSchema,
} from "~/lib/members/portraits";
import {
  dangerButton,
  h2Class,
  PROFILE_ACTION,
  secondaryButton,
  sectionClass,
  Success,
  successFor,
  type ProfileAnswer,
} from "./shared";
import { Icon } from "~/components/ui/icon";
import { de } from "~/lib/typography/elision";

interface PortraitRowData {
  id: number;
  prenom: string;
  nom: string;
  isSelf: boolean;
  /** The portrait's media id (null: none). */
  mediaId: number | null;
  consentGivenAt: string | null;
  consentGivenByName: string;
}

export function PortraitSection({ people, answer }: { people: PortraitRowData[]; answer: ProfileAnswer | undefined }) {
  // A refusal before the form could be read (a body too large): no profile known, shown above the list.
  const unread = answer?.intent === "portrait" && !answer.key ? answer.result?.error?.[""]?.[0] : undefined;
  return (
    <section aria-labelledby="portraits" className={sectionClass}>
      <h2 id="portraits" className={h2Class}>
        Portraits pour l'appel
      </h2>
      <p className="mb-4 text-slate-700">
        Un portrait aide les enseignants à reconnaître chacun quand ils font l'appel. Il est facultatif, n'est montré
        qu'aux enseignants des cours du profil et aux administrateurs du club, n'est jamais publié, et vous pouvez le
        retirer à tout moment : l'image est alors effacée aussitôt.
      </p>
      <Success message={successFor(answer, "portrait", "remove-portrait")} />
      {unread ? <FormMessage>{unread}</FormMessage> : null}
      <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200">
        {people.map((p) => (
          <li key={p.id} id={`portrait-${p.id}`} className="p-4">
            <PortraitRow person={p} answer={answer} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function PortraitRow({ person: p, answer }: { person: PortraitRowData; answer: ProfileAnswer | undefined }) {
  const name = `${p.prenom} ${p.nom}`.trim();
  const uploadResult = resultOf(answer, "portrait", p.id);
  const removeResult = resultOf(answer, "remove-portrait", p.id);
  const has = p.mediaId !== null;
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
      <Portrait profileId={p.id} name={name} version={p.mediaId} size="lg" />
      <div className="min-w-0 flex-1">
        <p className="font-semibold text-slate-900">{p.isSelf ? `${name} (vous)` : name}</p>
        <p className="mb-3 text-sm text-slate-700">
          {has && p.consentGivenAt
            ? `Portrait enregistré le ${formatDate(p.consentGivenAt)}, avec l'accord ${de(p.consentGivenByName || "la personne titulaire du compte")}.`
            : "Pas de portrait : les enseignants voient ses initiales."}
        </p>
        {/* Closed again after a success (remounted), open after a refusal of this profile's form. */}
        <details
          key={successFor(answer, "portrait", "remove-portrait") ? answer?.done : "portrait"}
          open={!!uploadResult}
          className="mb-3"
        >
          <summary className={`${secondaryButton} cursor-pointer list-none`}>
            <Icon name="camera" className="h-4 w-4" />
            <span>
              {has ? "Remplacer le portrait" : "Ajouter un portrait"}
              <span className="sr-only"> {de(p.prenom)}</span>
            </span>
          </summary>
          <UploadForm
            key={successFor(answer, "portrait") ? answer?.done : "portrait"}
            person={p}
            lastResult={uploadResult}
          />
        </details>
        {has ? <RemoveForm person={p} lastResult={removeResult} /> : null}
      </div>
    </div>
  );
}

function UploadForm({
  person: p,
  lastResult,
}: {
  person: PortraitRowData;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const upload = useUploadCheck();
  const [form, fields] = useClubForm({ id: `portrait-envoi-${p.id}`, schema: portraitUploadSchema, lastResult });
  const formProps = getFormProps(form);
  const consent = checkboxProps(fields.consent);
  const consentId = `portrait-accord-${p.id}`;
  return (
    <Form
      method="post"
      action={PROFILE_ACTION}
      encType="multipart/form-data"
      {...formProps}
      onSubmit={upload.then(formProps.onSubmit)}
      className="mt-3 rounded-md bg-slate-50 p-4"
      aria-label={`Portrait ${de(p.prenom)}`}
    >
      <FormErrors form={form} lastResult={lastResult} summary={PORTRAIT_MESSAGES.notSaved} />
      <input type="hidden" name="intent" value="portrait" />
      <input type="hidden" name="profileId" value={p.id} />
      <FileField
        label={`Photo ${de(p.prenom)}`}
        name={fields.file.name}
        accept="image/jpeg,image/png,image/webp"
        required
        hint="JPEG, PNG ou WebP, 10 Mo au plus, le visage bien visible. Seul un petit carré centré sur le visage est gardé, sans les informations cachées de l'appareil (lieu, date)."
        maxBytes={MAX_IMAGE_BYTES}
        error={upload.errorFor(fields.file.name) ?? fields.file.errors?.[0]}
      />
      <div className="mb-4">
        <div className="flex items-start gap-3">
          <input
            id={consentId}
            type="checkbox"
            name={consent.name}
            value="on"
            defaultChecked={consent.defaultChecked}
            aria-invalid={consent.error ? true : undefined}
            aria-describedby={consent.error ? `${consentId}-erreur` : undefined}
            className="mt-1 h-5 w-5 shrink-0 rounded border-slate-400 text-club-700 focus:ring-club-600"
          />
          <label htmlFor={consentId} className="text-slate-800">
            {consentStatement(p)}
          </label>
        </div>
        {consent.error ? (
          <p id={`${consentId}-erreur`} className="mt-1 text-sm font-medium text-red-700">
            {consent.error}
          </p>
        ) : null}
        <p className="mt-1 text-sm text-slate-700">Votre nom et la date sont enregistrés avec cet accord.</p>
      </div>
      <SubmitButton pendingLabel="Envoi…">Enregistrer le portrait</SubmitButton>
    </Form>
  );
}

function RemoveForm({
  person: p,
  lastResult,
}: {
  person: PortraitRowData;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const [form] = useClubForm({ id: `portrait-retirer-${p.id}`, schema: portraitRemoveSchema, lastResult });
  return (
    <Form method="post" action={PROFILE_ACTION} {...getFormProps(form)}>
      <FormErrors form={form} lastResult={lastResult} />
      <input type="hidden" name="intent" value="remove-portrait" />
      <input type="hidden" name="profileId" value={p.id} />
      <button type="submit" className={dangerButton}>
        <Icon name="trash-2" className="h-4 w-4" />
        <span>
          Retirer le portrait<span className="sr-only"> {de(p.prenom)}</span> et l'effacer
        </span>
      </button>
    </Form>
  );
}

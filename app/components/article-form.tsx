/**
 * The article form shared by /espace-membre/articles/ajouter and
 * /modifier/:id, on Conform with the schema of app/lib/content/article-form.ts.
 * Works without JavaScript (a plain <textarea name="body">);
 * with JavaScript the textarea is replaced by the rich-text editor, whose
 * code is loaded on demand (dynamic import) so only these pages download it.
 */
import { useEffect, useId, useRef, useState, type ComponentType } from "react";
import { Form } from "react-router";
import type { SubmissionResult } from "@conform-to/react";
import {
  checkboxProps,
  fieldProps,
  FormErrors,
  SubmitButton,
  TextAreaField,
  TextField,
  useClubForm,
  getFormProps,
} from "~/components/form";
import { OnceField } from "~/components/once-field";
import { articleSchema, articleUpdateSchema } from "~/lib/content/article-form";
import { ResponsiveImage, type ResponsiveImageSources } from "~/components/responsive-image";
import { useUploadCheck } from "~/components/file-field";
import { MAX_IMAGE_BYTES } from "~/lib/content/upload-limits";

export const STATUS_OPTIONS = [
  { value: "brouillon", label: "Brouillon", hint: "invisible sur le site" },
  { value: "publie", label: "Publié", hint: "visible tout de suite dans les actualités" },
  { value: "programme", label: "Programmé", hint: "publié automatiquement à la date et à l’heure choisies" },
] as const;

export interface ArticleFormProps {
  /** The saved values (the edit page: with `version`). */
  values: Record<string, string>;
  /** The action's answer to a refused submission (errors and what was typed). */
  lastResult?: SubmissionResult<string[]>;
  /** The new-article page: its one-time token. */
  submissionToken?: string;
  cover?: ResponsiveImageSources | null;
  coverAlt?: string;
  submitLabel: string;
}

type EditorComponent = ComponentType<{
  name: string;
  initialHtml: string;
  labelId: string;
  describedBy?: string;
  invalid?: boolean;
}>;

function BodyField({ defaultValue, error }: { defaultValue: string; error?: string }) {
  const id = useId();
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const [editor, setEditor] = useState<{ Component: EditorComponent; initial: string } | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);

  useEffect(() => {
    let cancelled = false;
    import("./rich-text-editor")
      .then((m) => {
        // Whatever was typed in the textarea before the editor arrived is kept.
        if (!cancelled) setEditor({ Component: m.default, initial: textareaRef.current?.value ?? defaultValue });
      })
      .catch(() => {
        if (!cancelled) setLoadFailed(true);
      });
    return () => {
      cancelled = true;
    };
    // Loaded once, on mount.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hintId, error ? errorId : null].filter(Boolean).join(" ");
  return (
    <div className="mb-6">
      {editor ? (
        <div id={`${id}-label`} className="mb-1 font-medium text-slate-800">
          Texte de l’article
        </div>
      ) : (
        <label htmlFor={`${id}-textarea`} id={`${id}-label`} className="mb-1 block font-medium text-slate-800">
          Texte de l’article
        </label>
      )}
      <p id={hintId} className="mb-1 text-sm text-slate-600">
        {editor
          ? "Utilisez la barre d’outils pour les titres, le gras, les listes, les liens, les citations et les images."
          : loadFailed
            ? "L’éditeur n’a pas pu être chargé : saisissez le texte ici. Laissez une ligne vide entre deux paragraphes."
            : "Saisissez le texte. Laissez une ligne vide entre deux paragraphes."}
      </p>
      {editor ? (
        <editor.Component
          name="body"
          initialHtml={editor.initial}
          labelId={`${id}-label`}
          describedBy={describedBy}
          invalid={!!error}
        />
      ) : (
        <textarea
          ref={textareaRef}
          id={`${id}-textarea`}
          name="body"
          rows={14}
          defaultValue={defaultValue}
          aria-describedby={describedBy}
          aria-invalid={error ? true : undefined}
          className="block w-full rounded-md border border-slate-400 bg-white px-3 py-2 font-mono text-sm text-slate-900 focus:border-club-600 focus:outline-none focus:ring-2 focus:ring-club-600"
        />
      )}
      {error ? (
        <p id={errorId} className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function ArticleForm({ values, lastResult, submissionToken, cover, coverAlt, submitLabel }: ArticleFormProps) {
  const id = useId();
  const editing = values.version !== undefined;
  const [form, fields] = useClubForm({
    schema: editing ? articleUpdateSchema : articleSchema,
    lastResult,
    id: `article-${values.version ?? "new"}`,
    defaultValue: values,
  });
  const formProps = getFormProps(form);
  const typed = (field: { initialValue?: unknown }) =>
    typeof field.initialValue === "string" ? field.initialValue : "";
  const status = typed(fields.status) || "brouillon";
  const upload = useUploadCheck();
  const errors: Record<string, string | undefined> = {
    title: fields.title.errors?.[0],
    cover: upload.errorFor("cover") ?? fields.cover.errors?.[0],
    status: fields.status.errors?.[0],
  };
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      {...formProps}
      onSubmit={upload.then(formProps.onSubmit)}
      className="max-w-3xl"
    >
      <FormErrors
        form={form}
        lastResult={lastResult}
        summary="L’article n’a pas été enregistré : corrigez les champs signalés ci-dessous."
      />
      {editing ? <input type="hidden" name="version" value={values.version} /> : null}
      {submissionToken ? <OnceField token={submissionToken} /> : null}

      <TextField label="Titre" required hint="200 caractères au maximum." {...fieldProps(fields.title)} />
      <TextAreaField
        label="Chapô (résumé)"
        rows={3}
        hint="Une ou deux phrases affichées dans la liste des actualités (500 caractères au maximum)."
        {...fieldProps(fields.summary)}
      />
      <BodyField defaultValue={typed(fields.body)} error={fields.body.errors?.[0]} />

      <fieldset className="mb-6 rounded-md border border-slate-300 p-4">
        <legend className="px-1 font-semibold text-slate-900">Image de couverture</legend>
        {cover ? (
          <div className="mb-4 max-w-sm">
            <ResponsiveImage image={cover} alt={coverAlt ?? ""} sizes="384px" className="h-auto w-full rounded" />
            <div className="mt-2 flex items-center gap-2">
              <input
                id={`${id}-remove`}
                type="checkbox"
                name={fields.removeCover.name}
                defaultChecked={checkboxProps(fields.removeCover).defaultChecked}
                className="h-5 w-5 rounded border-slate-400"
              />
              <label htmlFor={`${id}-remove`} className="text-slate-800">
                Retirer cette image
              </label>
            </div>
          </div>
        ) : null}
        <div className="mb-4">
          <label htmlFor={`${id}-cover`} className="mb-1 block font-medium text-slate-800">
            {cover ? "Remplacer par une autre image" : "Choisir une image"}
          </label>
          <p id={`${id}-cover-hint`} className="mb-1 text-sm text-slate-600">
            JPEG, PNG ou WebP, 10 Mo au maximum.
          </p>
          <input
            id={`${id}-cover`}
            type="file"
            name="cover"
            accept="image/jpeg,image/png,image/webp"
            data-max-bytes={MAX_IMAGE_BYTES}
            aria-describedby={[`${id}-cover-hint`, errors.cover ? `${id}-cover-error` : null].filter(Boolean).join(" ")}
            aria-invalid={errors.cover ? true : undefined}
            className="block w-full text-slate-900 file:mr-3 file:rounded-md file:border-0 file:bg-club-700 file:px-3 file:py-2 file:font-semibold file:text-white"
          />
          {errors.cover ? (
            <p id={`${id}-cover-error`} className="mt-1 text-sm font-medium text-red-700">
              {errors.cover}
            </p>
          ) : null}
        </div>
        <TextField
          label="Texte alternatif de l’image"
          {...fieldProps(fields.coverAlt)}
          hint="Obligatoire avec une image : décrivez ce qu’elle montre (par exemple « Les élèves saluent à la fin du stage »)."
          className="mb-0"
        />
      </fieldset>

      <fieldset
        className="mb-6 rounded-md border border-slate-300 p-4"
        aria-describedby={errors.status ? `${id}-status-error` : undefined}
      >
        <legend className="px-1 font-semibold text-slate-900">Publication</legend>
        {STATUS_OPTIONS.map((o) => (
          <div key={o.value} className="mb-2 flex items-start gap-2">
            <input
              id={`${id}-status-${o.value}`}
              type="radio"
              name="status"
              value={o.value}
              defaultChecked={status === o.value}
              className="mt-1 h-5 w-5 border-slate-400"
            />
            <label htmlFor={`${id}-status-${o.value}`} className="text-slate-800">
              <span className="font-medium">{o.label}</span> <span className="text-slate-600">— {o.hint}</span>
            </label>
          </div>
        ))}
        {errors.status ? (
          <p id={`${id}-status-error`} className="mb-2 text-sm font-medium text-red-700">
            {errors.status}
          </p>
        ) : null}
        <TextField
          type="datetime-local"
          label="Date et heure de publication (heure de Paris)"
          {...fieldProps(fields.publishAt)}
          hint="Obligatoire pour un article programmé."
          className="mt-4 mb-0 max-w-xs"
        />
      </fieldset>

      <SubmitButton pendingLabel="Enregistrement…">{submitLabel}</SubmitButton>
    </Form>
  );
}

/**
 * Rich-text editor for articles (TipTap 3), usable without knowing HTML.
 * Loaded ONLY by the article edit pages, through a dynamic import in
 * article-form.tsx (public pages never download TipTap). The HTML goes
 * into a hidden <input name={name}>, so the surrounding <Form> posts as
 * usual. The server sanitizes whatever it receives.
 *
 * Images are uploaded through the current route's action
 * (intent "upload-image"), which answers { src, alt, width, height } or { error }.
 */
import { EditorContent, useEditor, useEditorState, type Editor } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import Image from "@tiptap/extension-image";
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";

const SAFE_URL = /^(https?:\/\/[^\s]+|mailto:[^\s]+)$/i;

/** Link targets the editor accepts: http, https and mailto only. */
export function normalizeLinkUrl(raw: string): string | null {
  const value = raw.trim();
  if (!value) return null;
  if (/^[^\s@/:]+@[^\s@/]+\.[^\s@/]+$/.test(value)) return `mailto:${value}`;
  if (/^www\./i.test(value)) return `https://${value}`;
  return SAFE_URL.test(value) ? value : null;
}

type UploadAnswer =
  | { intent: "upload-image"; ok: true; src: string; alt: string; width: number; height: number }
  | { intent: "upload-image"; ok: false; error: string };

interface ToolButton {
  key: string;
  label: string;
  icon: ReactNode;
  pressed?: boolean;
  disabled?: boolean;
  run: () => void;
}

export default function RichTextEditor({
  name,
  initialHtml,
  labelId,
  describedBy,
  invalid,
}: {
  name: string;
  initialHtml: string;
  labelId: string;
  describedBy?: string;
  invalid?: boolean;
}) {
  const [html, setHtml] = useState(initialHtml);
  const editor = useEditor({
    immediatelyRender: false,
    shouldRerenderOnTransaction: false,
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3] },
        code: false,
        codeBlock: false,
        link: {
          openOnClick: false,
          autolink: true,
          protocols: ["mailto"],
          defaultProtocol: "https",
          isAllowedUri: (url) => normalizeLinkUrl(url) !== null,
        },
      }),
      Image.configure({ inline: false, allowBase64: false }),
    ],
    content: initialHtml,
    editorProps: {
      attributes: {
        role: "textbox",
        "aria-multiline": "true",
        "aria-labelledby": labelId,
        ...(describedBy ? { "aria-describedby": describedBy } : {}),
        ...(invalid ? { "aria-invalid": "true" } : {}),
        class:
          "prose-club min-h-64 max-w-none rounded-b-md border border-t-0 border-slate-400 bg-white px-4 py-2 text-slate-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-club-600",
      },
    },
    onUpdate: ({ editor: e }) => setHtml(e.isEmpty ? "" : e.getHTML()),
  });

  return (
    <div data-testid="rich-text-editor">
      {editor ? <Toolbar editor={editor} /> : null}
      {editor ? null : (
        <div className="min-h-64 rounded-md border border-slate-400 bg-white px-4 py-2 text-slate-600">
          Chargement de l’éditeur…
        </div>
      )}
      <EditorContent editor={editor} />
      <input type="hidden" name={name} value={html} />
    </div>
  );
}

function Toolbar({ editor }: { editor: Editor }) {
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      h2: e.isActive("heading", { level: 2 }),
      h3: e.isActive("heading", { level: 3 }),
      bold: e.isActive("bold"),
      italic: e.isActive("italic"),
      bullet: e.isActive("bulletList"),
      ordered: e.isActive("orderedList"),
      link: e.isActive("link"),
      quote: e.isActive("blockquote"),
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });
  const [imageOpen, setImageOpen] = useState(false);
  const [focusIndex, setFocusIndex] = useState(0);
  const buttonsRef = useRef<Array<HTMLButtonElement | null>>([]);

  const chain = () => editor.chain().focus();
  const editLink = () => {
    const previous = (editor.getAttributes("link").href as string | undefined) ?? "";
    const answer = window.prompt(
      "Adresse du lien (https://…, ou une adresse e-mail). Laissez vide pour retirer le lien.",
      previous,
    );
    if (answer === null) return;
    if (answer.trim() === "") {
      chain().extendMarkRange("link").unsetLink().run();
      return;
    }
    const url = normalizeLinkUrl(answer);
    if (!url) {
      window.alert("Adresse refusée : elle doit commencer par https://, http:// ou mailto:.");
      return;
    }
    if (editor.state.selection.empty && !editor.isActive("link")) {
      chain()
        .insertContent({ type: "text", text: answer.trim(), marks: [{ type: "link", attrs: { href: url } }] })
        .run();
    } else {
      chain().extendMarkRange("link").setLink({ href: url }).run();
    }
  };

  const buttons: ToolButton[] = [
    {
      key: "h2",
      label: "Titre de section",
      icon: <Icon name="heading-2" className="size-4.5" />,
      pressed: state.h2,
      run: () => chain().toggleHeading({ level: 2 }).run(),
    },
    {
      key: "h3",
      label: "Sous-titre",
      icon: <Icon name="heading-3" className="size-4.5" />,
      pressed: state.h3,
      run: () => chain().toggleHeading({ level: 3 }).run(),
    },
    {
      key: "bold",
      label: "Gras",
      icon: <Icon name="bold" className="size-4.5" />,
      pressed: state.bold,
      run: () => chain().toggleBold().run(),
    },
    {
      key: "italic",
      label: "Italique",
      icon: <Icon name="italic" className="size-4.5" />,
      pressed: state.italic,
      run: () => chain().toggleItalic().run(),
    },
    {
      key: "bullet",
      label: "Liste à puces",
      icon: <Icon name="list" className="size-4.5" />,
      pressed: state.bullet,
      run: () => chain().toggleBulletList().run(),
    },
    {
      key: "ordered",
      label: "Liste numérotée",
      icon: <Icon name="list-ordered" className="size-4.5" />,
      pressed: state.ordered,
      run: () => chain().toggleOrderedList().run(),
    },
    {
      key: "quote",
      label: "Citation",
      icon: <Icon name="quote" className="size-4.5" />,
      pressed: state.quote,
      run: () => chain().toggleBlockquote().run(),
    },
    { key: "link", label: "Lien", icon: <Icon name="link" className="size-4.5" />, pressed: state.link, run: editLink },
    {
      key: "image",
      label: "Image",
      icon: <Icon name="image-plus" className="size-4.5" />,
      run: () => setImageOpen(true),
    },
    {
      key: "undo",
      label: "Annuler",
      icon: <Icon name="undo-2" className="size-4.5" />,
      disabled: !state.canUndo,
      run: () => chain().undo().run(),
    },
    {
      key: "redo",
      label: "Rétablir",
      icon: <Icon name="redo-2" className="size-4.5" />,
      disabled: !state.canRedo,
      run: () => chain().redo().run(),
    },
  ];

  // Toolbar pattern: one tab stop, arrow keys move between buttons.
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const last = buttons.length - 1;
    let next: number | null = null;
    if (event.key === "ArrowRight") next = focusIndex >= last ? 0 : focusIndex + 1;
    else if (event.key === "ArrowLeft") next = focusIndex <= 0 ? last : focusIndex - 1;
    else if (event.key === "Home") next = 0;
    else if (event.key === "End") next = last;
    if (next === null) return;
    event.preventDefault();
    setFocusIndex(next);
    buttonsRef.current[next]?.focus();
  };

  return (
    <>
      <div
        role="toolbar"
        aria-label="Mise en forme du texte"
        onKeyDown={onKeyDown}
        className="flex flex-wrap gap-1 rounded-t-md border border-slate-400 bg-slate-100 p-1"
      >
        {buttons.map((b, i) => (
          <button
            key={b.key}
            ref={(el) => {
              buttonsRef.current[i] = el;
            }}
            type="button"
            tabIndex={i === focusIndex ? 0 : -1}
            aria-pressed={b.pressed === undefined ? undefined : b.pressed}
            aria-disabled={b.disabled || undefined}
            title={b.label}
            onFocus={() => setFocusIndex(i)}
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => {
              if (!b.disabled) b.run();
            }}
            className="inline-flex items-center gap-1 rounded px-2 py-1.5 text-sm font-medium text-slate-800 hover:bg-white focus:outline-none focus-visible:ring-2 focus-visible:ring-club-600 aria-disabled:cursor-not-allowed aria-disabled:text-slate-500 aria-pressed:bg-club-700 aria-pressed:text-white"
          >
            {b.icon}
            <span>{b.label}</span>
          </button>
        ))}
      </div>
      {imageOpen ? (
        <ImageDialog
          onClose={() => {
            setImageOpen(false);
            editor.commands.focus();
          }}
          onInsert={(img) => {
            editor.chain().focus().setImage({ src: img.src, alt: img.alt, width: img.width, height: img.height }).run();
            setImageOpen(false);
          }}
        />
      ) : null}
    </>
  );
}

/** Upload an image with its (required) alt text, then insert it. No nested <form>: fields have no name. */
function ImageDialog({
  onClose,
  onInsert,
}: {
  onClose: () => void;
  onInsert: (img: { src: string; alt: string; width: number; height: number }) => void;
}) {
  const id = useId();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const altRef = useRef<HTMLInputElement>(null);
  const fetcher = useFetcher<UploadAnswer>();
  const [error, setError] = useState<string | null>(null);
  const handled = useRef<unknown>(null);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);

  useEffect(() => {
    const data = fetcher.data;
    if (fetcher.state !== "idle" || !data || handled.current === data || data.intent !== "upload-image") return;
    handled.current = data;
    if (data.ok) onInsert(data);
    else setError(data.error);
  }, [fetcher.state, fetcher.data, onInsert]);

  const submit = () => {
    const file = fileRef.current?.files?.[0];
    const alt = altRef.current?.value.trim() ?? "";
    if (!file) return setError("Choisissez une image à insérer.");
    if (!alt) {
      setError("Décrivez l’image (texte alternatif) pour les personnes qui ne la voient pas.");
      altRef.current?.focus();
      return;
    }
    setError(null);
    const data = new FormData();
    data.set("intent", "upload-image");
    data.set("image", file);
    data.set("alt", alt);
    void fetcher.submit(data, { method: "post", encType: "multipart/form-data" });
  };

  const busy = fetcher.state !== "idle";
  return (
    <dialog
      ref={dialogRef}
      aria-labelledby={`${id}-title`}
      onClose={onClose}
      className="m-auto w-full max-w-lg rounded-lg p-6 shadow-xl backdrop:bg-slate-900/50"
    >
      <h2 id={`${id}-title`} className="mb-4 text-xl font-bold text-club-900">
        Insérer une image
      </h2>
      {error ? (
        <p role="alert" className="mb-4 rounded-md border-l-4 border-red-700 bg-red-50 px-3 py-2 text-red-900">
          {error}
        </p>
      ) : null}
      <div className="mb-4">
        <label htmlFor={`${id}-file`} className="mb-1 block font-medium text-slate-800">
          Image (JPEG, PNG ou WebP, 10 Mo au maximum)
        </label>
        <input
          id={`${id}-file`}
          ref={fileRef}
          type="file"
          accept="image/jpeg,image/png,image/webp"
          className="block w-full text-slate-900"
        />
      </div>
      <div className="mb-4">
        <label htmlFor={`${id}-alt`} className="mb-1 block font-medium text-slate-800">
          Texte alternatif (obligatoire)
        </label>
        <p id={`${id}-alt-hint`} className="mb-1 text-sm text-slate-600">
          Décrivez ce que montre l’image, en une phrase.
        </p>
        <input
          id={`${id}-alt`}
          ref={altRef}
          type="text"
          maxLength={300}
          aria-describedby={`${id}-alt-hint`}
          onKeyDown={(e) => {
            if (e.key === "Enter") {
              e.preventDefault();
              submit();
            }
          }}
          className="block w-full rounded-md border border-slate-400 px-3 py-2 text-slate-900 focus:outline-none focus:ring-2 focus:ring-club-600"
        />
      </div>
      <div className="flex justify-end gap-2">
        <Button variant="neutral" onClick={() => dialogRef.current?.close()}>
          Annuler
        </Button>
        <Button type="button" onClick={submit} disabled={busy}>
          {busy ? "Envoi en cours…" : "Insérer l’image"}
        </Button>
      </div>
    </dialog>
  );
}

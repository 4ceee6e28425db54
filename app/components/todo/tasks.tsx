/**
 * The parts of the to-do page (/espace-membre/todo, admin): the groups of
 * tasks derived from the data, and the managers' own tasks with their create
 * or update form (Conform, validated in the browser with the action's schemas
 * from app/lib/members/todo.ts) and their one-button forms. Plain forms:
 * everything works without JavaScript.
 */
import { Form, href, Link } from "react-router";
import {
  fieldProps,
  FormErrors,
  SubmitButton,
  TextAreaField,
  TextField,
  useClubForm,
  getFormProps,
} from "~/components/form";
import { Badge, linkClass } from "~/components/users-admin-ui";
import { Button, buttonClasses } from "~/components/ui/button";
import type { SubmissionResult } from "~/lib/http/forms";
import { formatDate } from "~/lib/core/time";
import { todoSchema, todoUpdateSchema } from "~/lib/members/todo";

export const TODO_PATH = href("/espace-membre/todo");

/** A task of the managers, as the page's loader gives it. */
interface TodoView {
  id: number;
  title: string;
  notes: string;
  dueOn: string | null;
  done: boolean;
  doneAt: string | null;
  version: number;
  due: { text: string; late: boolean } | null;
  createdByName: string | null;
  updatedByName: string | null;
}

/** A group of derived tasks, as the page's loader gives it (todo.server.ts). */
interface DerivedGroupView {
  id: string;
  title: string;
  href: string;
  hrefLabel: string;
  tasks: readonly { key: string; href: string; label: string; detail: string }[];
}

/** The tasks derived from the data, per group, each linking to the page where it is resolved (50 shown per group). */
export function DerivedGroups({ groups }: { groups: readonly DerivedGroupView[] }) {
  return (
    <>
      {groups.map((g) => (
        <section
          key={g.id}
          id={g.id}
          aria-labelledby={`${g.id}-title`}
          className="rounded-lg border border-slate-300 bg-white p-5 shadow-sm"
        >
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h3 id={`${g.id}-title`} className="text-xl font-semibold text-slate-900">
              {g.title} <span className="text-base font-normal text-slate-700">({g.tasks.length})</span>
            </h3>
            {g.tasks.length > 0 ? (
              <Link to={g.href} className={linkClass}>
                {g.hrefLabel}
              </Link>
            ) : null}
          </div>
          {g.tasks.length === 0 ? (
            <p className="mt-2 text-slate-700">Rien à faire ici.</p>
          ) : (
            <ul className="mt-2 divide-y divide-slate-200">
              {g.tasks.slice(0, 50).map((t) => (
                <li key={t.key} className="py-2">
                  <Link to={t.href} className={linkClass}>
                    {t.label}
                  </Link>
                  <span className="block text-sm text-slate-700">{t.detail}</span>
                </li>
              ))}
              {g.tasks.length > 50 ? (
                <li className="py-2 text-slate-700">
                  … et {g.tasks.length - 50} autres :{" "}
                  <Link to={g.href} className={linkClass}>
                    {g.hrefLabel}
                  </Link>
                </li>
              ) : null}
            </ul>
          )}
        </section>
      ))}
    </>
  );
}

/** The create or update form of a task (Conform, validated in the browser with the action's schema). */
export function TodoForm({
  todo,
  lastResult,
  children,
}: {
  todo?: TodoView;
  lastResult?: SubmissionResult<string[]>;
  children: React.ReactNode;
}) {
  const [form, fields] = useClubForm({
    id: todo ? `tache-${todo.id}-${todo.version}` : "nouvelle-tache",
    schema: todo ? todoUpdateSchema : todoSchema,
    lastResult,
    defaultValue: todo ? { title: todo.title, notes: todo.notes, dueOn: todo.dueOn ?? "" } : undefined,
  });
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      className={todo ? "rounded-md border border-slate-200 p-4" : "mt-4 rounded-md border border-slate-200 p-4"}
    >
      <FormErrors
        form={form}
        lastResult={lastResult}
        summary="La tâche n'a pas été enregistrée : corrigez les champs signalés."
      />
      <input type="hidden" name="intent" value={todo ? "update" : "create"} />
      {todo ? (
        <>
          <input type="hidden" name="id" value={todo.id} />
          <input type="hidden" name="version" value={todo.version} />
        </>
      ) : null}
      {children}
      <TextField label="Titre" required {...fieldProps(fields.title)} />
      <TextAreaField label="Notes (facultatif)" rows={3} {...fieldProps(fields.notes)} />
      <TextField label="Échéance (facultatif)" type="date" {...fieldProps(fields.dueOn)} />
      {todo ? (
        <div className="flex flex-wrap items-center gap-4">
          <SubmitButton pendingLabel="Enregistrement…">Enregistrer</SubmitButton>
          <Link to={`${TODO_PATH}#tache-${todo.id}`} className={linkClass}>
            Annuler
          </Link>
        </div>
      ) : (
        <SubmitButton pendingLabel="Ajout…">Ajouter la tâche</SubmitButton>
      )}
    </Form>
  );
}

/** One of the managers' tasks: its text and buttons (tick or reopen, edit, delete), or its edit form. */
export function TodoItem({
  todo: t,
  editing,
  lastResult,
}: {
  todo: TodoView;
  editing: boolean;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  return (
    <li id={`tache-${t.id}`} className="py-3">
      {editing ? (
        <TodoForm key={`${t.id}-${t.version}`} todo={t} lastResult={lastResult}>
          <p className="mb-3 font-semibold text-slate-900">Modifier la tâche « {t.title} »</p>
        </TodoForm>
      ) : (
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div>
            <p className={`font-semibold ${t.done ? "text-slate-700 line-through" : "text-slate-900"}`}>{t.title}</p>
            {t.notes ? <p className="whitespace-pre-line text-slate-800">{t.notes}</p> : null}
            <p className="mt-1 flex flex-wrap gap-2 text-sm text-slate-700">
              {t.due ? <Badge tone={t.due.late ? "bad" : "neutral"}>{t.due.text}</Badge> : null}
              {t.done && t.doneAt ? <span>Faite le {formatDate(t.doneAt)}</span> : null}
              {t.createdByName ? <span>Ajoutée par {t.createdByName}</span> : null}
              {t.updatedByName && t.updatedByName !== t.createdByName ? (
                <span>, modifiée par {t.updatedByName}</span>
              ) : null}
            </p>
          </div>
          <div className="flex flex-wrap gap-2">
            <Form method="post">
              <input type="hidden" name="intent" value={t.done ? "reopen" : "done"} />
              <input type="hidden" name="id" value={t.id} />
              <button type="submit" className={t.done ? buttonClasses({ variant: "secondary" }) : buttonClasses()}>
                {t.done ? "Rouvrir" : "Marquer comme faite"}
                <span className="sr-only"> : {t.title}</span>
              </button>
            </Form>
            {!t.done ? (
              <Link
                to={`${TODO_PATH}?modifier=${t.id}#tache-${t.id}`}
                className={buttonClasses({ variant: "secondary" })}
              >
                Modifier<span className="sr-only"> : {t.title}</span>
              </Link>
            ) : null}
            <Form method="post">
              <input type="hidden" name="intent" value="delete" />
              <input type="hidden" name="id" value={t.id} />
              <Button type="submit" variant="danger-outline">
                Supprimer<span className="sr-only"> : {t.title}</span>
              </Button>
            </Form>
          </div>
        </div>
      )}
    </li>
  );
}

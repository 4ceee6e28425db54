/**
 * /espace-membre/contenu/enseignants (admins): the teachers
 * shown on /la-vie-du-club/enseignants. One Conform form per teacher and one
 * to add a teacher; the action dispatches on `intent` (save, delete) with
 * `HANDLERS` (app/lib/http/intents.ts) and a refusal answers
 * `{ intent, key: teacherId, result }` so only the form that was sent shows it.
 */
import { refusedWith } from "~/lib/http/responses";
import { Form, href, Link, redirect } from "react-router";
import type { Route } from "./+types/teachers";
import { userContext } from "~/lib/accounts/auth-context";
import { AdminSettingsNav } from "~/components/admin-nav";
import {
  fieldProps,
  FormErrors,
  FormMessage,
  SelectField,
  SubmitButton,
  TextAreaField,
  TextField,
  useClubForm,
  getFormProps,
} from "~/components/form";
import { Button } from "~/components/ui/button";
import { getSetting } from "~/lib/club/settings.server";
import { deleteTeacher, saveTeacher, teachersVersion, type Teacher } from "~/lib/club/teachers.server";
import { teacherDeleteSchema, teacherSchema } from "~/lib/club/teachers";
import { TEACHERS_PATH } from "~/lib/club/public-pages";
import { listShownPhotos } from "~/lib/content/photos.server";
import { capitalize, formatTime, weekdayName } from "~/lib/core/time";
import type { SubmissionResult } from "~/lib/http/forms";
import { handleIntent, intentOf, resultOf } from "~/lib/http/intents";
import type { SessionUser } from "~/lib/accounts/session.server";
import { readForm } from "~/lib/http/request.server";
import { pageMeta } from "~/lib/http/seo";
import { ContentPageHeader } from "~/components/dashboard/content-page-header";
import { revalidateAfterConflict } from "~/lib/http/revalidate";

const PATH = href("/espace-membre/contenu/enseignants");

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Enseignants",
    description: "Les enseignants du club, leurs grades et leurs cours.",
    noindex: true,
  });

const NOTICES: Record<string, string> = {
  enregistre: "Les informations de l’enseignant ont été enregistrées.",
  supprime: "L’enseignant a été retiré de la liste.",
};

export async function loader({ request }: Route.LoaderArgs) {
  const [teachers, schedule, photos, version] = await Promise.all([
    getSetting("teachers"),
    getSetting("schedule"),
    listShownPhotos(),
    teachersVersion(),
  ]);
  const classes = schedule.map((c) => ({
    id: c.id,
    label: `${capitalize(weekdayName(c.day))} ${formatTime(c.start)} – ${formatTime(c.end)}, ${c.group}`,
  }));
  return {
    teachers,
    classes,
    photos,
    version,
    notice: NOTICES[new URL(request.url).searchParams.get("ok") ?? ""] ?? null,
  };
}

/** One handler per form (app/lib/http/intents.ts), keyed by the teacher ("" for a new one). */
const HANDLERS: Record<"save" | "delete", (user: SessionUser, formData: FormData) => Promise<unknown>> = {
  save: (user, formData) =>
    handleIntent(
      "save",
      formData,
      teacherSchema,
      async (input) => {
        await saveTeacher(input, user);
        return redirect(`${PATH}?ok=enregistre`);
      },
      // Edited meanwhile: no typed value sent back, the form shows the fresh list under the error.
      { keyField: "teacherId", onDomainError: (err) => ({ resetValues: err.status === 409 }) },
    ),
  delete: (user, formData) =>
    handleIntent(
      "delete",
      formData,
      teacherDeleteSchema,
      async ({ teacherId, basedOn }) => {
        await deleteTeacher(teacherId, basedOn, user);
        return redirect(`${PATH}?ok=supprime`);
      },
      {
        keyField: "teacherId",
        onDomainError: (err) => {
          refusedWith(err);
        },
      },
    ),
};

export async function action({ request, context }: Route.ActionArgs) {
  const user = context.get(userContext);
  const formData = await readForm(request);
  return HANDLERS[intentOf(formData, HANDLERS)](user, formData);
}

type Classes = ReadonlyArray<{ id: string; label: string }>;
type Photos = ReadonlyArray<{ id: number; alt: string }>;

function TeacherForm({
  teacher,
  classes,
  photos,
  version,
  lastResult,
}: {
  teacher: Teacher | null;
  classes: Classes;
  photos: Photos;
  version: string;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const key = teacher?.id ?? "nouveau";
  const [form, fields] = useClubForm({
    id: `enseignant-${key}-${version}`,
    schema: teacherSchema,
    lastResult,
    defaultValue: teacher
      ? {
          name: teacher.name,
          grade: teacher.grade,
          diploma: teacher.diploma,
          text: teacher.text,
          classIds: teacher.classIds,
          photoId: teacher.photoId ? String(teacher.photoId) : "",
        }
      : undefined,
  });
  const initialClasses = fields.classIds.initialValue;
  const chosen = new Set(
    Array.isArray(initialClasses) ? initialClasses : initialClasses ? [String(initialClasses)] : [],
  );
  const title = teacher ? teacher.name : "Ajouter un enseignant ou une enseignante";
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      className="rounded-lg border border-slate-300 bg-white p-5 shadow-sm"
      aria-labelledby={`${form.id}-titre`}
    >
      <h2 id={`${form.id}-titre`} className="mb-4 text-xl font-semibold text-slate-900">
        {title}
      </h2>
      <FormErrors
        form={form}
        lastResult={lastResult}
        summary="Rien n’a été enregistré : corrigez les champs signalés."
      />
      <input type="hidden" name="intent" value="save" />
      <input type="hidden" name="teacherId" value={teacher?.id ?? ""} />
      <input type="hidden" name="basedOn" value={version} />
      <div className="grid gap-x-4 sm:grid-cols-2">
        <TextField label="Nom" required {...fieldProps(fields.name)} />
        <TextField label="Grade" required hint="Par exemple «&nbsp;2e dang&nbsp;»." {...fieldProps(fields.grade)} />
      </div>
      <TextField
        label="Diplôme d’enseignement (facultatif)"
        hint="Par exemple «&nbsp;DIF&nbsp;», «&nbsp;CQP&nbsp;» ou «&nbsp;BPJEPS&nbsp;»."
        {...fieldProps(fields.diploma)}
      />
      <TextAreaField
        label="Quelques mots (facultatif)"
        rows={3}
        hint="600 caractères au plus."
        {...fieldProps(fields.text)}
      />
      <fieldset className="mb-4">
        <legend className="mb-1 font-medium text-slate-800">Cours enseignés</legend>
        {classes.length === 0 ? <p className="text-sm text-slate-700">Aucun cours dans les horaires.</p> : null}
        <ul className="grid gap-1 sm:grid-cols-2">
          {classes.map((c) => (
            <li key={c.id} className="flex items-center gap-2">
              <input
                type="checkbox"
                id={`${form.id}-cours-${c.id}`}
                name={fields.classIds.name}
                value={c.id}
                defaultChecked={chosen.has(c.id)}
                className="h-5 w-5 rounded border-slate-400 text-club-700"
              />
              <label htmlFor={`${form.id}-cours-${c.id}`} className="text-slate-800">
                {c.label}
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
      <SelectField
        label="Photo (facultative)"
        hint="Choisissez une photo ajoutée dans «&nbsp;Photos&nbsp;», avec l’accord de la personne."
        options={[{ value: "", label: "Pas de photo" }, ...photos.map((p) => ({ value: String(p.id), label: p.alt }))]}
        {...fieldProps(fields.photoId)}
      />
      <SubmitButton pendingLabel="Enregistrement…">{teacher ? "Enregistrer" : "Ajouter"}</SubmitButton>
    </Form>
  );
}

/** A conflict (changed meanwhile) reloads the page's data: the form starts again from the fresh values. */
export const shouldRevalidate = revalidateAfterConflict;

export default function Teachers({ loaderData, actionData }: Route.ComponentProps) {
  const { teachers, classes, photos, version, notice } = loaderData;
  const answerFor = (id: string) => resultOf(actionData, "save", id);
  return (
    <div className="space-y-6">
      <ContentPageHeader title="Enseignants">
        <p className="mt-2 text-slate-700">
          Les enseignants apparaissent sur la page{" "}
          <Link to={TEACHERS_PATH} className="text-club-800 underline">
            Les enseignants
          </Link>{" "}
          avec leur grade, leur diplôme et leurs cours. Tant qu’aucun n’est indiqué, cette page et son lien restent
          cachés.
        </p>
      </ContentPageHeader>
      <AdminSettingsNav />
      {notice ? <FormMessage tone="success">{notice}</FormMessage> : null}
      {teachers.map((t) => (
        <div key={`${t.id}-${version}`} className="space-y-2">
          <TeacherForm teacher={t} classes={classes} photos={photos} version={version} lastResult={answerFor(t.id)} />
          <Form method="post">
            <input type="hidden" name="intent" value="delete" />
            <input type="hidden" name="teacherId" value={t.id} />
            <input type="hidden" name="basedOn" value={version} />
            <Button type="submit" variant="danger-outline" size="sm">
              Retirer {t.name} de la liste
            </Button>
          </Form>
        </div>
      ))}
      <TeacherForm
        key={`nouveau-${version}`}
        teacher={null}
        classes={classes}
        photos={photos}
        version={version}
        lastResult={answerFor("")}
      />
    </div>
  );
}

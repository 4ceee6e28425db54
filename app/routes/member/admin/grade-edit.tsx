/**
 * /espace-membre/contenu/grades/:id (admins): one grade of the
 * club's table — names, belt colours, level, description, exam rules — and
 * its revision checklist (add, edit, move up or down, remove).
 *
 * Several forms on one page: each posts its `intent`, the action dispatches
 * with `HANDLERS` (app/lib/http/intents.ts); a refusal is shown by the form
 * that was sent (`resultOf`, keyed by the element's id); a change made
 * meanwhile by someone else shows the fresh data under the error. Plain
 * forms: everything works without JavaScript. The checklist's element and
 * add forms are in app/components/grades/checklist-editor.tsx.
 */
import { notFound } from "~/lib/http/responses";
import { Form, href, Link, redirect } from "react-router";
import type { z } from "zod";
import type { Route } from "./+types/grade-edit";
import { userContext } from "~/lib/accounts/auth-context";
import type { Actor } from "~/lib/members/users-rules.server";
import { Belt } from "~/components/belt";
import { BELT_PALETTE, describeBelt } from "~/lib/members/belt-colours";
import { AddTechniqueForm, ChecklistItem } from "~/components/grades/checklist-editor";
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
import { linkClass } from "~/components/users-admin-ui";
import { orErrorPage, type SubmissionResult } from "~/lib/http/forms";
import { handleIntent, intentOf, resultOf, type IntentAnswer } from "~/lib/http/intents";
import { positiveId } from "~/lib/http/ids.server";
import { readForm } from "~/lib/http/request.server";
import { pageMeta } from "~/lib/http/seo";
import {
  GRADES_ADMIN_PATH,
  gradeSchema,
  techniqueAddSchema,
  techniqueEditSchema,
  techniqueMoveSchema,
  techniqueRemoveSchema,
  type GradeEditIntent,
} from "~/lib/members/grade-form";
import {
  addTechnique,
  getGrade,
  GRADE_CONFLICT,
  gradeChecklist,
  moveTechnique,
  removeTechnique,
  TECHNIQUE_CONFLICT,
  updateGrade,
  updateTechnique,
} from "~/lib/members/grades-admin.server";
import { listGrades } from "~/lib/members/grades.server";
import { revalidateAfterConflict } from "~/lib/http/revalidate";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: args.data ? `Grade ${args.data.grade.vietnameseName}` : "Grade",
    description: "Modifier un grade du club et sa liste de révision.",
    noindex: true,
  });

const NOTICES = {
  grade: "Le grade a été enregistré.",
  ajoute: "L’élément a été ajouté à la liste de révision.",
  modifie: "L’élément a été modifié.",
  deplace: "L’élément a été déplacé.",
  retire:
    "L’élément a été retiré de la liste de révision. La progression des membres sur les autres éléments est gardée.",
} as const;

function gradeIdOf(params: { id?: string }): number {
  const id = positiveId(params.id ?? "");
  if (id === null) notFound("Ce grade n’existe pas.");
  return id;
}

export async function loader({ params, request }: Route.LoaderArgs) {
  const id = gradeIdOf(params);
  const grade = await orErrorPage(() => getGrade(id));
  const [checklist, table] = [await gradeChecklist(id), await listGrades()];
  const url = new URL(request.url);
  const index = table.findIndex((g) => g.id === id);
  const ok = url.searchParams.get("ok") ?? "";
  return {
    grade: {
      id: grade.id,
      version: grade.version,
      position: grade.position,
      vietnameseName: grade.vietnameseName,
      frenchName: grade.frenchName,
      level: grade.level,
      description: grade.description,
      beltColor: grade.beltColor,
      stripeColor: grade.stripeColor,
      stripeCount: grade.stripeCount,
      borderColor: grade.borderColor,
      minMonths: grade.minMonths,
      minAttendances: grade.minAttendances,
      minAge: grade.minAge,
    },
    checklist: checklist.map((t) => ({
      id: t.id,
      version: t.version,
      title: t.title,
      category: t.category,
      description: t.description,
      tickedBy: t.tickedBy,
    })),
    previous: index > 0 ? { id: table[index - 1]!.id, name: table[index - 1]!.vietnameseName } : null,
    next:
      index >= 0 && index < table.length - 1
        ? { id: table[index + 1]!.id, name: table[index + 1]!.vietnameseName }
        : null,
    editId: positiveId(url.searchParams.get("modifier")),
    removeId: positiveId(url.searchParams.get("retirer")),
    notice: ok in NOTICES ? NOTICES[ok as keyof typeof NOTICES] : null,
  };
}

// ----------------------------------------------------------------- action

/**
 * Parses the form of `intent` and runs the operation (intents.ts); the form is
 * keyed by its element (`id`); edited meanwhile: the fresh values are shown.
 */
const handle = <S extends z.ZodType>(
  intent: GradeEditIntent,
  formData: FormData,
  schema: S,
  operation: (value: z.output<S>) => Promise<Response>,
) =>
  handleIntent(intent, formData, schema, operation, {
    keyField: "id",
    onDomainError: (err) => ({
      resetValues: err.status === 409 && (err.message === GRADE_CONFLICT || err.message === TECHNIQUE_CONFLICT),
    }),
  });

interface IntentArgs {
  actor: Actor;
  formData: FormData;
  /** Post/Redirect/Get back to this page with a notice and an anchor. */
  back: (ok: keyof typeof NOTICES, anchor: string) => Response;
}

const HANDLERS: Record<GradeEditIntent, (args: IntentArgs) => ReturnType<typeof handle>> = {
  grade: ({ actor, formData, back }) =>
    handle("grade", formData, gradeSchema, async (input) => {
      await updateGrade(actor, input);
      return back("grade", "#grade");
    }),
  "add-technique": ({ actor, formData, back }) =>
    handle("add-technique", formData, techniqueAddSchema, async (input) => {
      const row = await addTechnique(actor, input);
      return back("ajoute", `#element-${row.id}`);
    }),
  "edit-technique": ({ actor, formData, back }) =>
    handle("edit-technique", formData, techniqueEditSchema, async (input) => {
      await updateTechnique(actor, input);
      return back("modifie", `#element-${input.id}`);
    }),
  "move-technique": ({ actor, formData, back }) =>
    handle("move-technique", formData, techniqueMoveSchema, async ({ id, version, direction }) => {
      await moveTechnique(actor, id, version, direction);
      return back("deplace", `#element-${id}`);
    }),
  "remove-technique": ({ actor, formData, back }) =>
    handle("remove-technique", formData, techniqueRemoveSchema, async ({ id, version }) => {
      await removeTechnique(actor, id, version);
      return back("retire", "#revision");
    }),
};

export async function action({ params, request, context }: Route.ActionArgs) {
  const id = gradeIdOf(params);
  const actor = context.get(userContext);
  const formData = await readForm(request);
  const back = (ok: keyof typeof NOTICES, anchor: string) => redirect(`${GRADES_ADMIN_PATH}/${id}?ok=${ok}${anchor}`);
  return HANDLERS[intentOf(formData, HANDLERS)]({ actor, formData, back });
}

// ----------------------------------------------------------------- page

type Data = Route.ComponentProps["loaderData"];
type GradeView = Data["grade"];
type Answer = IntentAnswer<GradeEditIntent> | undefined;

const numberText = (n: number | null) => (n === null ? "" : String(n));

/** The palette, plus the grade's own colour when a manager set one outside it. */
function colourOptions(current: string | null, none?: string) {
  const known = BELT_PALETTE.some((c) => c.value === current);
  return [
    ...(none !== undefined ? [{ value: "", label: none }] : []),
    ...BELT_PALETTE,
    ...(current && !known ? [{ value: current, label: `Couleur actuelle (${current})` }] : []),
  ];
}

function GradeForm({ grade, lastResult }: { grade: GradeView; lastResult: SubmissionResult<string[]> | undefined }) {
  const [form, fields] = useClubForm({
    id: `grade-${grade.id}-${grade.version}`,
    schema: gradeSchema,
    lastResult,
    defaultValue: {
      vietnameseName: grade.vietnameseName,
      frenchName: grade.frenchName,
      level: grade.level,
      description: grade.description,
      beltColor: grade.beltColor,
      stripeCount: String(grade.stripeCount),
      stripeColor: grade.stripeColor ?? "",
      borderColor: grade.borderColor ?? "",
      minMonths: numberText(grade.minMonths),
      minAttendances: numberText(grade.minAttendances),
      minAge: numberText(grade.minAge),
    },
  });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-2">
      <FormErrors
        form={form}
        lastResult={lastResult}
        summary="Le grade n’a pas été enregistré : corrigez les champs signalés."
      />
      <input type="hidden" name="intent" value="grade" />
      <input type="hidden" name="id" value={grade.id} />
      <input type="hidden" name="version" value={grade.version} />
      <div className="grid gap-x-6 sm:grid-cols-2">
        <TextField label="Nom vietnamien" required {...fieldProps(fields.vietnameseName)} />
        <TextField
          label="Nom français"
          required
          hint="Par exemple : Ceinture bleue, 1er cap."
          {...fieldProps(fields.frenchName)}
        />
        <TextField
          label="Niveau (facultatif)"
          hint="Par exemple : Pratiquant, Enseignant."
          {...fieldProps(fields.level)}
        />
      </div>
      <TextAreaField label="Description (facultatif)" rows={3} {...fieldProps(fields.description)} />
      <fieldset className="rounded-md border border-slate-300 p-4">
        <legend className="px-1 font-semibold text-slate-900">Ceinture</legend>
        <div className="grid gap-x-6 sm:grid-cols-2">
          <SelectField
            label="Couleur de la ceinture"
            required
            options={colourOptions(grade.beltColor)}
            {...fieldProps(fields.beltColor)}
          />
          <SelectField
            label="Liseré"
            options={colourOptions(grade.borderColor, "Aucun liseré")}
            {...fieldProps(fields.borderColor)}
          />
          <TextField
            label="Nombre de barrettes"
            inputMode="numeric"
            hint="De 0 à 10."
            {...fieldProps(fields.stripeCount)}
          />
          <SelectField
            label="Couleur des barrettes"
            options={colourOptions(grade.stripeColor, "Sans barrette")}
            {...fieldProps(fields.stripeColor)}
          />
        </div>
      </fieldset>
      <fieldset className="rounded-md border border-slate-300 p-4">
        <legend className="px-1 font-semibold text-slate-900">Règles d’examen pour obtenir ce grade</legend>
        <p className="mb-3 text-sm text-slate-700">
          Laissez vide une règle que le club ne fixe pas : elle ne sera ni affichée ni appliquée.
        </p>
        <div className="grid gap-x-6 sm:grid-cols-3">
          <TextField label="Mois depuis le grade précédent" inputMode="numeric" {...fieldProps(fields.minMonths)} />
          <TextField
            label="Présences depuis le grade précédent"
            inputMode="numeric"
            {...fieldProps(fields.minAttendances)}
          />
          <TextField
            label="Âge minimum (ans)"
            inputMode="numeric"
            hint="Âge le jour de l’examen."
            {...fieldProps(fields.minAge)}
          />
        </div>
      </fieldset>
      <SubmitButton pendingLabel="Enregistrement…">Enregistrer le grade</SubmitButton>
    </Form>
  );
}

/** A conflict (changed meanwhile) reloads the page's data: the form starts again from the fresh values. */
export const shouldRevalidate = revalidateAfterConflict;

export default function GradeEdit({ loaderData, actionData }: Route.ComponentProps) {
  const { grade, checklist, previous, next, editId, removeId, notice } = loaderData;
  const answer: Answer = actionData;
  return (
    <div className="max-w-4xl space-y-8">
      <div>
        <p className="mb-2">
          <Link to={`${GRADES_ADMIN_PATH}#grade-${grade.id}`} className={linkClass}>
            Retour au tableau des grades
          </Link>
        </p>
        <h1 className="text-3xl font-bold text-slate-900">
          Grade {grade.position} : <span lang="vi">{grade.vietnameseName}</span>
        </h1>
        <div className="mt-3 flex flex-wrap items-center gap-4">
          <Belt {...grade} label={describeBelt(grade)} className="h-auto w-44 max-w-full" />
          <p className="text-slate-700">{grade.frenchName}</p>
        </div>
      </div>

      {notice ? <FormMessage tone="success">{notice}</FormMessage> : null}

      <section
        id="grade"
        aria-labelledby="grade-title"
        className="rounded-lg border border-slate-300 bg-white p-5 shadow-sm"
      >
        <h2 id="grade-title" className="mb-4 text-2xl font-semibold text-slate-900">
          Le grade
        </h2>
        <GradeForm key={`grade-${grade.version}`} grade={grade} lastResult={resultOf(answer, "grade")} />
      </section>

      <section
        id="revision"
        aria-labelledby="revision-title"
        className="rounded-lg border border-slate-300 bg-white p-5 shadow-sm"
      >
        <h2 id="revision-title" className="text-2xl font-semibold text-slate-900">
          Liste de révision
        </h2>
        <p className="mt-1 text-slate-700">
          Ce que les membres préparant ce grade cochent dans leur page « Révisions », dans cet ordre. Les vidéos se
          rangent à part, dans la page{" "}
          <Link to={href("/espace-membre/videos")} className={linkClass}>
            Vidéos
          </Link>
          .
        </p>
        {checklist.length === 0 ? (
          <p className="mt-3 text-slate-700">La liste de ce grade est vide.</p>
        ) : (
          <ol className="mt-3 divide-y divide-slate-200">
            {checklist.map((item, i) => (
              <ChecklistItem
                key={`${item.id}-${item.version}`}
                item={item}
                first={i === 0}
                last={i === checklist.length - 1}
                editing={editId === item.id}
                removing={removeId === item.id}
                answer={answer}
              />
            ))}
          </ol>
        )}
        <AddTechniqueForm gradeId={grade.id} size={checklist.length} lastResult={resultOf(answer, "add-technique")} />
      </section>

      <nav aria-label="Autres grades" className="flex flex-wrap justify-between gap-4">
        {previous ? (
          <Link to={`${GRADES_ADMIN_PATH}/${previous.id}`} className={linkClass}>
            ← Grade précédent : <span lang="vi">{previous.name}</span>
          </Link>
        ) : (
          <span />
        )}
        {next ? (
          <Link to={`${GRADES_ADMIN_PATH}/${next.id}`} className={linkClass}>
            Grade suivant : <span lang="vi">{next.name}</span> →
          </Link>
        ) : null}
      </nav>
    </div>
  );
}

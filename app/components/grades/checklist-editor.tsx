/**
 * The revision checklist editor of the grade page (/espace-membre/contenu/grades/:id,
 * decision 0030): one element with its move, edit and remove buttons (the
 * removal asks for a confirmation, by link, so it works without JavaScript),
 * and the add form. Conform forms validated with the schemas of grade-form.ts;
 * each answer of the page's action is shown by the element it belongs to
 * (`resultOf`: intent + element id).
 */
import { Form, Link } from "react-router";
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
import { Button, buttonClasses } from "~/components/ui/button";
import { linkClass } from "~/components/users-admin-ui";
import { firstErrors, type SubmissionResult } from "~/lib/http/forms";
import { resultOf, type IntentAnswer } from "~/lib/http/intents";
import {
  TECHNIQUE_CATEGORIES,
  techniqueAddSchema,
  techniqueEditSchema,
  type GradeEditIntent,
} from "~/lib/members/grade-form";

/** One element of the checklist, as the page's loader gives it. */
interface ItemView {
  id: number;
  version: number;
  title: string;
  category: string;
  description: string;
  tickedBy: number;
}

type Answer = IntentAnswer<GradeEditIntent> | undefined;

function TechniqueFields({
  fields,
}: {
  fields: Record<"title" | "category" | "description", Parameters<typeof fieldProps>[0]>;
}) {
  return (
    <>
      <TextField label="Intitulé" required {...fieldProps(fields.title)} />
      <SelectField label="Catégorie" required options={TECHNIQUE_CATEGORIES} {...fieldProps(fields.category)} />
      <TextAreaField label="Description (facultatif)" rows={2} {...fieldProps(fields.description)} />
    </>
  );
}

export function AddTechniqueForm({
  gradeId,
  size,
  lastResult,
}: {
  gradeId: number;
  size: number;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const [form, fields] = useClubForm({
    id: `ajout-${gradeId}-${size}`,
    schema: techniqueAddSchema,
    lastResult,
    defaultValue: { category: "technique" },
  });
  return (
    <Form method="post" {...getFormProps(form)} className="mt-6 rounded-md border border-slate-300 p-4">
      <h3 className="mb-3 text-lg font-semibold text-slate-900">Ajouter un élément</h3>
      <FormErrors
        form={form}
        lastResult={lastResult}
        summary="L’élément n’a pas été ajouté : corrigez les champs signalés."
      />
      <input type="hidden" name="intent" value="add-technique" />
      <input type="hidden" name="gradeId" value={gradeId} />
      <TechniqueFields fields={fields} />
      <SubmitButton pendingLabel="Ajout…">Ajouter à la liste</SubmitButton>
    </Form>
  );
}

function EditTechniqueForm({
  item,
  lastResult,
}: {
  item: ItemView;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const [form, fields] = useClubForm({
    id: `element-form-${item.id}-${item.version}`,
    schema: techniqueEditSchema,
    lastResult,
    defaultValue: { title: item.title, category: item.category, description: item.description },
  });
  return (
    <Form method="post" {...getFormProps(form)} className="rounded-md border border-slate-300 p-4">
      <p className="mb-3 font-semibold text-slate-900">Modifier « {item.title} »</p>
      <FormErrors
        form={form}
        lastResult={lastResult}
        summary="L’élément n’a pas été enregistré : corrigez les champs signalés."
      />
      <input type="hidden" name="intent" value="edit-technique" />
      <input type="hidden" name="id" value={item.id} />
      <input type="hidden" name="version" value={item.version} />
      <TechniqueFields fields={fields} />
      <div className="flex flex-wrap items-center gap-4">
        <SubmitButton pendingLabel="Enregistrement…">Enregistrer</SubmitButton>
        <Link to={`?#element-${item.id}`} className={linkClass}>
          Annuler
        </Link>
      </div>
    </Form>
  );
}

/** A one-button form (move, remove) for an element. */
function ItemButton({
  item,
  intent,
  direction,
  variant,
  children,
}: {
  item: ItemView;
  intent: "move-technique" | "remove-technique";
  direction?: "up" | "down";
  variant: "secondary" | "danger";
  children: React.ReactNode;
}) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={item.id} />
      <input type="hidden" name="version" value={item.version} />
      {direction ? <input type="hidden" name="direction" value={direction} /> : null}
      <Button type="submit" variant={variant} size="sm">
        {children}
      </Button>
    </Form>
  );
}

const categoryLabel = (value: string) => TECHNIQUE_CATEGORIES.find((c) => c.value === value)?.label ?? "Autre";
const tickedText = (n: number) => (n === 0 ? "Aucun profil ne l’a coché" : `Coché par ${n} profil${n > 1 ? "s" : ""}`);

export function ChecklistItem({
  item,
  first,
  last,
  editing,
  removing,
  answer,
}: {
  item: ItemView;
  first: boolean;
  last: boolean;
  editing: boolean;
  removing: boolean;
  answer: Answer;
}) {
  const editResult = resultOf(answer, "edit-technique", item.id);
  const buttonError = ["move-technique", "remove-technique"]
    .map((intent) => resultOf(answer, intent, item.id))
    .find((r) => r !== undefined);
  if (editing || editResult) {
    return (
      <li id={`element-${item.id}`} className="py-3">
        <EditTechniqueForm key={`${item.id}-${item.version}`} item={item} lastResult={editResult} />
      </li>
    );
  }
  return (
    <li id={`element-${item.id}`} className="py-3">
      {buttonError ? <FormMessage>{Object.values(firstErrors(buttonError))[0]}</FormMessage> : null}
      <div className="flex flex-wrap items-start justify-between gap-3">
        {/* At least 16rem of text: on a phone the buttons go below it instead of squeezing it. */}
        <div className="min-w-[min(100%,16rem)] flex-1">
          <p className="font-semibold text-slate-900">{item.title}</p>
          <p className="text-sm text-slate-700">
            {categoryLabel(item.category)} · {tickedText(item.tickedBy)}
          </p>
          {item.description ? <p className="mt-1 text-slate-800">{item.description}</p> : null}
        </div>
        <div className="flex flex-wrap gap-2">
          {!first ? (
            <ItemButton item={item} intent="move-technique" direction="up" variant="secondary">
              Monter<span className="sr-only"> : {item.title}</span>
            </ItemButton>
          ) : null}
          {!last ? (
            <ItemButton item={item} intent="move-technique" direction="down" variant="secondary">
              Descendre<span className="sr-only"> : {item.title}</span>
            </ItemButton>
          ) : null}
          <Link
            to={`?modifier=${item.id}#element-${item.id}`}
            className={buttonClasses({ variant: "secondary", size: "sm" })}
          >
            Modifier<span className="sr-only"> : {item.title}</span>
          </Link>
          {!removing ? (
            <Link
              to={`?retirer=${item.id}#element-${item.id}`}
              className={buttonClasses({ variant: "danger-outline", size: "sm" })}
            >
              Retirer<span className="sr-only"> : {item.title}</span>
            </Link>
          ) : null}
        </div>
      </div>
      {removing ? (
        <div className="mt-3 rounded-md border-l-4 border-amber-600 bg-amber-50 p-4">
          <p className="font-semibold text-slate-900">Retirer « {item.title} » de la liste de révision ?</p>
          <p className="mt-1 text-slate-800">
            {item.tickedBy > 0
              ? `${item.tickedBy} profil${item.tickedBy > 1 ? "s l’avaient coché" : " l’avait coché"} : seule cette coche disparaît, leur progression sur les autres éléments est gardée.`
              : "Aucun profil ne l’avait coché."}
          </p>
          <div className="mt-3 flex flex-wrap items-center gap-4">
            <ItemButton item={item} intent="remove-technique" variant="danger">
              Confirmer le retrait
            </ItemButton>
            <Link to={`?#element-${item.id}`} className={linkClass}>
              Annuler
            </Link>
          </div>
        </div>
      ) : null}
    </li>
  );
}

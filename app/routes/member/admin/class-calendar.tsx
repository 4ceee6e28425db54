/**
 * /espace-membre/contenu/saison-et-vacances (admin): when the weekly classes
 * run. The season's first and last day of classes, the school-holiday zone
 * and periods (typed, or imported from the Ministry's .ics file uploaded
 * here), the switch « pas de cours pendant les vacances scolaires », and the
 * public holidays of the season for information (computed, never typed).
 * Two Conform forms (intent "save" and "import"), one handler each; version
 * check and audit log in class-calendar.server.ts. Works without JavaScript.
 */
import { Form, href, Link, redirect } from "react-router";
import { userContext } from "~/lib/accounts/auth-context";
import type { Route } from "./+types/class-calendar";
import {
  checkboxProps,
  fieldProps,
  FormErrors,
  FormMessage,
  SelectField,
  SubmitButton,
  TextField,
  useClubForm,
  getFormProps,
} from "~/components/form";
import { CheckboxField } from "~/components/checkbox-field";
import { AdminSettingsNav, LastChange } from "~/components/admin-nav";
import { FileField } from "~/components/file-field";
import type { SubmissionResult } from "~/lib/http/forms";
import type { DomainError } from "~/lib/core/errors";
import { handleIntent, intentOf, resultOf } from "~/lib/http/intents";
import { pageMeta } from "~/lib/http/seo";
import { readForm } from "~/lib/http/request.server";
import { uploadedFile } from "~/lib/content/uploads.server";
import {
  classCalendarFormSchema,
  classCalendarFromForm,
  HOLIDAY_BLANK_ROWS,
  ICS_MAX_BYTES,
  SCHOOL_ZONES,
  schoolHolidaysImportSchema,
  type ClassCalendar,
  type ClassCalendarIntent,
} from "~/lib/club/class-calendar";
import { getClassCalendarState, importSchoolHolidays, saveClassCalendar } from "~/lib/club/class-calendar.server";
import { frenchPublicHolidays } from "~/lib/club/public-holidays";
import { formatDate, formatLongDate } from "~/lib/core/time";
import { ContentPageHeader } from "~/components/dashboard/content-page-header";
import { revalidateAfterConflict } from "~/lib/http/revalidate";

const PATH = href("/espace-membre/contenu/saison-et-vacances");

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Réglages : saison et vacances",
    description: "Dates de la saison des cours, vacances scolaires de la zone du club.",
    noindex: true,
  });

const NOTICES: Record<string, string> = {
  enregistre: "Le calendrier des cours a été enregistré.",
};

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const state = await getClassCalendarState();
  const imported = Number(url.searchParams.get("importees"));
  const notice =
    Number.isInteger(imported) && imported > 0
      ? `${imported} période${imported > 1 ? "s" : ""} de vacances importée${imported > 1 ? "s" : ""} et enregistrée${imported > 1 ? "s" : ""} : vérifiez-les ci-dessous.`
      : (NOTICES[url.searchParams.get("ok") ?? ""] ?? null);
  const years = new Set([Number(state.value.seasonStart.slice(0, 4)), Number(state.value.seasonEnd.slice(0, 4))]);
  const holidays = [...years]
    .flatMap((y) => frenchPublicHolidays(y))
    .filter((h) => h.day >= state.value.seasonStart && h.day <= state.value.seasonEnd);
  return { ...state, notice, holidays };
}

type Actor = { id: string; prenom: string; nom: string };

/** Edited meanwhile (409): the form shows the fresh data under the error. */
const freshOnConflict = { onDomainError: (err: DomainError) => ({ resetValues: err.status === 409 }) };

/** One handler per form (app/lib/http/intents.ts). */
const HANDLERS: Record<ClassCalendarIntent, (formData: FormData, user: Actor) => Promise<unknown>> = {
  save: (formData, user) =>
    handleIntent(
      "save",
      formData,
      classCalendarFormSchema,
      async (value) => {
        await saveClassCalendar(classCalendarFromForm(value), value.basedOn, user);
        return redirect(`${PATH}?ok=enregistre`);
      },
      freshOnConflict,
    ),
  import: (formData, user) =>
    handleIntent(
      "import",
      formData,
      schoolHolidaysImportSchema,
      async ({ zone, basedOn }) => {
        const count = await importSchoolHolidays(uploadedFile(formData, "file"), zone, basedOn, user);
        return redirect(`${PATH}?importees=${count}`);
      },
      freshOnConflict,
    ),
};

export async function action({ request, context }: Route.ActionArgs) {
  const user = context.get(userContext);
  const formData = await readForm(request);
  return HANDLERS[intentOf(formData, HANDLERS)](formData, user);
}

function formValues(value: ClassCalendar, basedOn: string): Record<string, unknown> {
  return {
    basedOn,
    seasonStart: value.seasonStart,
    seasonEnd: value.seasonEnd,
    zone: value.zone,
    skipSchoolHolidays: value.skipSchoolHolidays ? "on" : "",
    holidays: [
      ...value.schoolHolidays,
      ...Array.from({ length: HOLIDAY_BLANK_ROWS }, () => ({ label: "", start: "", end: "" })),
    ],
  };
}

const ZONE_OPTIONS = SCHOOL_ZONES.map((z) => ({ value: z, label: `Zone ${z}` }));

function CalendarForm({
  value,
  basedOn,
  lastResult,
}: {
  value: ClassCalendar;
  basedOn: string;
  lastResult?: SubmissionResult<string[]>;
}) {
  const [form, fields] = useClubForm({
    id: `calendrier-${basedOn}`,
    schema: classCalendarFormSchema,
    lastResult,
    defaultValue: formValues(value, basedOn),
  });
  const rows = fields.holidays.getFieldList();
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      className="space-y-6 rounded-lg border border-slate-300 bg-white p-5 shadow-sm"
      aria-labelledby="season-title"
    >
      <h2 id="season-title" className="text-xl font-semibold text-slate-900">
        Saison et vacances scolaires
      </h2>
      <FormErrors
        form={form}
        lastResult={lastResult}
        summary="Rien n’a été enregistré : corrigez les champs signalés."
      />
      <input type="hidden" name="intent" value="save" />
      <input type="hidden" name={fields.basedOn.name} value={basedOn} />
      <div className="grid gap-x-6 sm:grid-cols-2">
        <TextField type="date" label="Premier jour des cours" required {...fieldProps(fields.seasonStart)} />
        <TextField
          type="date"
          label="Dernier jour des cours"
          required
          hint="Aucun cours régulier après ce jour (ni en été)."
          {...fieldProps(fields.seasonEnd)}
        />
      </div>
      <SelectField label="Zone de vacances scolaires du club" options={ZONE_OPTIONS} {...fieldProps(fields.zone)} />
      <CheckboxField
        label="Pas de cours pendant les vacances scolaires"
        {...checkboxProps(fields.skipSchoolHolidays)}
      />
      <div className="space-y-4">
        <h3 className="text-lg font-semibold text-slate-900">Vacances scolaires de la zone</h3>
        <p className="text-sm text-slate-700">
          Du premier au dernier jour de vacances inclus (le samedi de la fin des cours au dimanche avant la reprise).
          Videz une ligne pour la retirer.
        </p>
        {rows.map((field, i) => {
          const row = field.getFieldset();
          return (
            <fieldset key={field.key} className="rounded-md border border-slate-300 p-4">
              <legend className="px-1 font-semibold text-slate-900">Période {i + 1}</legend>
              <div className="grid gap-x-4 sm:grid-cols-3">
                <TextField label="Nom" hint="Par exemple : Vacances de Noël." {...fieldProps(row.label)} />
                <TextField type="date" label="Premier jour" {...fieldProps(row.start)} />
                <TextField type="date" label="Dernier jour" {...fieldProps(row.end)} />
              </div>
            </fieldset>
          );
        })}
      </div>
      <SubmitButton pendingLabel="Enregistrement…">Enregistrer</SubmitButton>
    </Form>
  );
}

function ImportForm({
  zone,
  basedOn,
  lastResult,
}: {
  zone: string;
  basedOn: string;
  lastResult?: SubmissionResult<string[]>;
}) {
  const [form, fields] = useClubForm({
    id: `import-${basedOn}`,
    schema: schoolHolidaysImportSchema,
    lastResult,
    defaultValue: { zone, basedOn },
  });
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      {...getFormProps(form)}
      className="space-y-4 rounded-lg border border-slate-300 bg-white p-5 shadow-sm"
      aria-labelledby="import-title"
    >
      <h2 id="import-title" className="text-xl font-semibold text-slate-900">
        Importer le calendrier scolaire du ministère
      </h2>
      <p className="text-slate-700">
        Téléchargez le fichier .ics du calendrier scolaire sur le site de l’Éducation nationale, puis envoyez-le ici :
        les vacances de la zone choisie remplacent les périodes ci-dessus.
      </p>
      <FormErrors form={form} lastResult={lastResult} />
      <input type="hidden" name="intent" value="import" />
      <input type="hidden" name={fields.basedOn.name} value={basedOn} />
      <SelectField label="Zone" options={ZONE_OPTIONS} {...fieldProps(fields.zone)} />
      <FileField
        label="Fichier du calendrier scolaire (.ics)"
        name="file"
        accept=".ics,text/calendar"
        maxBytes={ICS_MAX_BYTES}
        error={lastResult?.error?.file?.[0]}
      />
      <SubmitButton pendingLabel="Import…">Importer</SubmitButton>
    </Form>
  );
}

/** A conflict (changed meanwhile) reloads the page's data: the form starts again from the fresh values. */
export const shouldRevalidate = revalidateAfterConflict;

export default function ClassCalendarPage({ loaderData, actionData }: Route.ComponentProps) {
  const { value, basedOn, updatedByName, notice, holidays } = loaderData;
  const answer = actionData;
  return (
    <div className="space-y-6">
      <ContentPageHeader title="Réglages : saison et vacances">
        <p className="mt-2 text-slate-700">
          Les cours réguliers (voir les{" "}
          <Link
            to={href("/espace-membre/contenu/reglages/:section", { section: "horaires" })}
            className="font-medium text-club-800 underline"
          >
            horaires
          </Link>
          ) apparaissent dans le{" "}
          <Link to="/la-vie-du-club/calendrier" className="font-medium text-club-800 underline">
            calendrier du club
          </Link>{" "}
          et ses abonnements seulement pendant la saison, sauf les jours fériés, les fermetures et les jours d’un
          événement qui remplace les cours.
        </p>
        <LastChange updatedAt={basedOn || null} updatedByName={updatedByName} />
      </ContentPageHeader>
      <AdminSettingsNav />
      {notice ? <FormMessage tone="success">{notice}</FormMessage> : null}
      <CalendarForm value={value} basedOn={basedOn} lastResult={resultOf(answer, "save")} />
      <ImportForm zone={value.zone} basedOn={basedOn} lastResult={resultOf(answer, "import")} />
      <section aria-labelledby="holidays-title" className="rounded-lg border border-slate-300 bg-white p-5 shadow-sm">
        <h2 id="holidays-title" className="text-xl font-semibold text-slate-900">
          Jours fériés de la saison (pas de cours)
        </h2>
        <p className="mt-1 text-sm text-slate-700">
          Calculés automatiquement, du {formatDate(value.seasonStart)} au {formatDate(value.seasonEnd)}.
        </p>
        <ul className="mt-3 list-disc space-y-1 pl-6 text-slate-800">
          {holidays.map((h) => (
            <li key={h.day}>
              {h.name} : {formatLongDate(h.day)}
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

import { notFound } from "~/lib/http/responses";
import { data, Form, href, Link, redirect } from "react-router";
import { userContext } from "~/lib/accounts/auth-context";
import type { Route } from "./+types/settings";
import { FormMessage, SubmitButton } from "~/components/form";
import { AdminSettingsNav, LastChange } from "~/components/admin-nav";
import { pageMeta } from "~/lib/http/seo";
import { firstErrors, reply, type SubmissionResult } from "~/lib/http/forms";
import { isSettingsSection, SETTINGS_SECTIONS, type SettingsSection } from "~/lib/club/settings-labels";
import { BLANK_ROWS, parseSectionForm, rowsInValues, sectionValues } from "~/lib/club/settings-admin.server";
import { saveSettingChecked, sectionSetting, settingMeta } from "~/lib/club/settings-save.server";
import { IdentityForm } from "./settings/identity";
import { ScheduleForm } from "./settings/schedule";
import { PricesForm } from "./settings/prices";
import { EquipmentForm } from "./settings/equipment";
import { DonationForm } from "./settings/donation";
import { LegalForm } from "./settings/legal";
import { MembershipForm } from "./settings/membership";
import type { SectionFormProps } from "./settings/shared";
import { readForm } from "~/lib/http/request.server";
import { ContentPageHeader } from "~/components/dashboard/content-page-header";

const FORMS: Record<SettingsSection, (props: SectionFormProps) => React.ReactNode> = {
  identite: IdentityForm,
  horaires: ScheduleForm,
  tarifs: PricesForm,
  equipement: EquipmentForm,
  dons: DonationForm,
  "mentions-legales": LegalForm,
  adhesion: MembershipForm,
};

/** Public pages where each section shows, for the « voir la page » link. */
const PUBLIC_PAGE: Record<SettingsSection, { to: string; label: string }> = {
  identite: { to: "/adresse-acces", label: "Adresse et accès" },
  horaires: { to: "/tarifs-horaires", label: "Tarifs et horaires" },
  tarifs: { to: "/tarifs-horaires", label: "Tarifs et horaires" },
  equipement: { to: "/equipement", label: "Équipement" },
  dons: { to: "/faire-un-don", label: "Faire un don" },
  "mentions-legales": { to: "/mentions-legales", label: "Mentions légales" },
  adhesion: { to: "/tarifs-horaires", label: "Tarifs et horaires" },
};

const TABLE_SECTIONS: ReadonlySet<SettingsSection> = new Set(["horaires", "tarifs", "equipement"]);

export const meta: Route.MetaFunction = (args) => {
  const section = args.params.section;
  const title = isSettingsSection(section) ? SETTINGS_SECTIONS[section].title : "Réglages du club";
  return pageMeta(args, {
    title: `Réglages : ${title}`,
    description: "Modifier les réglages du club affichés sur le site public.",
    noindex: true,
  });
};

function sectionOf(params: { section?: string }): SettingsSection {
  if (!isSettingsSection(params.section)) notFound("Section inconnue");
  return params.section;
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const section = sectionOf(params);
  const [current, lastChange] = await Promise.all([
    sectionSetting(section),
    settingMeta(SETTINGS_SECTIONS[section].key),
  ]);
  const { values, rows } = sectionValues(section, current);
  const saved = new URL(request.url).searchParams.get("ok") === "1";
  return {
    section,
    values: { ...values, basedOn: lastChange.updatedAt ?? "" },
    rows: TABLE_SECTIONS.has(section) ? rows + BLANK_ROWS : 0,
    lastChange,
    saved,
  };
}

/** A refused or kept-open form: Conform's result (errors, what was typed), the row slots, a notice. */
type ActionData = { result: SubmissionResult<string[]>; rows: number; notice?: string };

/** The text values typed in a submission (the section forms read them by name). */
function typedValues(result: SubmissionResult<string[]> | undefined): Record<string, string> | undefined {
  if (!result?.initialValue) return undefined;
  const values: Record<string, string> = {};
  for (const [name, v] of Object.entries(result.initialValue)) if (typeof v === "string") values[name] = v;
  return values;
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const user = context.get(userContext);
  const section = sectionOf(params);
  const submission = parseSectionForm(section, await readForm(request));
  const typed: Record<string, string> = {};
  for (const [name, v] of Object.entries(submission.payload)) if (typeof v === "string") typed[name] = v;
  const rows = rowsInValues(typed);

  if (submission.payload.intent === "add-rows") {
    return data<ActionData>({
      result: { initialValue: typed },
      rows: rows + 3,
      notice:
        "Trois lignes vides ont été ajoutées en bas de la liste. Rien n’est enregistré tant que vous n’avez pas cliqué sur « Enregistrer ».",
    });
  }
  if (submission.status !== "success") return data<ActionData>({ result: reply(submission), rows }, { status: 400 });
  const basedOn = typeof submission.payload.basedOn === "string" ? submission.payload.basedOn : "";
  const saved = await saveSettingChecked(SETTINGS_SECTIONS[section].key, submission.value, basedOn, user.id);
  if (!saved.ok)
    return data<ActionData>({ result: reply(submission, { formErrors: [saved.message] }), rows }, { status: 409 });
  return redirect(`${href("/espace-membre/contenu/reglages/:section", { section })}?ok=1`);
}

export default function SettingsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { section, lastChange, saved } = loaderData;
  const info = SETTINGS_SECTIONS[section];
  const SectionForm = FORMS[section];
  const values = typedValues(actionData?.result) ?? loaderData.values;
  const { "": formError, ...fieldErrors } = firstErrors(actionData?.result);
  const errors: Record<string, string> = formError ? { ...fieldErrors, _form: formError } : fieldErrors;
  const rows = actionData ? Math.max(actionData.rows, 1) : loaderData.rows;
  const errorCount = Object.keys(errors).filter((k) => k !== "_form").length;
  const page = PUBLIC_PAGE[section];

  return (
    <div className="space-y-6">
      <ContentPageHeader title={`Réglages : ${info.title}`}>
        <p className="mt-2 text-slate-700">
          {info.description} Ces informations s’affichent sur la page publique{" "}
          <Link to={page.to} className="font-medium text-club-800 underline">
            {page.label}
          </Link>
          .
        </p>
        <LastChange {...lastChange} />
      </ContentPageHeader>

      <AdminSettingsNav current={href("/espace-membre/contenu/reglages/:section", { section })} />

      {saved && !actionData ? <FormMessage tone="success">Les réglages ont été enregistrés.</FormMessage> : null}
      {actionData?.notice ? <FormMessage tone="info">{actionData.notice}</FormMessage> : null}
      {errors._form ? <FormMessage>{errors._form}</FormMessage> : null}
      {errorCount > 0 ? (
        <FormMessage>
          {errorCount === 1 ? "Un champ est à corriger" : `${errorCount} champs sont à corriger`} : les messages sont
          affichés à côté des champs concernés. Rien n’a été enregistré.
        </FormMessage>
      ) : null}

      <Form
        method="post"
        noValidate
        key={JSON.stringify(values) + rows}
        className="rounded-lg border border-slate-300 bg-white p-5 shadow-sm"
      >
        <input type="hidden" name="basedOn" value={values.basedOn ?? ""} />
        {/* Enter in a field saves (the first submit button of a form is its default one). */}
        <button type="submit" name="intent" value="save" tabIndex={-1} aria-hidden="true" className="sr-only">
          Enregistrer
        </button>
        <SectionForm values={values} errors={errors} rows={rows} />
        <div className="mt-6">
          <SubmitButton name="intent" value="save" pendingLabel="Enregistrement…">
            Enregistrer
          </SubmitButton>
        </div>
      </Form>
    </div>
  );
}

/**
 * One profile on the user edit page: the season status form (cotisation and
 * health document), the other seasons, and the grade history with its add and
 * delete forms. Conform forms (decision 0009) validated in the browser with
 * the schemas of users-admin.ts; each answer of the action is shown in the
 * form it belongs to (intent + profile).
 */
import { Form } from "react-router";
import {
  FormErrors,
  fieldProps,
  SelectField,
  SubmitButton,
  TextAreaField,
  TextField,
  useClubForm,
  getFormProps,
} from "~/components/form";
import { Badge, healthTone } from "~/components/users-admin-ui";
import { buttonClasses } from "~/components/ui/button";
import { formatEuros } from "~/lib/core/money";
import { HEALTH_KIND_OPTIONS, HEALTH_STATE_LABELS, PAYMENT_MEANS_OPTIONS } from "~/lib/members/users-admin-labels";
import { formatDate as formatDateFr } from "~/lib/core/time";

const dangerButtonClass = buttonClasses({ variant: "danger-outline" });
const secondaryButtonClass = buttonClasses({ variant: "secondary" });
import { gradeEntrySchema, statusSchema, type UserEditAnswer } from "~/lib/members/users-admin";
import type { UserDetail } from "~/lib/members/users-detail.server";
import { de } from "~/lib/typography/elision";
import { gendered } from "~/lib/typography/gender";

type ProfileView = UserDetail["profiles"][number];
type StatusView = ProfileView["statuses"][number];

function centsToInput(cents: number | null | undefined): string {
  if (cents === null || cents === undefined) return "";
  return (cents / 100).toFixed(2).replace(".", ",").replace(",00", "");
}

function StatusSummary({ s }: { s: StatusView | undefined }) {
  return (
    <ul className="mb-4 flex flex-wrap gap-2">
      <li>
        {s?.cotisationPaidOn ? (
          <Badge tone="ok">Cotisation payée</Badge>
        ) : (
          <Badge tone="bad">Cotisation non payée</Badge>
        )}
      </li>
      <li>
        <Badge tone={healthTone(s?.health ?? "manquant")}>
          Document de santé : {HEALTH_STATE_LABELS[s?.health ?? "manquant"].toLowerCase()}
          {s?.healthValidUntil ? ` (jusqu'au ${formatDateFr(s.healthValidUntil)})` : ""}
        </Badge>
      </li>
    </ul>
  );
}

function StatusForm({
  profile,
  season,
  status,
  certificateValiditySeasons,
  lastResult,
}: {
  profile: ProfileView;
  season: string;
  status: StatusView | undefined;
  certificateValiditySeasons: number;
  lastResult: UserEditAnswer["result"] | undefined;
}) {
  const [form, fields] = useClubForm({
    id: `saison-${profile.id}-${season}`,
    schema: statusSchema,
    lastResult,
    defaultValue: {
      cotisationPaidOn: status?.cotisationPaidOn ?? "",
      cotisationAmount: centsToInput(status?.cotisationAmountCents),
      cotisationMeans: status?.cotisationMeans ?? "",
      healthKind: status?.healthKind ?? "",
      healthReceivedOn: status?.healthReceivedOn ?? "",
    },
  });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-2">
      <FormErrors
        form={form}
        lastResult={lastResult}
        summary="La saison n'a pas été enregistrée : corrigez les champs signalés."
      />
      <input type="hidden" name="intent" value="status" />
      <input type="hidden" name="profileId" value={profile.id} />
      <input type="hidden" name="season" value={season} />
      <input type="hidden" name="version" value={status?.version ?? 0} />
      <fieldset className="rounded-md border border-slate-200 p-4">
        <legend className="px-1 font-semibold text-slate-900">Cotisation</legend>
        <div className="grid gap-x-4 sm:grid-cols-3">
          <TextField label="Payée le" type="date" {...fieldProps(fields.cotisationPaidOn)} />
          <TextField
            label="Montant (€)"
            inputMode="decimal"
            hint="Par exemple 180 ou 92,50"
            {...fieldProps(fields.cotisationAmount)}
          />
          <SelectField
            label="Moyen de paiement"
            options={[{ value: "", label: "— Non payée —" }, ...PAYMENT_MEANS_OPTIONS]}
            {...fieldProps(fields.cotisationMeans)}
          />
        </div>
      </fieldset>
      <fieldset className="rounded-md border border-slate-200 p-4">
        <legend className="px-1 font-semibold text-slate-900">Certificat médical ou attestation</legend>
        <p className="mb-3 text-sm text-slate-700">
          Un certificat médical vaut pour {certificateValiditySeasons} saison{certificateValiditySeasons > 1 ? "s" : ""}{" "}
          (réglage du club) ; l&apos;attestation du questionnaire de santé, pour la saison seulement. La date de fin est
          calculée.
        </p>
        <div className="grid gap-x-4 sm:grid-cols-2">
          <SelectField
            label="Document reçu"
            options={[{ value: "", label: "— Aucun —" }, ...HEALTH_KIND_OPTIONS]}
            {...fieldProps(fields.healthKind)}
          />
          <TextField label="Reçu le" type="date" {...fieldProps(fields.healthReceivedOn)} />
        </div>
      </fieldset>
      <SubmitButton pendingLabel="Enregistrement…">
        Enregistrer la saison {season} {de(profile.prenom)}
      </SubmitButton>
    </Form>
  );
}

function PastSeasons({ past, name }: { past: StatusView[]; name: string }) {
  return (
    <>
      <h3 className="mt-6 text-xl font-semibold text-slate-900">Autres saisons</h3>
      <div className="mt-2 overflow-x-auto">
        <table className="min-w-full text-left text-slate-800">
          <caption className="sr-only">Situation {de(name)} pendant les autres saisons</caption>
          <thead>
            <tr>
              <th scope="col" className="py-1 pr-4 font-semibold">
                Saison
              </th>
              <th scope="col" className="py-1 pr-4 font-semibold">
                Cotisation
              </th>
              <th scope="col" className="py-1 pr-4 font-semibold">
                Document de santé
              </th>
            </tr>
          </thead>
          <tbody>
            {past.map((s) => (
              <tr key={s.id} className="border-t border-slate-200">
                <th scope="row" className="py-1 pr-4 font-normal">
                  {s.season}
                </th>
                <td className="py-1 pr-4">
                  {s.cotisationPaidOn
                    ? `payée le ${formatDateFr(s.cotisationPaidOn)} (${formatEuros(s.cotisationAmountCents)})`
                    : "non payée"}
                </td>
                <td className="py-1 pr-4">
                  {s.healthReceivedOn
                    ? `${s.healthKind === "questionnaire" ? "attestation" : "certificat"} reçu le ${formatDateFr(s.healthReceivedOn)}, valable jusqu'au ${formatDateFr(s.healthValidUntil)}`
                    : "aucun"}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

function GradeAddForm({
  profile,
  gradeTable,
  lastResult,
}: {
  profile: ProfileView;
  gradeTable: UserDetail["gradeTable"];
  lastResult: UserEditAnswer["result"] | undefined;
}) {
  const [form, fields] = useClubForm({
    id: `grade-${profile.id}-${profile.grades.length}`,
    schema: gradeEntrySchema,
    lastResult,
  });
  return (
    <Form method="post" {...getFormProps(form)} className="mt-3 rounded-md border border-slate-200 p-4">
      <FormErrors
        form={form}
        lastResult={lastResult}
        summary="Le grade n'a pas été ajouté : corrigez les champs signalés."
      />
      <input type="hidden" name="intent" value="grade-add" />
      <input type="hidden" name="profileId" value={profile.id} />
      <p className="mb-3 font-semibold text-slate-900">Ajouter un grade à l&apos;historique {de(profile.prenom)}</p>
      <div className="grid gap-x-4 sm:grid-cols-2">
        <SelectField
          label="Grade"
          options={[
            { value: "", label: "— Choisir —" },
            ...gradeTable.map((g) => ({ value: String(g.id), label: g.label })),
          ]}
          {...fieldProps(fields.gradeId)}
        />
        <TextField label="Obtenu le" type="date" {...fieldProps(fields.awardedOn)} />
      </div>
      <TextAreaField label="Note (facultatif)" rows={2} {...fieldProps(fields.note)} />
      <SubmitButton pendingLabel="Ajout…" className={secondaryButtonClass}>
        Ajouter le grade
      </SubmitButton>
    </Form>
  );
}

export function ProfileSection({
  profile,
  season,
  canEdit,
  gradeTable,
  certificateValiditySeasons,
  answer,
}: {
  profile: ProfileView;
  season: string;
  canEdit: boolean;
  gradeTable: UserDetail["gradeTable"];
  certificateValiditySeasons: number;
  answer: UserEditAnswer | undefined;
}) {
  const status = profile.statuses.find((s) => s.season === season);
  const mine = answer && answer.key === String(profile.id) ? answer : undefined;
  const past = profile.statuses.filter((s) => s.season !== season);
  const name = `${profile.prenom} ${profile.nom}`.trim();
  const headingId = `profil-${profile.id}-titre`;
  return (
    <section
      id={`profil-${profile.id}`}
      aria-labelledby={headingId}
      className="rounded-lg border border-slate-300 bg-white p-5 shadow-sm"
    >
      <h2 id={headingId} className="text-2xl font-semibold text-slate-900">
        {name}{" "}
        {profile.isSelf ? (
          <span className="text-base font-normal text-slate-700">(titulaire du compte)</span>
        ) : (
          <span className="text-base font-normal text-slate-700">(profil famille)</span>
        )}
      </h2>
      {profile.dateOfBirth ? (
        <p className="text-slate-700">
          {gendered(profile.sex, { f: "Née le", m: "Né le", n: "Date de naissance :" })}{" "}
          {formatDateFr(profile.dateOfBirth)}
        </p>
      ) : null}

      <h3 className="mt-4 text-xl font-semibold text-slate-900">Saison {season}</h3>
      <StatusSummary s={status} />
      {canEdit ? (
        <StatusForm
          key={`status-${profile.id}-${season}-${status?.version ?? 0}`}
          profile={profile}
          season={season}
          status={status}
          certificateValiditySeasons={certificateValiditySeasons}
          lastResult={mine?.intent === "status" ? mine.result : undefined}
        />
      ) : status ? (
        <dl className="grid gap-x-4 gap-y-1 sm:grid-cols-[auto_1fr]">
          <dt className="font-medium">Cotisation</dt>
          <dd>
            {status.cotisationPaidOn
              ? `payée le ${formatDateFr(status.cotisationPaidOn)}, ${formatEuros(status.cotisationAmountCents)}`
              : "non payée"}
          </dd>
          <dt className="font-medium">Document de santé</dt>
          <dd>{status.healthReceivedOn ? `reçu le ${formatDateFr(status.healthReceivedOn)}` : "aucun"}</dd>
        </dl>
      ) : null}

      {past.length > 0 ? <PastSeasons past={past} name={name} /> : null}

      <h3 id={`grades-${profile.id}`} className="mt-6 text-xl font-semibold text-slate-900">
        Grades
      </h3>
      {mine?.intent === "grade-delete" && mine.result.error?.[""]?.[0] ? (
        <p role="alert" className="mt-1 font-medium text-red-700">
          {mine.result.error[""][0]}
        </p>
      ) : null}
      {profile.grades.length === 0 ? <p className="text-slate-700">Aucun grade enregistré.</p> : null}
      <ul className="mt-2 divide-y divide-slate-200">
        {profile.grades.map((g) => (
          <li key={g.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
            <span>
              <strong>{g.name}</strong> — le {formatDateFr(g.awardedOn)}
              {g.note ? <span className="block text-sm text-slate-700">{g.note}</span> : null}
            </span>
            {canEdit ? (
              <Form method="post">
                <input type="hidden" name="intent" value="grade-delete" />
                <input type="hidden" name="profileId" value={profile.id} />
                <input type="hidden" name="entryId" value={g.id} />
                <button type="submit" className={dangerButtonClass}>
                  Supprimer
                  <span className="sr-only">
                    {" "}
                    le grade {g.name} du {formatDateFr(g.awardedOn)}
                  </span>
                </button>
              </Form>
            ) : null}
          </li>
        ))}
      </ul>
      {canEdit ? (
        <GradeAddForm
          key={`grade-${profile.id}-${profile.grades.length}`}
          profile={profile}
          gradeTable={gradeTable}
          lastResult={mine?.intent === "grade-add" ? mine.result : undefined}
        />
      ) : null}
    </section>
  );
}

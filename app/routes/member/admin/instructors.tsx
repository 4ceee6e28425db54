/**
 * /espace-membre/contenu/enseignants-des-cours (admins): which
 * account teaches which weekly class. Each account with the role
 * « Enseignant » has one form: the classes of the schedule as checkboxes.
 * An instructor then takes attendance of those classes and reads their
 * emergency sheets. Changes are written to the audit log.
 */
import { data, href, Link, redirect } from "react-router";
import type { Route } from "./+types/instructors";
import { userContext } from "~/lib/accounts/auth-context";
import { FormErrors, FormMessage, SubmitButton, useClubForm, getFormProps } from "~/components/form";
import { instructorsPage, setInstructorSlots, type InstructorsPage } from "~/lib/mat/instructors.server";
import { INSTRUCTORS_PATH, instructorSlotsSchema } from "~/lib/mat/instructors";
import { ATTENDANCE_PATH } from "~/lib/mat/attendance";
import { capitalize, formatTime, weekdayName } from "~/lib/core/time";
import { domainErrors, parseSubmission, reply, type SubmissionResult } from "~/lib/http/forms";
import { DomainError } from "~/lib/core/errors";
import { readForm } from "~/lib/http/request.server";
import { pageMeta } from "~/lib/http/seo";
import { de } from "~/lib/typography/elision";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Enseignants des cours",
    description: "Les cours de chaque enseignant : appel et fiche d’urgence.",
    noindex: true,
  });

export async function loader({ request }: Route.LoaderArgs) {
  const page = await instructorsPage();
  return { ...page, saved: new URL(request.url).searchParams.get("ok") === "enregistre" };
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = context.get(userContext);
  const formData = await readForm(request);
  const submission = parseSubmission(formData, instructorSlotsSchema);
  const sent = formData.get("userId");
  const userId = typeof sent === "string" ? sent.slice(0, 100) : "";
  if (submission.status !== "success") return data({ userId, result: reply(submission) }, { status: 400 });
  try {
    await setInstructorSlots(actor, submission.value.userId, submission.value.slotIds);
  } catch (err) {
    if (!(err instanceof DomainError)) throw err;
    return data({ userId, result: reply(submission, domainErrors(err)) }, { status: err.status });
  }
  return redirect(`${INSTRUCTORS_PATH}?ok=enregistre#enseignant-${encodeURIComponent(submission.value.userId)}`);
}

type Slot = InstructorsPage["slots"][number];
type Instructor = InstructorsPage["instructors"][number];

const slotLabel = (s: Slot) =>
  `${capitalize(weekdayName(s.day))} ${formatTime(s.start)} – ${formatTime(s.end)}, ${s.group}`;

function InstructorForm({
  instructor,
  slots,
  lastResult,
}: {
  instructor: Instructor;
  slots: Slot[];
  lastResult?: SubmissionResult<string[]>;
}) {
  const [form] = useClubForm({ schema: instructorSlotsSchema, lastResult, id: `enseignant-form-${instructor.id}` });
  const headingId = `enseignant-${instructor.id}-titre`;
  return (
    <section
      id={`enseignant-${instructor.id}`}
      aria-labelledby={headingId}
      className="rounded-lg border border-slate-300 bg-white p-5 shadow-sm"
    >
      <h2 id={headingId} className="text-xl font-semibold text-slate-900">
        {instructor.name}
      </h2>
      <p className="text-sm text-slate-700">{instructor.email}</p>
      <form method="post" {...getFormProps(form)} className="mt-3">
        <FormErrors form={form} />
        <input type="hidden" name="userId" value={instructor.id} />
        <fieldset>
          <legend className="mb-2 font-medium text-slate-800">Cours enseignés</legend>
          <div className="grid gap-2 sm:grid-cols-2">
            {slots.map((s) => {
              const id = `cours-${instructor.id}-${s.id}`;
              return (
                <div key={s.id} className="flex items-center gap-2">
                  <input
                    id={id}
                    type="checkbox"
                    name="slotIds"
                    value={s.id}
                    defaultChecked={instructor.slotIds.includes(s.id)}
                    className="h-5 w-5 rounded border-slate-400 text-club-700 focus:ring-club-600"
                  />
                  <label htmlFor={id} className="text-slate-800">
                    {slotLabel(s)}
                  </label>
                </div>
              );
            })}
          </div>
        </fieldset>
        <div className="mt-4">
          <SubmitButton pendingLabel="Enregistrement…">Enregistrer les cours {de(instructor.name)}</SubmitButton>
        </div>
      </form>
    </section>
  );
}

export default function Instructors({ loaderData, actionData }: Route.ComponentProps) {
  const { slots, instructors, saved } = loaderData;
  return (
    <div className="max-w-4xl space-y-6">
      <div>
        <h1 className="text-3xl font-bold text-club-900">Enseignants des cours</h1>
        <p className="mt-2 text-slate-700">
          Un compte avec le rôle « Enseignant » fait l’appel et lit la fiche d’urgence des cours cochés ici ; les
          administrateurs voient tous les cours. Donnez le rôle sur la fiche du compte (
          <Link to={href("/espace-membre/utilisateurs")} className="font-medium text-club-800 underline">
            Utilisateurs
          </Link>
          ), puis choisissez ses cours.{" "}
          <Link to={ATTENDANCE_PATH} className="font-medium text-club-800 underline">
            Aller à l’appel
          </Link>
        </p>
      </div>
      {saved ? <FormMessage tone="success">Les cours de l’enseignant ont été enregistrés.</FormMessage> : null}
      {instructors.length === 0 ? (
        <p className="rounded-md bg-slate-50 p-4 text-slate-800">Aucun compte n’a encore le rôle « Enseignant ».</p>
      ) : null}
      {instructors.map((i) => (
        <InstructorForm
          key={`${i.id}-${i.slotIds.join(",")}`}
          instructor={i}
          slots={slots}
          lastResult={actionData?.userId === i.id ? actionData.result : undefined}
        />
      ))}
    </div>
  );
}

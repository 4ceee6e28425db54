/**
 * /cours-d-essai: a visitor books a trial class (issue 15, decision 0028).
 *
 * Rules: the sessions offered come from offeredSessions() (the coming three
 * weeks, cancelled ones left out, full ones shown disabled); the form works
 * without JavaScript (a refusal answers the errors next to the fields with
 * everything typed kept; the session refusals — past, cancelled, full — sit
 * next to the list of sessions); honeypot, rate limit and one-time token as on
 * the contact form; Post/Redirect/Get to the thank-you state.
 */
import { data, Form, Link, redirect } from "react-router";
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
import { OnceField } from "~/components/once-field";
import { HoneypotField } from "~/components/honeypot-field";
import { getSetting } from "~/lib/club/settings.server";
import { AGE_GROUPS, TRIAL_NOT_SENT } from "~/lib/club/trial-requests";
import { bookedSessionLabel, offeredSessions, submitTrialRequest } from "~/lib/club/trial-requests.server";
import { capitalize, formatDayMonth, formatTime } from "~/lib/core/time";
import { requestInfoContext } from "~/lib/http/context";
import { readForm } from "~/lib/http/request.server";
import { rateLimitedAnswer, withActionHeaders } from "~/lib/http/spam-guard.server";
import { pageMeta } from "~/lib/http/seo";
import { newSubmissionToken } from "~/lib/http/submissions.server";
import type { Route } from "./+types/trial-class";
import { Icon } from "~/components/ui/icon";

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const sent = url.searchParams.get("envoye") === "1";
  const [identity, membership, sessions] = await Promise.all([
    getSetting("identity"),
    getSetting("membership"),
    offeredSessions(),
  ]);
  // Dates and hours written here: the page needs no date code in the browser (decision 0045).
  const days: Array<{ date: string; label: string; sessions: Array<(typeof sessions)[number] & { hours: string }> }> =
    [];
  for (const session of sessions) {
    const s = { ...session, hours: `${formatTime(session.start)} – ${formatTime(session.end)}` };
    const last = days.at(-1);
    if (last?.date === s.date) last.sessions.push(s);
    else days.push({ date: s.date, label: capitalize(formatDayMonth(s.date)), sessions: [s] });
  }
  return {
    sent,
    booked: sent ? await bookedSessionLabel(url.searchParams.get("cours")) : null,
    mailed: url.searchParams.get("courriel") === "1",
    submissionToken: newSubmissionToken(),
    trialClasses: membership.trialClasses,
    days,
    place: {
      sportsComplex: identity.sportsComplex,
      street: identity.street,
      postalCode: identity.postalCode,
      city: identity.city,
    },
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { ip } = context.get(requestInfoContext);
  const result = await submitTrialRequest(await readForm(request), ip);
  switch (result.status) {
    case "sent": {
      const query = new URLSearchParams({ envoye: "1", cours: result.session, courriel: result.mailed ? "1" : "0" });
      return redirect(`/cours-d-essai?${query.toString()}`);
    }
    case "invalid":
      return data({ result: result.result }, { status: result.httpStatus });
    case "rate-limited":
      return rateLimitedAnswer(result);
  }
}

/** The action's headers reach the browser (Retry-After on a 429). */
export function headers(args: Route.HeadersArgs) {
  return withActionHeaders(args);
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Cours d'essai",
    description:
      "Réservez un cours d'essai de Vovinam Viet Vo Dao : choisissez un des prochains cours, pour un enfant, un adolescent ou un adulte.",
  });

const AGE_OPTIONS = [
  { value: "", label: "Choisissez" },
  ...Object.entries(AGE_GROUPS).map(([value, label]) => ({ value, label })),
];

const NUMBER_WORDS = ["zéro", "un", "deux", "trois", "quatre", "cinq"];
function freeClassesText(count: number): string {
  if (count <= 0) return "";
  if (count === 1) return "Le premier cours est gratuit et sans engagement.";
  return `Les ${NUMBER_WORDS[count] ?? count} premiers cours sont gratuits et sans engagement.`;
}

const sectionTitle = "text-xl font-bold text-club-900";

export default function TrialClass({ loaderData, actionData }: Route.ComponentProps) {
  const { sent, booked, mailed, submissionToken, trialClasses, days, place } = loaderData;
  const [form, fields] = useClubForm({
    // Imported on the form's first use: the page itself holds no Zod (decision 0036).
    schema: () => import("~/lib/club/trial-requests-schema").then((m) => m.trialRequestSchema),
    lastResult: actionData?.result,
  });
  const session = fieldProps(fields.session);
  const sessionErrorId = "cours-erreur";

  return (
    <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight text-club-900 sm:text-4xl">Cours d'essai</h1>
      <p className="mt-4 max-w-3xl text-lg leading-relaxed text-slate-700">
        Le meilleur moyen de découvrir le Vovinam Viet Vo Dao : venir sur le tapis. {freeClassesText(trialClasses)}{" "}
        Choisissez un cours, laissez vos coordonnées, le club vous confirme le rendez-vous.
      </p>

      <div className="mt-10 grid gap-10 lg:grid-cols-[3fr_2fr]">
        <section aria-labelledby="reservation-titre">
          <h2 id="reservation-titre" className="text-2xl font-bold text-club-900">
            {sent ? "Demande enregistrée" : "Réserver un cours"}
          </h2>
          {sent ? (
            <div className="mt-4">
              <FormMessage tone="success">
                <p className="flex items-start gap-2 font-semibold">
                  <Icon name="check-circle-2" className="mt-0.5 h-5 w-5 shrink-0" />
                  Merci, votre demande de cours d'essai est enregistrée.
                </p>
                {booked ? <p className="mt-2">Cours choisi : {booked}.</p> : null}
                <p className="mt-2">
                  {mailed
                    ? "Un e-mail de confirmation vous a été envoyé avec l'adresse et ce qu'il faut prévoir. Pensez à vérifier vos courriers indésirables."
                    : "Le club vous contactera pour confirmer le rendez-vous."}
                </p>
              </FormMessage>
              <p>
                <Link to="/cours-d-essai" className="font-semibold text-club-700 underline">
                  Réserver un autre cours
                </Link>
              </p>
            </div>
          ) : (
            <Form method="post" {...getFormProps(form)} className="mt-4" aria-describedby="champs-obligatoires">
              <FormErrors form={form} lastResult={actionData?.result} summary={TRIAL_NOT_SENT} />
              <OnceField token={submissionToken} />
              <p id="champs-obligatoires" className="mb-4 text-sm text-slate-700">
                Les champs marqués d'un astérisque (*) sont obligatoires.
              </p>

              <fieldset className="mb-6" aria-describedby={session.error ? sessionErrorId : undefined}>
                <legend className={sectionTitle}>
                  Le cours{" "}
                  <span className="text-red-700" aria-hidden="true">
                    *
                  </span>
                </legend>
                {session.error ? (
                  <p id={sessionErrorId} className="mt-2 text-sm font-medium text-red-700">
                    {session.error}
                  </p>
                ) : null}
                {days.length === 0 ? (
                  <p className="mt-2 text-slate-700">
                    Aucun cours n'est prévu pour le moment.{" "}
                    <Link to="/contact?objet=essai" className="font-semibold text-club-800 underline">
                      Écrivez-nous
                    </Link>{" "}
                    : nous vous dirons quand venir.
                  </p>
                ) : (
                  <div className="mt-2 space-y-4">
                    {days.map((day) => (
                      <div key={day.date}>
                        <p className="font-semibold text-slate-900">{day.label}</p>
                        <ul className="mt-1 space-y-1">
                          {day.sessions.map((s) => {
                            const full = s.placesLeft === 0;
                            return (
                              <li key={s.key}>
                                <label
                                  className={`flex items-start gap-3 rounded-md border px-3 py-2 ${
                                    full
                                      ? "border-slate-200 bg-slate-50 text-slate-600"
                                      : "cursor-pointer border-slate-300 hover:border-club-600"
                                  }`}
                                >
                                  <input
                                    type="radio"
                                    name={session.name}
                                    value={s.key}
                                    defaultChecked={session.defaultValue === s.key}
                                    disabled={full}
                                    required
                                    aria-invalid={session.error ? true : undefined}
                                    className="mt-1 h-5 w-5 shrink-0 text-club-700 focus:ring-club-600"
                                  />
                                  <span>
                                    <span className="block font-medium">
                                      {s.hours} · {s.group}
                                    </span>
                                    <span className="block text-sm">
                                      {[s.level, s.place].filter(Boolean).join(" · ")}
                                      {full
                                        ? " · complet"
                                        : s.placesLeft !== null && s.placesLeft <= 2
                                          ? ` · ${s.placesLeft === 1 ? "1 place restante" : "2 places restantes"}`
                                          : ""}
                                    </span>
                                  </span>
                                </label>
                              </li>
                            );
                          })}
                        </ul>
                      </div>
                    ))}
                  </div>
                )}
              </fieldset>

              <fieldset className="mb-6">
                <legend className={`${sectionTitle} mb-2`}>La personne qui vient essayer</legend>
                <TextField label="Prénom" autoComplete="given-name" required {...fieldProps(fields.prenom)} />
                <TextField label="Nom" autoComplete="family-name" required {...fieldProps(fields.nom)} />
                <SelectField label="Tranche d'âge" required options={AGE_OPTIONS} {...fieldProps(fields.ageGroup)} />
                <TextField
                  label="Nom du parent"
                  autoComplete="name"
                  hint="Pour un enfant ou un adolescent : le parent qui fait la demande."
                  {...fieldProps(fields.parentName)}
                />
              </fieldset>

              <fieldset className="mb-6">
                <legend className={`${sectionTitle} mb-2`}>Pour vous répondre</legend>
                <p className="mb-3 text-sm text-slate-700">Une adresse e-mail, un numéro de téléphone, ou les deux.</p>
                <TextField
                  label="Adresse e-mail"
                  type="email"
                  autoComplete="email"
                  inputMode="email"
                  hint="La confirmation du rendez-vous y est envoyée."
                  {...fieldProps(fields.email)}
                />
                <TextField
                  label="Téléphone"
                  type="tel"
                  autoComplete="tel"
                  inputMode="tel"
                  {...fieldProps(fields.phone)}
                />
                <TextAreaField label="Message (facultatif)" rows={4} {...fieldProps(fields.message)} />
              </fieldset>

              <HoneypotField id="essai_site_web" />
              <SubmitButton>Réserver le cours d'essai</SubmitButton>
              <p className="mt-4 text-sm text-slate-600">
                Vos coordonnées servent uniquement à organiser votre essai et ne sont jamais transmises à des tiers.
                Voir les{" "}
                <Link to="/mentions-legales" className="underline">
                  mentions légales
                </Link>
                .
              </p>
            </Form>
          )}
        </section>

        <aside
          aria-labelledby="prevoir-titre"
          className="h-fit space-y-6 rounded-xl border border-club-200 bg-club-50 p-6"
        >
          <section>
            <h2 id="prevoir-titre" className="flex items-center gap-2 text-xl font-bold text-club-900">
              <Icon name="shirt" className="h-5 w-5 text-club-700" />À prévoir
            </h2>
            <p className="mt-2 text-slate-800">Une tenue de sport confortable et une gourde d'eau.</p>
            <p className="mt-2 text-sm text-slate-700">
              La tenue du club et les protections, pour la suite :{" "}
              <Link to="/equipement" className="font-semibold text-club-800 underline">
                l'équipement
              </Link>
              .
            </p>
          </section>
          <section aria-labelledby="lieu-titre">
            <h2 id="lieu-titre" className="flex items-center gap-2 text-xl font-bold text-club-900">
              <Icon name="map-pin" className="h-5 w-5 text-club-700" />
              Le lieu
            </h2>
            <p className="mt-2 text-slate-800">
              <span className="block">{place.sportsComplex}</span>
              <span className="block">{place.street}</span>
              <span className="block">
                {place.postalCode} {place.city}
              </span>
            </p>
            <Link to="/adresse-acces" className="mt-1 inline-block text-club-800 underline">
              Plan et accès
            </Link>
          </section>
        </aside>
      </div>
    </div>
  );
}

/**
 * /cours-d-essai: a visitor books a trial class (issue 15, decision 0028).
 *
 * Rules: the sessions offered come from offeredSessions() (the coming three
 * weeks, cancelled ones left out, full ones shown disabled); the form works
 * without JavaScript (a refusal answers the errors next to the fields with
 * everything typed kept; the session refusals — past, cancelled, full — sit
 * next to the list of sessions); honeypot, rate limit and one-time token as on
 * the contact form; Post/Redirect/Get to the thank-you state. The form, its end
 * (token, honeypot, note on personal data) and the confirmation are the page's
 * React; the public text around it (under the heading, what to bring and where)
 * is written on the server (components/info/trial-class.server.tsx).
 */
import { data, Form, Link, redirect } from "react-router";
import {
  fieldProps,
  FormErrors,
  SelectField,
  SubmitButton,
  TextAreaField,
  TextField,
  useClubForm,
  getFormProps,
} from "~/components/form";
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
import { TrialAside, TrialIntro } from "~/components/info/trial-class.server";
import { PublicFormEnd, PublicFormSent, type SentNotice } from "~/components/info/public-form-parts";
import { ServerHtml } from "~/components/server-html";
import { ASIDE_BLOCK, INTRO_BLOCK } from "~/lib/http/safe-html";
import { serverHtml } from "~/lib/http/server-html.server";

/** The confirmation once a request was recorded: the session chosen, and whether an e-mail went out. */
function sentNotice(booked: string | null, mailed: boolean): SentNotice {
  return {
    thanks: "Merci, votre demande de cours d'essai est enregistrée.",
    lines: [
      ...(booked ? [`Cours choisi : ${booked}.`] : []),
      mailed
        ? "Un e-mail de confirmation vous a été envoyé avec l'adresse et ce qu'il faut prévoir. Pensez à vérifier vos courriers indésirables."
        : "Le club vous contactera pour confirmer le rendez-vous.",
    ],
    again: { to: "/cours-d-essai", label: "Réserver un autre cours" },
  };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const sent = url.searchParams.get("envoye") === "1";
  const [identity, membership, sessions] = await Promise.all([
    getSetting("identity"),
    getSetting("membership"),
    offeredSessions(),
  ]);
  // Dates, hours and each session's lines written here: the page needs no date code in the browser,
  // nor the words of a session's line. A line carries only what
  // the page shows: its key (the radio's value), whether it is full, and its two lines of text.
  type Line = { key: string; full: boolean; title: string; detail: string };
  const days: Array<{ date: string; label: string; sessions: Line[] }> = [];
  for (const session of sessions) {
    const full = session.placesLeft === 0;
    const left = session.placesLeft;
    const s: Line = {
      key: session.key,
      full,
      title: `${formatTime(session.start)} – ${formatTime(session.end)} · ${session.group}`,
      detail: [
        session.level,
        session.place,
        full ? "complet" : left !== null && left <= 2 ? (left === 1 ? "1 place restante" : "2 places restantes") : "",
      ]
        .filter(Boolean)
        .join(" · "),
    };
    const last = days.at(-1);
    if (last?.date === session.date) last.sessions.push(s);
    else days.push({ date: session.date, label: capitalize(formatDayMonth(session.date)), sessions: [s] });
  }
  const booked = sent ? await bookedSessionLabel(url.searchParams.get("cours")) : null;
  return {
    sent,
    days,
    // The age groups and the refusal's summary as the page shows them: the page's script holds neither.
    ageOptions: [
      { value: "", label: "Choisissez" },
      ...Object.entries(AGE_GROUPS).map(([value, label]) => ({ value, label })),
    ],
    notSent: TRIAL_NOT_SENT,
    // The page's description and the form's hints, as the page shows them: its script holds none.
    description:
      "Réservez un cours d'essai de Vovinam Viet Vo Dao : choisissez un des prochains cours, pour un enfant, un adolescent ou un adulte.",
    hints: {
      required: "Les champs marqués d'un astérisque (*) sont obligatoires.",
      parent: "Pour un enfant ou un adolescent : le parent qui fait la demande.",
      reach: "Une adresse e-mail, un numéro de téléphone, ou les deux.",
      email: "La confirmation du rendez-vous y est envoyée.",
      person: "La personne qui vient essayer",
      answer: "Pour vous répondre",
      submit: "Réserver le cours d'essai",
    },
    // The form's one-time token, a new one at each load, and the note on personal data after its button.
    token: sent ? null : newSubmissionToken(),
    note: "Vos coordonnées servent uniquement à organiser votre essai et ne sont jamais transmises à des tiers.",
    // Once sent, the confirmation: the session chosen, and whether an e-mail went out.
    sentNotice: sent ? sentNotice(booked, url.searchParams.get("courriel") === "1") : null,
    // The public text around the form, written once on the server.
    intro: serverHtml(context, <TrialIntro freeClasses={membership.trialClasses} />, INTRO_BLOCK),
    aside: serverHtml(
      context,
      <TrialAside
        place={{
          sportsComplex: identity.sportsComplex,
          street: identity.street,
          postalCode: identity.postalCode,
          city: identity.city,
        }}
      />,
      ASIDE_BLOCK,
    ),
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
    description: args.loaderData?.description ?? "",
  });

const sectionTitle = "text-xl font-bold text-club-900";

export default function TrialClass({ loaderData, actionData }: Route.ComponentProps) {
  const { sent, days, ageOptions, notSent, token, note, sentNotice, hints } = loaderData;
  const [form, fields] = useClubForm({
    // Imported on the form's first use: the page itself holds no Zod.
    schema: () => import("~/lib/club/trial-requests-schema").then((m) => m.trialRequestSchema),
    lastResult: actionData?.result,
  });
  const session = fieldProps(fields.session);
  const sessionErrorId = "cours-erreur";

  return (
    <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight text-club-900 sm:text-4xl">Cours d'essai</h1>
      <ServerHtml html={loaderData.intro} block={INTRO_BLOCK} />

      <div className="mt-10 grid gap-10 lg:grid-cols-[3fr_2fr]">
        <section aria-labelledby="reservation-titre">
          <h2 id="reservation-titre" className="text-2xl font-bold text-club-900">
            {sent ? "Demande enregistrée" : "Réserver un cours"}
          </h2>
          {sentNotice ? (
            <PublicFormSent notice={sentNotice} />
          ) : (
            <Form method="post" {...getFormProps(form)} className="mt-4" aria-describedby="champs-obligatoires">
              <FormErrors form={form} lastResult={actionData?.result} summary={notSent} />
              <p id="champs-obligatoires" className="mb-4 text-sm text-slate-700">
                {hints.required}
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
                          {day.sessions.map((s) => (
                            <li key={s.key}>
                              <label
                                className={`flex items-start gap-3 rounded-md border px-3 py-2 ${
                                  s.full
                                    ? "border-slate-200 bg-slate-50 text-slate-600"
                                    : "cursor-pointer border-slate-300 hover:border-club-600"
                                }`}
                              >
                                <input
                                  type="radio"
                                  name={session.name}
                                  value={s.key}
                                  defaultChecked={session.defaultValue === s.key}
                                  disabled={s.full}
                                  required
                                  aria-invalid={session.error ? true : undefined}
                                  className="mt-1 h-5 w-5 shrink-0 text-club-700 focus:ring-club-600"
                                />
                                <span>
                                  <span className="block font-medium">{s.title}</span>
                                  <span className="block text-sm">{s.detail}</span>
                                </span>
                              </label>
                            </li>
                          ))}
                        </ul>
                      </div>
                    ))}
                  </div>
                )}
              </fieldset>

              <fieldset className="mb-6">
                <legend className={`${sectionTitle} mb-2`}>{hints.person}</legend>
                <TextField label="Prénom" autoComplete="given-name" required {...fieldProps(fields.prenom)} />
                <TextField label="Nom" autoComplete="family-name" required {...fieldProps(fields.nom)} />
                <SelectField label="Tranche d'âge" required options={ageOptions} {...fieldProps(fields.ageGroup)} />
                <TextField
                  label="Nom du parent"
                  autoComplete="name"
                  hint={hints.parent}
                  {...fieldProps(fields.parentName)}
                />
              </fieldset>

              <fieldset className="mb-6">
                <legend className={`${sectionTitle} mb-2`}>{hints.answer}</legend>
                <p className="mb-3 text-sm text-slate-700">{hints.reach}</p>
                <TextField
                  label="Adresse e-mail"
                  type="email"
                  autoComplete="email"
                  inputMode="email"
                  hint={hints.email}
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

              <SubmitButton>{hints.submit}</SubmitButton>
              {token ? <PublicFormEnd token={token} honeypotId="essai_site_web" note={note} /> : null}
            </Form>
          )}
        </section>

        <ServerHtml html={loaderData.aside} block={ASIDE_BLOCK} />
      </div>
    </div>
  );
}

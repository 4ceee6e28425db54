/**
 * /contact: a visitor writes to the club (spec, decisions 0019, 0033).
 *
 * Rules: the form works without JavaScript (a refusal answers the errors next
 * to the fields with everything typed kept); honeypot, rate limit and one-time
 * token; Post/Redirect/Get to the thank-you state (`?envoye=1`); `?objet=essai`
 * chooses the subject. The form, its end (token, honeypot, note on personal
 * data) and the confirmation are the page's React; the public text around it
 * (under the heading, the club's details) is written on the server
 * (components/info/contact.server.tsx).
 */
import { data, Form, redirect } from "react-router";
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
import { CONTACT_NOT_SENT, CONTACT_SUBJECTS, SUBJECT_SHORTCUTS } from "~/lib/club/contact";
import { submitContact } from "~/lib/club/contact.server";
import { requestInfoContext } from "~/lib/http/context";
import { pageMeta } from "~/lib/http/seo";
import type { Route } from "./+types/contact";
import { readForm } from "~/lib/http/request.server";
import { rateLimitedAnswer, withActionHeaders } from "~/lib/http/spam-guard.server";
import { newSubmissionToken } from "~/lib/http/submissions.server";
import { ContactAside, ContactIntro, contactDetails } from "~/components/info/contact.server";
import { PublicFormEnd, PublicFormSent, type SentNotice } from "~/components/info/public-form-parts";
import { ServerHtml } from "~/components/server-html";
import { ASIDE_BLOCK, INTRO_BLOCK } from "~/lib/http/safe-html";
import { serverHtml } from "~/lib/http/server-html.server";

const SENT_NOTICE: SentNotice = {
  thanks: "Merci, votre message a bien été envoyé au club.",
  lines: [
    "Nous vous répondrons à l'adresse e-mail que vous avez indiquée. Pensez à vérifier vos courriers indésirables si vous ne voyez rien venir.",
  ],
  again: { to: "/contact", label: "Écrire un autre message" },
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const sent = url.searchParams.get("envoye") === "1";
  return {
    sent,
    subject: SUBJECT_SHORTCUTS[url.searchParams.get("objet") ?? ""] ?? "",
    // The form's one-time token, a new one at each load, and the note on personal data after its button.
    token: sent ? null : newSubmissionToken(),
    note: "Vos coordonnées servent uniquement à vous répondre et ne sont jamais transmises à des tiers.",
    // Once sent, the confirmation.
    sentNotice: sent ? SENT_NOTICE : null,
    // The public text around the form, written once on the server.
    intro: serverHtml(context, <ContactIntro />, INTRO_BLOCK),
    aside: serverHtml(context, <ContactAside contact={await contactDetails()} />, ASIDE_BLOCK),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { ip } = context.get(requestInfoContext);
  const result = await submitContact(await readForm(request), ip);
  switch (result.status) {
    case "sent":
      // Post/Redirect/Get: a reload does not send the message twice.
      return redirect("/contact?envoye=1");
    case "invalid":
      return data({ result: result.result }, { status: 400 });
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
    title: "Contact",
    description:
      "Écrire au club de Vovinam Viet Vo Dao : renseignements, cours d'essai, inscription. Téléphone, e-mail et adresse du gymnase.",
  });

const SUBJECT_OPTIONS = [
  { value: "", label: "Choisissez un objet" },
  ...CONTACT_SUBJECTS.map((s) => ({ value: s, label: s })),
];

export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
  const { sent, subject, token, note, sentNotice } = loaderData;
  const [form, fields] = useClubForm({
    // Imported on the form's first use: the page itself holds no Zod.
    schema: () => import("~/lib/club/contact-schema").then((m) => m.contactSchema),
    lastResult: actionData?.result,
    defaultValue: { subject },
  });

  return (
    <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight text-club-900 sm:text-4xl">Contact</h1>
      <ServerHtml html={loaderData.intro} block={INTRO_BLOCK} />

      <div className="mt-10 grid gap-10 lg:grid-cols-[3fr_2fr]">
        <section aria-labelledby="formulaire-titre">
          <h2 id="formulaire-titre" className="text-2xl font-bold text-club-900">
            {sent ? "Message envoyé" : "Nous écrire"}
          </h2>
          {sentNotice ? (
            <PublicFormSent notice={sentNotice} />
          ) : (
            <Form method="post" {...getFormProps(form)} className="mt-4" aria-describedby="champs-obligatoires">
              <FormErrors form={form} lastResult={actionData?.result} summary={CONTACT_NOT_SENT} />
              <p id="champs-obligatoires" className="mb-4 text-sm text-slate-700">
                Tous les champs sont obligatoires.
              </p>
              <TextField label="Nom" autoComplete="name" required {...fieldProps(fields.name)} />
              <TextField
                label="Adresse e-mail"
                type="email"
                autoComplete="email"
                inputMode="email"
                required
                hint="Pour que nous puissions vous répondre."
                {...fieldProps(fields.email)}
              />
              <SelectField label="Objet" required options={SUBJECT_OPTIONS} {...fieldProps(fields.subject)} />
              <TextAreaField label="Message" rows={7} required {...fieldProps(fields.message)} />
              <SubmitButton>Envoyer le message</SubmitButton>
              {token ? <PublicFormEnd token={token} honeypotId="site_web" note={note} /> : null}
            </Form>
          )}
        </section>

        <ServerHtml html={loaderData.aside} block={ASIDE_BLOCK} />
      </div>
    </div>
  );
}

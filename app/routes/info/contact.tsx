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
import { CONTACT_NOT_SENT, CONTACT_SUBJECTS, SUBJECT_SHORTCUTS } from "~/lib/club/contact";
import { submitContact } from "~/lib/club/contact.server";
import { requestInfoContext } from "~/lib/http/context";
import { pageMeta } from "~/lib/http/seo";
import { getSetting } from "~/lib/club/settings.server";
import type { Route } from "./+types/contact";
import { readForm } from "~/lib/http/request.server";
import { rateLimitedAnswer, withActionHeaders } from "~/lib/http/spam-guard.server";
import { newSubmissionToken } from "~/lib/http/submissions.server";
import { OnceField } from "~/components/once-field";
import { HoneypotField } from "~/components/honeypot-field";
import { buttonClasses } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const identity = await getSetting("identity");
  return {
    sent: url.searchParams.get("envoye") === "1",
    // One-time token (decision 0019); the page may come from the cache, the key also holds the message.
    submissionToken: newSubmissionToken(),
    subject: SUBJECT_SHORTCUTS[url.searchParams.get("objet") ?? ""] ?? "",
    contact: {
      phone: identity.phone,
      email: identity.email,
      sportsComplex: identity.sportsComplex,
      street: identity.street,
      postalCode: identity.postalCode,
      city: identity.city,
      mapUrl: identity.mapUrl,
    },
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

function telHref(phone: string): string {
  const digits = phone.replace(/[^\d+]/g, "");
  return `tel:${digits.startsWith("0") ? `+33${digits.slice(1)}` : digits}`;
}

export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
  const { sent, subject, contact, submissionToken } = loaderData;
  const [form, fields] = useClubForm({
    // Imported on the form's first use: the page itself holds no Zod (decision 0036).
    schema: () => import("~/lib/club/contact-schema").then((m) => m.contactSchema),
    lastResult: actionData?.result,
    defaultValue: { subject },
  });

  return (
    <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight text-club-900 sm:text-4xl">Contact</h1>
      <p className="mt-4 max-w-3xl text-lg leading-relaxed text-slate-700">
        Une question sur les cours, envie d'essayer ou de vous inscrire ? Écrivez-nous : un membre du bureau vous répond
        par e-mail, en général sous quelques jours.
      </p>
      <p className="mt-4">
        <Link to="/cours-d-essai" className={buttonClasses({ variant: "secondary" })}>
          Réserver un cours d'essai
        </Link>
      </p>

      <div className="mt-10 grid gap-10 lg:grid-cols-[3fr_2fr]">
        <section aria-labelledby="formulaire-titre">
          <h2 id="formulaire-titre" className="text-2xl font-bold text-club-900">
            {sent ? "Message envoyé" : "Nous écrire"}
          </h2>
          {sent ? (
            <div className="mt-4">
              <FormMessage tone="success">
                <p className="flex items-start gap-2 font-semibold">
                  <Icon name="check-circle-2" className="mt-0.5 h-5 w-5 shrink-0" />
                  Merci, votre message a bien été envoyé au club.
                </p>
                <p className="mt-2">
                  Nous vous répondrons à l'adresse e-mail que vous avez indiquée. Pensez à vérifier vos courriers
                  indésirables si vous ne voyez rien venir.
                </p>
              </FormMessage>
              <p>
                <Link to="/contact" className="font-semibold text-club-700 underline">
                  Écrire un autre message
                </Link>
              </p>
            </div>
          ) : (
            <Form method="post" {...getFormProps(form)} className="mt-4" aria-describedby="champs-obligatoires">
              <FormErrors form={form} lastResult={actionData?.result} summary={CONTACT_NOT_SENT} />
              <OnceField token={submissionToken} />
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
              <HoneypotField id="site_web" />
              <SubmitButton>Envoyer le message</SubmitButton>
              <p className="mt-4 text-sm text-slate-600">
                Vos coordonnées servent uniquement à vous répondre et ne sont jamais transmises à des tiers. Voir les{" "}
                <Link to="/mentions-legales" className="underline">
                  mentions légales
                </Link>
                .
              </p>
            </Form>
          )}
        </section>

        <section aria-labelledby="coordonnees-titre" className="h-fit rounded-xl border border-club-200 bg-club-50 p-6">
          <h2 id="coordonnees-titre" className="text-xl font-bold text-club-900">
            Coordonnées du club
          </h2>
          <ul className="mt-4 space-y-4 text-slate-800">
            {contact.phone ? (
              <li className="flex items-start gap-3">
                <Icon name="phone" className="mt-0.5 h-5 w-5 shrink-0 text-club-700" />
                <span>
                  <span className="block text-sm font-semibold">Téléphone</span>
                  <a href={telHref(contact.phone)} className="text-club-800 underline">
                    {contact.phone}
                  </a>
                </span>
              </li>
            ) : null}
            <li className="flex items-start gap-3">
              <Icon name="mail" className="mt-0.5 h-5 w-5 shrink-0 text-club-700" />
              <span>
                <span className="block text-sm font-semibold">E-mail</span>
                <a href={`mailto:${contact.email}`} className="break-all text-club-800 underline">
                  {contact.email}
                </a>
              </span>
            </li>
            <li className="flex items-start gap-3">
              <Icon name="map-pin" className="mt-0.5 h-5 w-5 shrink-0 text-club-700" />
              <span>
                <span className="block text-sm font-semibold">Lieu des cours</span>
                <span className="block">{contact.sportsComplex}</span>
                <span className="block">{contact.street}</span>
                <span className="block">
                  {contact.postalCode} {contact.city}
                </span>
                <Link to="/adresse-acces" className="mt-1 inline-block text-club-800 underline">
                  Plan et accès
                </Link>
              </span>
            </li>
          </ul>
          <p className="mt-6 text-sm text-slate-700">
            Le plus simple pour découvrir le Vovinam : venir à un cours d'essai. Choisissez le cours et réservez en
            ligne sur la page{" "}
            <Link to="/cours-d-essai" className="font-semibold text-club-800 underline">
              Cours d'essai
            </Link>
            .
          </p>
        </section>
      </div>
    </div>
  );
}

/**
 * /contact: the page's parts that nothing changes after load (decision 0059), written on the
 * server and kept as is by the browser (`ServerHtml`), which never loads this code: the text
 * under the heading, the end of the form (its one-time token, its honeypot, the note on
 * personal data), the club's details beside the form, and the confirmation once the message
 * was sent. The form itself stays in the route (routes/info/contact.tsx): it reacts to
 * the visitor. Links are `SiteLink`s.
 */
import { FormMessage } from "~/components/form";
import { HoneypotField } from "~/components/honeypot-field";
import { OnceField } from "~/components/once-field";
import { SiteLink } from "~/components/layout/site-link";
import { buttonClasses } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { getSetting } from "~/lib/club/settings.server";
import { telHref } from "~/lib/core/phone";
import { venueLines } from "~/lib/club/identity";

/** The club's details shown beside the form. */
export async function contactDetails() {
  const identity = await getSetting("identity");
  return {
    phone: identity.phone,
    email: identity.email,
    // Only what the club entered (issue 56).
    venue: venueLines(identity),
  };
}

type ContactDetails = Awaited<ReturnType<typeof contactDetails>>;

export function ContactIntro() {
  return (
    <>
      <p className="mt-4 max-w-3xl text-lg leading-relaxed text-slate-700">
        Une question sur les cours, envie d'essayer ou de vous inscrire ? Écrivez-nous : un membre du bureau vous répond
        par e-mail, en général sous quelques jours.
      </p>
      <p className="mt-4">
        <SiteLink to="/cours-d-essai" className={buttonClasses({ variant: "secondary" })}>
          Réserver un cours d'essai
        </SiteLink>
      </p>
    </>
  );
}

/** Inside the form, after its button: the one-time token (decision 0019), the honeypot (0033), the data note. */
export function ContactFormEnd({ token }: { token: string }) {
  return (
    <>
      <OnceField token={token} />
      <HoneypotField id="site_web" />
      <p className="mt-4 text-sm text-slate-600">
        Vos coordonnées servent uniquement à vous répondre et ne sont jamais transmises à des tiers. Voir les{" "}
        <SiteLink to="/mentions-legales" className="underline">
          mentions légales
        </SiteLink>
        .
      </p>
    </>
  );
}

export function ContactSent() {
  return (
    <div className="mt-4">
      <FormMessage tone="success">
        <p className="flex items-start gap-2 font-semibold">
          <Icon name="check-circle-2" className="mt-0.5 h-5 w-5 shrink-0" />
          Merci, votre message a bien été envoyé au club.
        </p>
        <p className="mt-2">
          Nous vous répondrons à l'adresse e-mail que vous avez indiquée. Pensez à vérifier vos courriers indésirables
          si vous ne voyez rien venir.
        </p>
      </FormMessage>
      <p>
        <SiteLink to="/contact" className="font-semibold text-club-700 underline">
          Écrire un autre message
        </SiteLink>
      </p>
    </div>
  );
}

export function ContactAside({ contact }: { contact: ContactDetails }) {
  return (
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
        {contact.email ? (
          <li className="flex items-start gap-3">
            <Icon name="mail" className="mt-0.5 h-5 w-5 shrink-0 text-club-700" />
            <span>
              <span className="block text-sm font-semibold">E-mail</span>
              <a href={`mailto:${contact.email}`} className="break-all text-club-800 underline">
                {contact.email}
              </a>
            </span>
          </li>
        ) : null}
        {contact.venue.length > 0 ? (
          <li className="flex items-start gap-3">
            <Icon name="map-pin" className="mt-0.5 h-5 w-5 shrink-0 text-club-700" />
            <span>
              <span className="block text-sm font-semibold">Lieu des cours</span>
              {contact.venue.map((line) => (
                <span key={line} className="block">
                  {line}
                </span>
              ))}
              <SiteLink to="/adresse-acces" className="mt-1 inline-block text-club-800 underline">
                Plan et accès
              </SiteLink>
            </span>
          </li>
        ) : null}
      </ul>
      <p className="mt-6 text-sm text-slate-700">
        Le plus simple pour découvrir le Vovinam : venir à un cours d'essai. Choisissez le cours et réservez en ligne
        sur la page{" "}
        <SiteLink to="/cours-d-essai" className="font-semibold text-club-800 underline">
          Cours d'essai
        </SiteLink>
        .
      </p>
    </section>
  );
}

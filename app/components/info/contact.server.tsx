/**
 * /contact: the page's public text that nothing changes after load, written on the server and
 * kept as is by the browser (`ServerHtml`), which never loads this code: the text under the
 * heading and the club's details beside the form. The form, its end and its confirmation are
 * the route's React (routes/info/contact.tsx). Links are `SiteLink`s.
 */
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

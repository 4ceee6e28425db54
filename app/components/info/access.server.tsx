/**
 * /adresse-acces (« Adresse et accès »): what the page shows, read here, and its content, written on the
 * server (`renderServerHtml` in the route's loader) and kept as is by the browser
 * (`ServerHtml`), which never loads this code (a `.server` module, decision 0051). Nothing here
 * reacts to the visitor; links are `SiteLink`s.
 */
import { SiteLink } from "~/components/layout/site-link";
import { InfoPage, InfoSection, linkClass } from "~/components/info-page";
import { getSetting } from "~/lib/club/settings.server";
import { buttonClasses } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { telHref } from "~/lib/core/phone";

/** What the page shows. */
export async function accessView() {
  const identity = await getSetting("identity");
  return {
    sportsComplex: identity.sportsComplex,
    street: identity.street,
    postalCode: identity.postalCode,
    city: identity.city,
    phone: identity.phone,
    email: identity.email,
    mapUrl: identity.mapUrl,
    transport: identity.transport,
    parking: identity.parking,
  };
}

export type AccessView = Awaited<ReturnType<typeof accessView>>;

export function AccessContent(loaderData: AccessView) {
  const d = loaderData;
  return (
    <InfoPage
      title="Adresse et accès"
      intro={<p>Tous les cours ont lieu au {d.sportsComplex}. Voici comment nous y rejoindre.</p>}
    >
      <InfoSection id="adresse" title="Adresse" icon={<Icon name="map-pin" className="size-6" />}>
        <address className="rounded-lg border border-slate-200 p-5 text-lg not-italic shadow-sm">
          <strong className="text-club-900">{d.sportsComplex}</strong>
          <br />
          {d.street}
          <br />
          {d.postalCode} {d.city}
        </address>
        {d.mapUrl ? (
          <p>
            <a href={d.mapUrl} target="_blank" rel="noopener noreferrer" className={buttonClasses()}>
              <Icon name="map-pin" className="size-5" />
              Voir le plan sur OpenStreetMap
              <Icon name="external-link" className="size-4" />
              <span className="sr-only">(nouvel onglet)</span>
            </a>
          </p>
        ) : null}
        <p className="text-sm text-slate-600">
          Le plan s'ouvre sur le site OpenStreetMap : aucune carte tierce n'est chargée sur cette page.
        </p>
      </InfoSection>

      {d.transport.length > 0 ? (
        <InfoSection id="transports" title="En transports en commun" icon={<Icon name="bus" className="size-6" />}>
          <ul className="list-disc space-y-1 pl-6">
            {d.transport.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
          <p className="text-sm text-slate-600">
            Horaires et perturbations : consultez votre application de transport avant de partir.
          </p>
        </InfoSection>
      ) : null}

      {d.parking ? (
        <InfoSection id="stationnement" title="En voiture" icon={<Icon name="car" className="size-6" />}>
          <p>{d.parking}</p>
        </InfoSection>
      ) : null}

      <InfoSection id="accessibilite" title="Accessibilité" icon={<Icon name="accessibility" className="size-6" />}>
        <p>
          Vous vous déplacez en fauteuil roulant, avec une poussette, ou vous avez besoin d'un accueil adapté ?
          Dites-le-nous avant votre venue : nous vous indiquerons l'accès le plus simple et ferons notre possible pour
          que vous puissiez assister au cours ou le pratiquer dans de bonnes conditions.
        </p>
        <p>
          {d.phone ? (
            <>
              Téléphone :{" "}
              <a href={telHref(d.phone)} className={linkClass}>
                {d.phone}
              </a>
              {" – "}
            </>
          ) : null}
          e-mail :{" "}
          <a href={`mailto:${d.email}`} className={linkClass}>
            {d.email}
          </a>
          , ou notre{" "}
          <SiteLink to="/contact" className={linkClass}>
            formulaire de contact
          </SiteLink>
          .
        </p>
      </InfoSection>

      <p>
        Les jours et heures des cours sont indiqués sur la page{" "}
        <SiteLink to="/tarifs-horaires" className={linkClass}>
          Tarifs et horaires
        </SiteLink>
        .
      </p>
    </InfoPage>
  );
}

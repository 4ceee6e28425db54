/**
 * /adresse-acces (« Adresse et accès »): what the page shows, read here, and its content, written on the
 * server (`renderServerHtml` in the route's loader) and kept as is by the browser
 * (`ServerHtml`), which never loads this code (a `.server` module). Nothing here
 * reacts to the visitor; links are `SiteLink`s. Only what the club entered is shown:
 * an empty fact leaves its line, or its section, out.
 */
import { SiteLink } from "~/components/layout/site-link";
import { InfoPage, InfoSection, linkClass } from "~/components/info-page";
import { getSetting } from "~/lib/club/settings.server";
import { buttonClasses } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { telHref } from "~/lib/core/phone";
import { venueLines } from "~/lib/club/identity";

/** What the page shows. */
export async function accessView() {
  const identity = await getSetting("identity");
  return {
    sportsComplex: identity.sportsComplex.trim(),
    venue: venueLines(identity),
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
      intro={
        d.venue.length > 0 ? (
          <p>
            {d.sportsComplex ? `Tous les cours ont lieu au ${d.sportsComplex}. ` : ""}Voici comment nous y rejoindre.
          </p>
        ) : (
          <p>Comment venir aux cours du club.</p>
        )
      }
    >
      <InfoSection id="adresse" title="Adresse" icon={<Icon name="map-pin" className="size-6" />}>
        {d.venue.length > 0 ? (
          <address className="rounded-lg border border-slate-200 p-5 text-lg not-italic shadow-sm">
            {d.venue.map((line, i) =>
              i === 0 ? (
                <strong key={line} className="block text-club-900">
                  {line}
                </strong>
              ) : (
                <span key={line} className="block">
                  {line}
                </span>
              ),
            )}
          </address>
        ) : (
          <p>L'adresse des cours sera bientôt publiée.</p>
        )}
        {d.mapUrl ? (
          <>
            <p>
              <a href={d.mapUrl} target="_blank" rel="noopener noreferrer" className={buttonClasses()}>
                <Icon name="map-pin" className="size-5" />
                Voir le plan
                <Icon name="external-link" className="size-4" />
                <span className="sr-only">(nouvel onglet)</span>
              </a>
            </p>
            <p className="text-sm text-slate-600">
              Le plan s'ouvre sur un autre site : aucune carte tierce n'est chargée sur cette page.
            </p>
          </>
        ) : null}
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
          {d.email ? (
            <>
              e-mail :{" "}
              <a href={`mailto:${d.email}`} className={linkClass}>
                {d.email}
              </a>
              , ou notre{" "}
            </>
          ) : (
            "écrivez-nous par notre "
          )}
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

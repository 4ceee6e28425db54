/**
 * /faire-un-don (« Faire un don »): what the page shows, read here, and its content, written on the
 * server (`renderServerHtml` in the route's loader) and kept as is by the browser
 * (`ServerHtml`), which never loads this code (a `.server` module). Nothing here
 * reacts to the visitor; links are `SiteLink`s.
 *
 * Rules: the 66 % reduction and the Cerfa 11580 receipt are promised only when the
 * club said it may issue tax receipts (« intérêt général », donation setting `taxReceipts`);
 * otherwise it promises nothing (and, when the club said « non », says a gift gives no
 * receipt). The e-mail is offered only when entered.
 */
import { SiteLink } from "~/components/layout/site-link";
import { InfoPage, InfoSection, linkClass } from "~/components/info-page";
import { formatEuros } from "~/lib/core/money";
import { costAfterReduction, mayIssueTaxReceipts, safeLinkUrl, safeWidgetUrl } from "~/lib/club/donation";
import { getSetting } from "~/lib/club/settings.server";
import { buttonClasses } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";

const EXAMPLE_GIFT_CENTS = 5000;

/** What the page shows. */
export async function donateView() {
  const [donation, identity] = await Promise.all([getSetting("donation"), getSetting("identity")]);
  // The CSP frames https://www.helloasso.com only: any other widget address is dropped.
  const widgetUrl = safeWidgetUrl(donation.helloAssoWidgetUrl);
  // Always offer a plain link: the form's page, or the widget's own page without "/widget".
  const linkUrl = safeLinkUrl(donation.helloAssoUrl) ?? (widgetUrl ? widgetUrl.replace(/\/widget\/?$/, "") : null);
  return {
    widgetUrl,
    linkUrl,
    email: identity.email,
    taxReceipts: mayIssueTaxReceipts(donation),
    // Said « non »: the page says so; not said yet: it says nothing about taxes.
    noTaxReceipt: donation.taxReceipts === false,
    rescrit: donation.rescrit.trim(),
    example: {
      gift: formatEuros(EXAMPLE_GIFT_CENTS),
      reduction: formatEuros(EXAMPLE_GIFT_CENTS - costAfterReduction(EXAMPLE_GIFT_CENTS)),
      cost: formatEuros(costAfterReduction(EXAMPLE_GIFT_CENTS)),
    },
  };
}

export type DonateView = Awaited<ReturnType<typeof donateView>>;

export function DonateContent(loaderData: DonateView) {
  const { widgetUrl, linkUrl, email, taxReceipts, noTaxReceipt, rescrit, example } = loaderData;
  return (
    <InfoPage
      title="Faire un don au club"
      intro={
        <p>
          Le club vit grâce à l'engagement bénévole de ses enseignants et de son bureau. Vos dons l'aident à faire
          découvrir le Vovinam Viet Vo Dao au plus grand nombre.
        </p>
      }
    >
      <InfoSection id="pourquoi" title="À quoi sert votre don" icon={<Icon name="hand-heart" className="size-6" />}>
        <ul className="list-disc space-y-2 pl-6">
          <li>
            <strong>Du matériel</strong> : tapis, protections, boucliers de frappe, armes d'entraînement, tenues prêtées
            aux débutants.
          </li>
          <li>
            <strong>Les compétitions et les stages</strong> : frais d'inscription et déplacements des pratiquants qui
            représentent le club.
          </li>
          <li>
            <strong>Des cotisations accessibles</strong> : garder des tarifs modérés et aider les familles qui en ont
            besoin, pour que personne ne renonce au sport pour des raisons d'argent.
          </li>
        </ul>
      </InfoSection>

      {taxReceipts ? (
        <InfoSection
          id="reduction"
          title="Une réduction d'impôt de 66 %"
          icon={<Icon name="receipt" className="size-6" />}
        >
          <p>
            Un don à une association d'intérêt général ouvre droit à une{" "}
            <strong>réduction de l'impôt sur le revenu égale à 66 % de son montant</strong>, dans la limite de 20 % de
            votre revenu imposable (article 200 du code général des impôts). Au-delà de cette limite, l'excédent est
            reporté sur les cinq années suivantes.
          </p>
          <div className="rounded-lg border border-club-200 bg-club-50 p-5 text-club-900">
            <p className="font-semibold">Exemple</p>
            <p>
              Pour un don de {example.gift}, vous déduisez {example.reduction} de votre impôt : votre don ne vous coûte
              que <strong>{example.cost}</strong> après réduction.
            </p>
          </div>
          <p>
            Après votre don, vous recevez un <strong>reçu fiscal</strong> (formulaire Cerfa n° 11580) à conserver : il
            justifie la réduction que vous déclarez. Les entreprises peuvent aussi donner : leur réduction d'impôt est
            de 60 % (article 238 bis du code général des impôts).
          </p>
          {rescrit ? <p>Rescrit fiscal de l'association : {rescrit}.</p> : null}
        </InfoSection>
      ) : null}

      <InfoSection id="don-ou-cotisation" title="Don ou cotisation ?" icon={<Icon name="scale" className="size-6" />}>
        <p>
          La <strong>cotisation</strong> paie les cours, la licence et l'assurance : comme vous recevez une
          contrepartie, elle n'est pas un don{taxReceipts ? " et ne donne pas droit à un reçu fiscal" : ""}. Le{" "}
          <strong>don</strong> est un soutien sans contrepartie, en plus ou en dehors de toute adhésion.
          {noTaxReceipt
            ? " Le club ne délivre pas de reçu fiscal : un don ne donne pas droit à une réduction d'impôt."
            : null}{" "}
          Pour vous inscrire, rendez-vous sur la page{" "}
          <SiteLink to="/inscription-documents" className={linkClass}>
            Inscription et documents
          </SiteLink>
          .
        </p>
      </InfoSection>

      <InfoSection id="formulaire" title="Faire un don en ligne" icon={<Icon name="hand-heart" className="size-6" />}>
        {widgetUrl || linkUrl ? (
          <>
            <p>
              Les dons en ligne passent par HelloAsso, la plateforme de paiement sécurisée et gratuite des associations
              françaises. Au moment de payer, HelloAsso vous propose une contribution volontaire à son fonctionnement :
              elle est facultative et vous pouvez la ramener à 0 €.
            </p>
            {linkUrl ? (
              <p className="flex flex-wrap items-center gap-x-4 gap-y-2">
                {widgetUrl ? <span>Donnez directement ci-dessous, ou sur le site de HelloAsso :</span> : null}
                <a href={linkUrl} target="_blank" rel="noopener noreferrer" className={buttonClasses()}>
                  {widgetUrl ? "Ouvrir le formulaire de don sur HelloAsso" : "Faire un don sur HelloAsso"}
                  <Icon name="external-link" className="size-4" />
                  <span className="sr-only">(nouvel onglet)</span>
                </a>
              </p>
            ) : null}
            {widgetUrl ? (
              <iframe
                src={widgetUrl}
                title="Formulaire de don au club sur HelloAsso"
                loading="lazy"
                allow="payment"
                className="h-[750px] w-full rounded-lg border border-slate-200"
              />
            ) : null}
          </>
        ) : email ? (
          <p>
            Le formulaire de don en ligne sera bientôt disponible. En attendant, écrivez-nous à{" "}
            <a href={`mailto:${email}`} className={linkClass}>
              {email}
            </a>{" "}
            : nous vous expliquerons comment soutenir le club. Merci !
          </p>
        ) : (
          <p>
            Le formulaire de don en ligne sera bientôt disponible. En attendant, passez par notre{" "}
            <SiteLink to="/contact" className={linkClass}>
              formulaire de contact
            </SiteLink>{" "}
            : nous vous expliquerons comment soutenir le club. Merci !
          </p>
        )}
      </InfoSection>
    </InfoPage>
  );
}

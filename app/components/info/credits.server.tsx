/**
 * /credits-photo (« Crédits photo »): its content, written on the
 * server (`renderServerHtml` in the route's loader) and kept as is by the browser
 * (`ServerHtml`), which never loads this code (a `.server` module). Nothing here
 * reacts to the visitor; links are `SiteLink`s.
 */
import { SiteLink } from "~/components/layout/site-link";
import { InfoPage, InfoSection, linkClass } from "~/components/info-page";
import { imageCredits } from "~/lib/content/credits";

export function CreditsContent() {
  return (
    <InfoPage
      title="Crédits photo et illustrations"
      intro={
        <p>
          Le site n'utilise que des images créées pour le club ou publiées sous une licence libre. Voici leurs auteurs
          et leurs licences.
        </p>
      }
      wide
    >
      <InfoSection id="images" title="Images et illustrations">
        {imageCredits.length === 0 ? (
          <p>Aucune image tierce n'est utilisée sur le site pour le moment.</p>
        ) : (
          <table className="stack-table w-full border-collapse text-left">
            <caption className="sr-only">Liste des images du site avec leur auteur et leur licence</caption>
            <thead>
              <tr className="border-b-2 border-club-700 text-club-900">
                <th scope="col" className="py-2 pr-4">
                  Aperçu
                </th>
                <th scope="col" className="py-2 pr-4">
                  Image
                </th>
                <th scope="col" className="py-2 pr-4">
                  Auteur
                </th>
                <th scope="col" className="py-2">
                  Licence
                </th>
              </tr>
            </thead>
            <tbody>
              {imageCredits.map((credit) => (
                <tr key={credit.file} className="border-b border-slate-200 align-middle">
                  <td className="py-2 pr-4">
                    <img
                      src={credit.file}
                      alt=""
                      width={96}
                      height={64}
                      loading="lazy"
                      decoding="async"
                      className="h-16 w-24 rounded border border-slate-200 bg-slate-50 object-contain"
                    />
                  </td>
                  <th scope="row" className="py-2 pr-4 font-normal">
                    <span className="font-semibold text-club-900">{credit.title}</span>
                    <br />
                    <span className="text-sm break-all text-slate-600">{credit.file}</span>
                  </th>
                  <td data-label="Auteur" className="py-2 pr-4">
                    {credit.author}
                  </td>
                  <td data-label="Licence" className="py-2">
                    {credit.licence}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </InfoSection>

      <InfoSection id="icones-polices" title="Icônes et polices">
        <ul className="list-disc space-y-2 pl-6">
          <li>
            Icônes :{" "}
            <a href="https://lucide.dev" className={linkClass}>
              Lucide
            </a>
            , © Lucide Contributors, sous licence ISC.
          </li>
          <li>
            Polices : le site utilise les polices déjà installées sur votre appareil (par exemple Segoe UI, Roboto ou
            San Francisco) ; aucune police n'est téléchargée depuis un service tiers.
          </li>
        </ul>
      </InfoSection>

      <InfoSection id="documents" title="Documents et textes">
        <p>
          Les textes du site et les documents à télécharger ont été rédigés par le club. Une erreur, un oubli de crédit
          ou une image à retirer ? Signalez-le-nous par le{" "}
          <SiteLink to="/contact" className={linkClass}>
            formulaire de contact
          </SiteLink>{" "}
          ; nous corrigerons rapidement.
        </p>
        <p>
          Informations sur l'éditeur du site et sur vos données personnelles :{" "}
          <SiteLink to="/mentions-legales" className={linkClass}>
            mentions légales et politique de confidentialité
          </SiteLink>
          .
        </p>
      </InfoSection>
    </InfoPage>
  );
}

/**
 * /inscription-documents (« Inscription et documents »): what the page shows, read here, and its content, written on the
 * server (`renderServerHtml` in the route's loader) and kept as is by the browser
 * (`ServerHtml`), which never loads this code (a `.server` module). Nothing here
 * reacts to the visitor; links are `SiteLink`s.
 */
import { SiteLink } from "~/components/layout/site-link";
import { InfoPage, InfoSection, linkClass } from "~/components/info-page";
import { formatFileSize, listPublicDocuments } from "~/lib/content/public-documents.server";
import { getSetting } from "~/lib/club/settings.server";
import { buttonClasses } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { href } from "react-router";

/** What the page shows. */
export async function registrationView() {
  const [membership, docs] = await Promise.all([getSetting("membership"), listPublicDocuments()]);
  return {
    trialClasses: membership.trialClasses,
    certificateValiditySeasons: membership.certificateValiditySeasons,
    documents: docs.map((doc) => ({
      ...doc,
      details: [doc.type, doc.size !== null ? formatFileSize(doc.size) : null].filter(Boolean).join(", "),
    })),
  };
}

export type RegistrationView = Awaited<ReturnType<typeof registrationView>>;
function seasonsText(n: number): string {
  return n === 1 ? "une saison" : `${n} saisons`;
}

export function RegistrationContent(loaderData: RegistrationView) {
  const { trialClasses, certificateValiditySeasons, documents } = loaderData;
  const step = "rounded-lg border border-slate-200 p-5 shadow-sm";
  const stepTitle = "text-lg font-semibold text-club-900";
  return (
    <InfoPage
      title="Inscription et documents"
      intro={
        <p>
          Débutant ou déjà pratiquant, enfant ou adulte : voici les étapes pour rejoindre le club, puis les documents à
          imprimer.
        </p>
      }
    >
      <InfoSection id="etapes" title="S'inscrire en cinq étapes" icon={<Icon name="list-checks" className="size-6" />}>
        <ol className="space-y-4">
          <li className={step}>
            <h3 className={stepTitle}>1. Venir faire un cours d'essai</h3>
            <p className="mt-2">
              {trialClasses > 0 ? (
                <>
                  {trialClasses === 1
                    ? "Le premier cours est gratuit et sans engagement. "
                    : `Les ${trialClasses} premiers cours sont gratuits et sans engagement. `}
                </>
              ) : null}
              Venez en tenue de sport souple (t-shirt, pantalon de jogging) : on pratique pieds nus. Choisissez un cours
              de votre groupe sur la page{" "}
              <SiteLink to="/tarifs-horaires" className={linkClass}>
                Tarifs et horaires
              </SiteLink>{" "}
              et, si vous le pouvez,{" "}
              <SiteLink to="/contact" className={linkClass}>
                prévenez-nous
              </SiteLink>{" "}
              de votre venue.
            </p>
          </li>
          <li className={step}>
            <h3 className={stepTitle}>2. Remplir le dossier</h3>
            <p className="mt-2">
              Imprimez et remplissez la fiche d'inscription (une par pratiquant) et lisez le règlement intérieur. Pour
              un enfant ou un adolescent, ajoutez l'autorisation parentale signée par un représentant légal.
            </p>
          </li>
          <li className={step}>
            <h3 className={stepTitle}>3. Fournir le document de santé</h3>
            <ul className="mt-2 list-disc space-y-2 pl-6">
              <li>
                <strong>Pour les mineurs :</strong> pas de certificat médical dans le cas général. Remplissez avec votre
                enfant le questionnaire de santé du sportif mineur (décret n° 2021-564 du 7 mai 2021), gardez-le chez
                vous et remettez au club l'attestation signée. Si une réponse est « oui », un certificat médical de
                moins de six mois est nécessaire.
              </li>
              <li>
                <strong>Pour les adultes :</strong> un certificat médical d'absence de contre-indication à la pratique
                du Vovinam Viet Vo Dao. Au club, il est valable {seasonsText(certificateValiditySeasons)}
                {certificateValiditySeasons > 1
                  ? " ; les saisons suivantes, vous remplissez un questionnaire de santé et remettez l'attestation correspondante."
                  : " : il est à renouveler à chaque saison."}
              </li>
              <li>
                <strong>Compétitions :</strong> la participation aux compétitions de sports de combat demande un
                certificat médical récent, mentionnant la pratique en compétition. L'enseignant vous précisera les
                exigences de la fédération.
              </li>
            </ul>
            <p className="mt-2 text-sm text-slate-600">
              Le club ne conserve que la date du certificat ou de l'attestation, jamais de copie ni de détail médical.
            </p>
          </li>
          <li className={step}>
            <h3 className={stepTitle}>4. Régler la cotisation</h3>
            <p className="mt-2">
              Le montant dépend de votre groupe d'âge et comprend la licence fédérale et son assurance : voir{" "}
              <SiteLink to="/tarifs-horaires" className={linkClass}>
                les tarifs de la saison
              </SiteLink>
              . La licence est prise auprès de la fédération dès que le dossier est complet.
            </p>
          </li>
          <li className={step}>
            <h3 className={stepTitle}>5. S'équiper</h3>
            <p className="mt-2">
              Après les cours d'essai, il vous faudra le võ phục, la tenue bleue du Vovinam, avec l'écusson du club.
              Tout est expliqué sur la page{" "}
              <SiteLink to="/equipement" className={linkClass}>
                Équipement
              </SiteLink>
              .
            </p>
          </li>
        </ol>
        <p>
          Une fois l'inscription faite, vous pouvez{" "}
          <SiteLink to={href("/inscription")} className={linkClass}>
            créer votre compte sur le site
          </SiteLink>
          . Après validation par le club, il donne accès à l'espace membre : grades, fiches de révision et brochure du
          club.
        </p>
      </InfoSection>

      <InfoSection id="documents" title="Documents à télécharger" icon={<Icon name="file-text" className="size-6" />}>
        {documents.length === 0 ? (
          <p>
            Les documents de la saison seront bientôt en ligne. En attendant, ils sont disponibles auprès de
            l'enseignant.
          </p>
        ) : (
          <ul className="space-y-4">
            {documents.map((doc) => (
              <li
                key={doc.id}
                className="flex flex-col gap-3 rounded-lg border border-slate-200 p-5 shadow-sm sm:flex-row sm:items-start sm:justify-between"
              >
                <div>
                  <h3 className="text-lg font-semibold text-club-900">{doc.title}</h3>
                  {doc.description ? <p className="mt-1 text-slate-700">{doc.description}</p> : null}
                </div>
                <a href={doc.href} className={buttonClasses({ className: "shrink-0 self-start" })}>
                  <Icon name="download" className="size-5" />
                  <span>
                    Télécharger<span className="sr-only"> : {doc.title}</span>
                    {doc.details ? <span className="font-normal"> ({doc.details})</span> : null}
                  </span>
                </a>
              </li>
            ))}
          </ul>
        )}
        <p className="text-sm text-slate-600">
          Les documents s'impriment en A4. Vous n'avez pas d'imprimante ? Demandez des exemplaires papier à
          l'enseignant.
        </p>
      </InfoSection>
    </InfoPage>
  );
}

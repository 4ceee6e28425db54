/**
 * /mentions-legales: what the page shows, read here, and its content but the audience section,
 * written on the server (`renderServerHtml` in the route's loader) and kept as is by the
 * browser (`ServerHtml`), which never loads this code (a `.server` module).
 * The audience opt-out switch reacts to the visitor: the route renders it in React, after this.
 */
import type { ReactNode } from "react";
import { SiteLink } from "~/components/layout/site-link";
import { InfoPage, InfoSection, linkClass } from "~/components/info-page";
import { getSetting } from "~/lib/club/settings.server";
import { clubDisplayName } from "~/lib/club/identity";

/** What the page shows: the club's legal settings and identity. */
export async function legalNoticeView() {
  const [legal, identity] = await Promise.all([getSetting("legal"), getSetting("identity")]);
  return { legal, identity };
}

export type LegalNoticeView = Awaited<ReturnType<typeof legalNoticeView>>;

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 py-2 sm:grid-cols-[14rem_1fr] sm:gap-4">
      <dt className="font-semibold text-club-900">{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

const h3 = "text-lg font-semibold text-club-900";

export function LegalNoticeContent(loaderData: LegalNoticeView) {
  const { legal, identity } = loaderData;
  // A setting the club has not filled is never shown as a value: its line is left out.
  const hasHost = Boolean(legal.hostName || legal.hostAddress || legal.hostPhone);
  // The association's name as entered, else the club's; an unfilled e-mail points to the form.
  const association = identity.associationName.trim() || clubDisplayName(identity);
  const mail = identity.email ? (
    <a href={`mailto:${identity.email}`} className={linkClass}>
      {identity.email}
    </a>
  ) : (
    <SiteLink to="/contact" className={linkClass}>
      le formulaire de contact
    </SiteLink>
  );
  return (
    <InfoPage
      title="Mentions légales et politique de confidentialité"
      intro={
        <p>
          Les informations légales sur l'éditeur du site (loi n° 2004-575 du 21 juin 2004 pour la confiance dans
          l'économie numérique, article 6) et la façon dont le club traite vos données personnelles (règlement général
          sur la protection des données, RGPD).
        </p>
      }
    >
      <nav aria-label="Sur cette page" className="rounded-lg border border-slate-200 bg-slate-50 p-4">
        <ul className="flex flex-wrap gap-x-6 gap-y-2">
          <li>
            <a href="#editeur" className={linkClass}>
              Éditeur
            </a>
          </li>
          {hasHost ? (
            <li>
              <a href="#hebergement" className={linkClass}>
                Hébergement
              </a>
            </li>
          ) : null}
          <li>
            <a href="#donnees" className={linkClass}>
              Vos données personnelles
            </a>
          </li>
          <li>
            <a href="#cookies" className={linkClass}>
              Cookies
            </a>
          </li>
        </ul>
      </nav>

      <InfoSection id="editeur" title="Éditeur du site">
        <dl className="divide-y divide-slate-200">
          <Row label="Association">{association}, association régie par la loi du 1er juillet 1901</Row>
          {legal.headOffice ? <Row label="Siège social">{legal.headOffice}</Row> : null}
          {identity.phone ? <Row label="Téléphone">{identity.phone}</Row> : null}
          {identity.email ? <Row label="E-mail">{mail}</Row> : null}
          {legal.rna ? <Row label="Numéro RNA">{legal.rna}</Row> : null}
          {legal.siret ? <Row label="SIRET">{legal.siret}</Row> : null}
          {legal.federation ? <Row label="Affiliation">{legal.federation}</Row> : null}
          {legal.publicationDirector ? (
            <Row label="Directeur de la publication">{legal.publicationDirector}</Row>
          ) : null}
        </dl>
      </InfoSection>

      {hasHost ? (
        <InfoSection id="hebergement" title="Hébergement">
          <dl className="divide-y divide-slate-200">
            {legal.hostName ? <Row label="Hébergeur">{legal.hostName}</Row> : null}
            {legal.hostAddress ? <Row label="Adresse">{legal.hostAddress}</Row> : null}
            {legal.hostPhone ? <Row label="Téléphone">{legal.hostPhone}</Row> : null}
          </dl>
        </InfoSection>
      ) : null}

      <InfoSection id="propriete" title="Propriété intellectuelle">
        <p>
          Les textes, documents et illustrations de ce site appartiennent à l'association ou à leurs auteurs, cités sur
          la page{" "}
          <SiteLink to="/credits-photo" className={linkClass}>
            Crédits photo
          </SiteLink>
          . Leur reproduction demande l'accord préalable de l'association, sauf pour les documents d'inscription, que
          chacun peut imprimer librement.
        </p>
      </InfoSection>

      <InfoSection id="donnees" title="Vos données personnelles">
        <h3 className={h3}>Responsable du traitement</h3>
        <p>
          {association}
          {legal.headOffice ? `, ${legal.headOffice}` : ""}, représentée par{" "}
          {legal.president || "son président ou sa présidente"}. Pour toute question sur vos données : {mail}.
        </p>

        <h3 className={h3}>Ce que nous enregistrons</h3>
        <ul className="list-disc space-y-2 pl-6">
          <li>
            <strong>Votre compte :</strong> prénom, nom, adresse e-mail, mot de passe (enregistré uniquement sous forme
            hachée, illisible même pour le club) ou liaison avec votre compte Google, rôle au club.
          </li>
          <li>
            <strong>Les profils</strong> que vous gérez (vous-même et, le cas échéant, vos enfants) : prénom, nom, date
            de naissance, téléphone, personne à prévenir en cas d'urgence et, pour un enfant, les personnes autorisées à
            venir le chercher ; si vous les indiquez pour la licence fédérale, le sexe, le nom de naissance, le lieu de
            naissance, la nationalité et l'adresse postale ; le numéro de licence de chaque saison.
          </li>
          <li>
            <strong>Un portrait</strong>, si vous en ajoutez un à un profil : une petite photo du visage, enregistrée
            avec votre accord (sa date et le nom de la personne qui l'a donné), montrée aux seuls enseignants des cours
            de ce profil et aux administrateurs pour reconnaître chacun à l'appel, jamais publiée, et effacée aussitôt
            quand vous la retirez depuis « Mon profil » ou que le profil ou le compte est supprimé.
          </li>
          <li>
            <strong>Votre adhésion :</strong> pour chaque saison, l'inscription (groupe, autorisation parentale,
            consentement photo, acceptation du règlement, aides déclarées), le règlement de la cotisation (montant,
            moyen de paiement, référence HelloAsso), les présences aux cours, les passages de grade (convocations,
            résultats, historique des grades) et votre progression dans les fiches de révision.
          </li>
          <li>
            <strong>Documents de santé :</strong> le type de document (certificat médical ou attestation de
            questionnaire de santé), sa date et sa fin de validité. Si vous envoyez le certificat ou l'attestation
            depuis votre espace membre, le fichier est gardé pour sa vérification, puis effacé selon les durées
            ci-dessous ; seuls votre famille et les gestionnaires des adhésions peuvent l'ouvrir. Le club ne conserve
            jamais les réponses au questionnaire de santé. De même pour les justificatifs d'aide (Pass'Sport…).
          </li>
          <li>
            <strong>Les messages</strong> envoyés par le formulaire de contact (nom, e-mail, objet, message), et les
            demandes de cours d'essai (nom, tranche d'âge, coordonnées, cours choisi, message).
          </li>
          <li>
            <strong>Le paiement en ligne</strong> se fait chez HelloAsso, qui reçoit vos nom, e-mail et le montant dû ;
            le club ne voit jamais vos coordonnées bancaires.
          </li>
          <li>
            <strong>Les e-mails</strong> que le site vous envoie (confirmation, réinitialisation du mot de passe,
            rappels), conservés dans une file d'envoi pour être renvoyés en cas d'échec.
          </li>
          <li>
            <strong>Des informations techniques :</strong> pour votre session de connexion, l'adresse IP et le
            navigateur utilisés ; les connexions échouées (adresse e-mail saisie et adresse IP, effacées après
            24 heures) pour ralentir qui essaierait de deviner un mot de passe ; et des journaux du serveur (pages
            demandées, erreurs) servant à la sécurité et au bon fonctionnement du site.
          </li>
        </ul>

        <h3 className={h3}>Pourquoi, et sur quelle base</h3>
        <ul className="list-disc space-y-2 pl-6">
          <li>
            Gérer les adhésions, les licences fédérales, les grades et la vie du club : exécution du contrat d'adhésion
            à l'association (article 6.1.b du RGPD).
          </li>
          <li>
            Vérifier qu'un certificat médical ou une attestation a bien été remis : obligation prévue par le code du
            sport (article 6.1.c) ; cette donnée de santé est traitée par l'association pour ses seuls membres, dans le
            cadre de ses activités (article 9.2.d).
          </li>
          <li>
            Répondre à vos messages et vous envoyer les informations du club : intérêt légitime de l'association
            (article 6.1.f).
          </li>
          <li>
            Publier des photos des pratiquants : votre consentement, donné sur la fiche d'inscription et retirable à
            tout moment (article 6.1.a).
          </li>
          <li>Protéger le site et les comptes contre les abus : intérêt légitime (article 6.1.f).</li>
        </ul>
        <p>Aucune donnée n'est vendue, louée ni utilisée à des fins publicitaires.</p>

        <h3 className={h3}>Combien de temps</h3>
        <ul className="list-disc space-y-2 pl-6">
          <li>
            Données d'adhésion : pendant la saison en cours. À la fin de la saison, les données des personnes qui ne
            renouvellent pas leur adhésion sont archivées, avec un accès réservé au bureau, puis supprimées ou
            anonymisées.
          </li>
          <li>Dates des documents de santé : jusqu'à la fin de leur validité, puis supprimées.</li>
          <li>
            Fichiers de santé et justificatifs envoyés : un fichier refusé est effacé aussitôt ; un certificat accepté,
            le lendemain de la fin de sa validité ; une attestation, un justificatif d'aide ou un fichier jamais
            vérifié, le lendemain de la fin de la saison ; tous, avec le profil ou le compte supprimé. Les sauvegardes
            du site, renouvelées chaque jour, en gardent une copie un mois environ.
          </li>
          <li>Compte : tant qu'il existe ; vous pouvez en demander la suppression à tout moment.</li>
          <li>Messages de contact : un an après leur réception.</li>
          <li>E-mails envoyés par le site : un an au plus.</li>
          <li>
            Sessions de connexion : jusqu'à leur expiration ou votre déconnexion ; journaux du serveur : six mois au
            plus.
          </li>
        </ul>

        <h3 className={h3}>Qui y a accès</h3>
        <p>
          Seuls les responsables du club qui en ont besoin pour leur mission (bureau, enseignants, gestionnaires des
          adhésions) voient les données des membres, chacun selon son rôle. Un enseignant ne voit la fiche d'urgence
          (téléphones des parents, personnes à prévenir et autorisées à venir chercher l'enfant) que pour ses propres
          cours, et chaque consultation est enregistrée. Les informations nécessaires à la licence sont transmises à la
          fédération. L'hébergeur du site conserve les données pour le compte du club, sans les utiliser.
        </p>

        <h3 className={h3}>Vos droits</h3>
        <p>
          Vous pouvez accéder à vos données, les faire rectifier ou effacer, en limiter l'utilisation, vous opposer à
          leur traitement, et les recevoir dans un format réutilisable (portabilité). Si vous êtes membre, votre espace
          membre vous permet de <strong>télécharger vos données</strong> et de{" "}
          <strong>demander la suppression de votre compte</strong> depuis la page « Mon profil ». Sinon, écrivez-nous à{" "}
          {mail}. Nous vous répondons dans un délai d'un mois au plus.
        </p>
        <p>
          Si vous estimez que vos droits ne sont pas respectés, vous pouvez adresser une réclamation à la Commission
          nationale de l'informatique et des libertés (CNIL) sur{" "}
          <a href="https://www.cnil.fr" className={linkClass}>
            www.cnil.fr
          </a>
          .
        </p>
      </InfoSection>

      <InfoSection id="cookies" title="Cookies et contenus tiers">
        <p>
          Le site n'utilise que <strong>deux cookies</strong>, strictement nécessaires au service que vous demandez : le
          cookie de session, déposé lorsque vous vous connectez, qui permet de rester connecté à votre compte ; et le
          cookie de sécurité « appareil connu », déposé après une connexion réussie et conservé 30 jours, qui permet à
          ce navigateur de se connecter à votre compte même quand quelqu'un d'autre essaie de deviner votre mot de
          passe. C'est pourquoi ils ne demandent pas votre consentement, et aucun bandeau de cookies n'est affiché.
        </p>
        <p>
          Aucun cookie de mesure d'audience, de publicité ou de réseau social n'est utilisé, et aucun outil de pistage
          n'est installé.
        </p>
        <p>Deux services extérieurs ne se chargent que sur les pages qui en ont besoin :</p>
        <ul className="list-disc space-y-2 pl-6">
          <li>
            Le <strong>formulaire de don HelloAsso</strong>, affiché uniquement sur la page{" "}
            <SiteLink to="/faire-un-don" className={linkClass}>
              Faire un don
            </SiteLink>
            . Les informations saisies dans ce formulaire sont traitées par HelloAsso, selon sa propre politique de
            confidentialité.
          </li>
          <li>
            Les <strong>vidéos YouTube ou Vimeo</strong> de l'espace membre, qui ne se chargent qu'après un clic de
            votre part sur la vidéo.
          </li>
        </ul>
      </InfoSection>
    </InfoPage>
  );
}

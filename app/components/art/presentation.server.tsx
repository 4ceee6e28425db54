/**
 * The content of the art page « Le Vovinam Viet Vo Dao, présentation »: written on the server
 * (`renderServerHtml` in the route's loader) and kept as is by the browser (`ServerHtml`),
 * which never loads this code (a `.server` module). Nothing here reacts to the visitor; links
 * are `SiteLink`s.
 */
import { ArtPage, ArtSection, Vi } from "~/components/art-page";
import { SiteLink } from "~/components/layout/site-link";

const families = [
  {
    name: "Les coups",
    vi: "đòn tay, đòn chân",
    text: "Coups de poing, de coude, de genou et de pied, appris d'abord sur place puis en déplacement et face à un partenaire.",
  },
  {
    name: "Les ciseaux de jambes",
    vi: "đòn chân tấn công",
    text: "La signature du Vovinam : des techniques de projection où les jambes enserrent l'adversaire pour le faire chuter. Spectaculaires, elles s'apprennent pas à pas, sur tapis, après avoir maîtrisé les chutes.",
  },
  {
    name: "La self-défense",
    vi: "khóa gỡ",
    text: "Se dégager d'une saisie de poignet, de col, d'un étranglement ou d'un ceinturage, puis contrôler ou riposter.",
  },
  {
    name: "Les formes",
    vi: "quyền",
    text: (
      <>
        Enchaînements codifiés, seul ou à deux (<Vi>song luyện</Vi>), qui transmettent les techniques, le rythme et la
        respiration.
      </>
    ),
  },
  {
    name: "La lutte",
    vi: "vật",
    text: "Saisies, déséquilibres et projections inspirés de la lutte traditionnelle vietnamienne.",
  },
  {
    name: "Les armes traditionnelles",
    vi: "binh khí",
    text: "Bâton, sabre, couteau et d'autres armes, abordés après quelques années de pratique.",
  },
];

export function PresentationContent() {
  return (
    <ArtPage title="Le Vovinam Viet Vo Dao" lead="Un art martial vietnamien complet, une école de vie : présentation.">
      <ArtSection id="nom" title="Que signifie son nom ?">
        <p>
          Le mot « Vovinam » réunit « Vo », l'art martial, et « Vi(e)nam », le Vietnam : c'est l'art martial du Vietnam.
          La seconde partie, « Viet Vo Dao », a été ajoutée dans les années 1960 (en 1963 ou en 1967 selon les sources)
          ; elle signifie « la voie des arts martiaux vietnamiens ». Le mot « voie » (<Vi>đạo</Vi>) rappelle qu'au-delà
          des techniques, l'école propose une manière de se conduire.
        </p>
        <p>
          Le Vovinam a été fondé à la fin des années 1930 à Hanoï par le Grand Maître <Vi>Nguyễn Lộc</Vi>, qui a puisé
          dans les arts martiaux et la lutte traditionnels du Vietnam pour créer une méthode accessible et efficace.{" "}
          <SiteLink to="/le-vovinam-viet-vo-dao/histoire">Lire son histoire</SiteLink>.
        </p>
      </ArtSection>

      <ArtSection id="techniques" title="Les familles de techniques">
        <p>
          Le Vovinam se distingue par la variété de ce qu'on y apprend. Un cours mêle généralement échauffement,
          techniques de base, travail avec un partenaire et formes.
        </p>
        <ul className="grid gap-4 sm:grid-cols-2">
          {families.map((f) => (
            <li key={f.name} className="rounded-lg border border-slate-200 p-4">
              <h3 className="text-lg font-semibold text-club-900">
                {f.name}{" "}
                <span className="font-normal text-slate-600">
                  (<Vi>{f.vi}</Vi>)
                </span>
              </h3>
              <p className="mt-1 text-slate-700">{f.text}</p>
            </li>
          ))}
        </ul>
      </ArtSection>

      <ArtSection id="tenue" title="La tenue et le salut">
        <p>
          Les pratiquants portent le <Vi>võ phục</Vi>, une tenue bleue devenue la norme dans le monde entier en 1990 (en
          France, les clubs ont longtemps porté une tenue noire, des années 1970 jusqu'à cette date). L'écusson du club
          se porte sur la poitrine, à gauche. La couleur de la ceinture indique le grade :{" "}
          <SiteLink to="/le-vovinam-viet-vo-dao/grades">voir les grades</SiteLink>.
        </p>
        <p>
          Chaque cours commence et se termine par le salut : la main droite, ouverte, se pose sur le cœur. On dit
          qu'elle unit « la main d'acier » et « le cœur de bonté » : la force n'a de sens qu'au service du bien.{" "}
          <SiteLink to="/le-vovinam-viet-vo-dao/philosophie">Découvrir la philosophie</SiteLink>.
        </p>
      </ArtSection>

      <ArtSection id="pour-qui" title="Pour qui ?">
        <ul className="list-disc space-y-2 pl-6">
          <li>
            <strong>Les enfants</strong>, qui y gagnent de la coordination, de la confiance en eux et le goût du
            respect, dans des cours adaptés à leur âge.
          </li>
          <li>
            <strong>Les adolescents et les adultes</strong>, débutants ou venant d'un autre sport, qui cherchent une
            activité complète et exigeante.
          </li>
          <li>
            <strong>Celles et ceux qui veulent savoir se défendre</strong> : les techniques de dégagement sont au cœur
            du programme dès la première ceinture.
          </li>
          <li>
            <strong>Celles et ceux qui veulent entretenir leur forme</strong> : souplesse, cardio, renforcement et
            équilibre, chacun à son rythme.
          </li>
        </ul>
        <p>
          Aucune condition physique particulière n'est demandée pour commencer ; un certificat médical ou un
          questionnaire de santé est demandé à l'inscription, selon l'âge.{" "}
          <SiteLink to="/inscription-documents">Comment s'inscrire</SiteLink>.
        </p>
      </ArtSection>

      <ArtSection id="en-france" title="Le Vovinam en France">
        <p>
          Les premiers maîtres sont arrivés en France au début des années 1970. Depuis décembre 2008, la Fédération
          Française de Karaté et Disciplines Associées (FFKDA) a reçu du ministère chargé des sports la délégation pour
          les arts martiaux vietnamiens. C'est elle qui délivre les licences, organise les compétitions et, par ses
          ligues régionales, les examens de grades de ceinture noire (dang). La fédération compte environ 14 000
          pratiquants d'arts martiaux vietnamiens, selon ses propres chiffres.
        </p>
      </ArtSection>
    </ArtPage>
  );
}

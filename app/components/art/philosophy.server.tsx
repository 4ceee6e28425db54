/**
 * The content of the art page « Philosophie »: written on the server
 * (`renderServerHtml` in the route's loader) and kept as is by the browser (`ServerHtml`),
 * which never loads this code (a `.server` module). Nothing here reacts to the visitor; links
 * are `SiteLink`s.
 */
import { ArtPage, ArtSection, Vi } from "~/components/art-page";

/** The ten traditional principles (1964), in our own words. */
const principles = [
  "Chercher à progresser dans l'art pour servir son peuple et l'humanité.",
  "Rester fidèle à l'école et contribuer à la faire vivre.",
  "Être solidaires, respecter les maîtres et les aînés, se conduire en frères et sœurs avec les autres pratiquants.",
  "Respecter la discipline et faire passer l'honneur avant tout.",
  "Respecter les autres arts martiaux et ne faire usage du Vovinam que pour la légitime défense.",
  "S'instruire, forger son esprit et cultiver une conduite droite.",
  "Mener une vie honnête, simple et digne.",
  "Se forger une volonté d'acier pour surmonter les difficultés.",
  "Garder l'esprit clair, persévérer et agir.",
  "Rester maître de soi, modeste et tolérant, et savoir se remettre en question.",
];

export function PhilosophyContent() {
  return (
    <ArtPage
      title="La philosophie du Vovinam Viet Vo Dao"
      lead="Au Vovinam, la technique ne va pas sans l'état d'esprit : l'école veut former des personnes complètes, solides dans leur corps et droites dans leur conduite."
    >
      <ArtSection id="devise" title="« Être fort pour être utile »">
        <p>
          La devise du Vovinam Viet Vo Dao résume son projet. Être fort, c'est d'abord être en bonne santé, savoir se
          défendre et garder son sang-froid. Mais cette force n'est pas un but : elle doit servir, à sa famille, à ses
          partenaires d'entraînement, à la société. Un pratiquant qui s'en servirait pour dominer ou humilier aurait
          manqué l'essentiel.
        </p>
      </ArtSection>

      <ArtSection id="salut" title="Le salut : la main d'acier sur le cœur de bonté">
        <p>
          Les pratiquants se saluent en posant la main droite, ouverte et tendue, sur le cœur. La main représente la
          « main d'acier », la force et la détermination acquises par l'entraînement ; le cœur, le « cœur de bonté » qui
          doit toujours la guider.
        </p>
        <p>
          On salue en arrivant sur le tapis et en le quittant, on salue l'enseignant et on salue son partenaire avant et
          après chaque exercice. Deux pratiquants qui se saluent ne sont pas des adversaires : chacun aide l'autre à
          progresser.
        </p>
      </ArtSection>

      <ArtSection id="bambou" title="Le symbole du bambou">
        <p>
          Le bambou plie sous le vent mais ne rompt pas, puis se redresse. Il illustre l'harmonie recherchée par l'école
          entre la fermeté (<Vi>cương</Vi>) et la souplesse (<Vi>nhu</Vi>) : savoir opposer sa force quand il le faut,
          savoir céder et utiliser la force de l'autre le reste du temps.
        </p>
        <p>
          Cette image vaut aussi en dehors du tapis : rester droit dans ses valeurs, savoir s'adapter aux épreuves sans
          se briser.
        </p>
      </ArtSection>

      <ArtSection id="principes" title="Les dix principes traditionnels">
        <p>
          Fixés en 1964, lors de la codification de l'école, ces principes sont souvent récités par les pratiquants.
          Nous les présentons ici reformulés librement :
        </p>
        <ol className="list-decimal space-y-2 pl-8 marker:font-bold marker:text-club-700">
          {principles.map((p) => (
            <li key={p} className="pl-1">
              {p}
            </li>
          ))}
        </ol>
        <p>
          Lors du congrès mondial de 2012, à Paris, les maîtres ont adopté une version internationale plus courte de ces
          principes ; l'esprit reste le même.
        </p>
      </ArtSection>

      <ArtSection id="au-club" title="Au club, concrètement">
        <ul className="list-disc space-y-2 pl-6">
          <li>La ponctualité, une tenue propre et le salut font partie du cours.</li>
          <li>Les plus gradés aident les débutants ; chacun fait attention à son partenaire.</li>
          <li>Hors du club, les techniques apprises ne servent qu'à se défendre, jamais à provoquer.</li>
          <li>Les passages de grades récompensent autant l'attitude que la technique.</li>
        </ul>
      </ArtSection>
    </ArtPage>
  );
}

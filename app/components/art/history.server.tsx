/**
 * The content of the art page « Histoire »: written on the server
 * (`renderServerHtml` in the route's loader) and kept as is by the browser (`ServerHtml`),
 * which never loads this code (a `.server` module). Nothing here reacts to the visitor; links
 * are `SiteLink`s.
 */
import type { ReactNode } from "react";
import { ArtPage, ArtSection, Vi } from "~/components/art-page";

interface Step {
  when: string;
  /** Machine-readable year for <time>, when the step has a single one. */
  year?: string;
  title: string;
  text: ReactNode;
}

const origins: Step[] = [
  {
    when: "1912",
    year: "1912",
    title: "Naissance du fondateur",
    text: (
      <>
        <Vi>Nguyễn Lộc</Vi> naît à <Vi>Hữu Bằng</Vi>, dans le district de <Vi>Thạch Thất</Vi> (ancienne province de{" "}
        <Vi>Sơn Tây</Vi>, aujourd'hui rattachée à Hanoï). Sa naissance est le plus souvent datée du 24 mai, le 8e jour
        du 4e mois lunaire. Passionné par les arts martiaux et la lutte traditionnels de son pays, il en fait la
        synthèse pour créer une méthode nouvelle.
      </>
    ),
  },
  {
    when: "1938 – 1940",
    title: "Les débuts à Hanoï",
    text: (
      <>
        Le maître commence à enseigner à Hanoï à l'automne 1938. En 1940, l'école se fait connaître par une première
        démonstration publique dans la ville, souvent située au Grand Théâtre (l'Opéra). Les sources ne s'accordent pas
        toutes sur ces dates : certaines avancent 1939, voire 1945.
      </>
    ),
  },
  {
    when: "1954",
    year: "1954",
    title: "L'installation au Sud",
    text: "Après la partition du pays, l'école quitte le Nord et s'installe à Saïgon, où elle se développe.",
  },
  {
    when: "1960",
    year: "1960",
    title: "Disparition du fondateur",
    text: (
      <>
        Le Grand Maître <Vi>Nguyễn Lộc</Vi> meurt en 1960. Le Grand Maître <Vi>Lê Sáng</Vi> (1920 – 2010) lui succède à
        la tête de l'école, comme patriarche (<Vi>chưởng môn</Vi>).
      </>
    ),
  },
  {
    when: "Années 1960",
    title: "« Viet Vo Dao »",
    text: "Le nom de l'école s'enrichit : « Vovinam » devient « Vovinam Viet Vo Dao », la voie des arts martiaux vietnamiens (en 1963 ou en 1967, selon les sources).",
  },
  {
    when: "1964",
    year: "1964",
    title: "La codification",
    text: "Un conseil de maîtres fixe les règles de l'école : programme et grades, tenue bleue, et les dix principes qui en résument l'esprit.",
  },
];

const world: Step[] = [
  {
    when: "Début des années 1970",
    title: "L'arrivée en France",
    text: (
      <>
        Les premiers maîtres s'installent en France, parmi lesquels le maître <Vi>Phan Hoàng</Vi> à Limoges. La
        Fédération Française de Viet Vo Dao voit le jour en 1972 – 1973. Plusieurs fédérations se succéderont ensuite.
      </>
    ),
  },
  {
    when: "1990",
    year: "1990",
    title: "La tenue bleue pour tous",
    text: "La tenue bleue devient la norme dans le monde entier. En France, les pratiquants portaient jusque-là une tenue noire, adoptée en 1973.",
  },
  {
    when: "1998",
    year: "1998",
    title: "Un système international de grades",
    text: "Réunis à Houston (États-Unis), les maîtres adoptent un système de grades international, à côté du système traditionnel.",
  },
  {
    when: "2002",
    year: "2002",
    title: "Aux jeux nationaux du Vietnam",
    text: "Le Vovinam fait son entrée au programme du grand festival national des sports du Vietnam.",
  },
  {
    when: "2008",
    year: "2008",
    title: "Nouvelle étape en France",
    text: "Le système international de grades est révisé. En décembre, la Fédération Française de Karaté et Disciplines Associées (FFKDA) reçoit la délégation du ministère chargé des sports pour les arts martiaux vietnamiens : le Vovinam Viet Vo Dao y est pratiqué depuis.",
  },
  {
    when: "2010",
    year: "2010",
    title: "Disparition du maître Lê Sáng",
    text: (
      <>
        Le patriarche <Vi>Lê Sáng</Vi> s'éteint en 2010, après avoir dirigé l'école pendant un demi-siècle.
      </>
    ),
  },
  {
    when: "2012",
    year: "2012",
    title: "Le congrès mondial de Paris",
    text: "Le congrès mondial des maîtres, réuni à Paris, révise de nouveau le système de grades et adopte une version internationale plus courte des principes de l'école.",
  },
];

function Timeline({ steps, label }: { steps: Step[]; label: string }) {
  return (
    <ol aria-label={label} className="relative space-y-8 border-l-4 border-club-200 pl-6">
      {steps.map((s) => (
        <li key={s.when} className="relative">
          <span
            aria-hidden="true"
            className="absolute top-1.5 -left-[35px] h-4 w-4 rounded-full border-4 border-white bg-club-600"
          />
          <p className="text-sm font-bold tracking-wide text-club-700 uppercase">
            {s.year ? <time dateTime={s.year}>{s.when}</time> : s.when}
          </p>
          <h3 className="text-xl font-semibold text-club-900">{s.title}</h3>
          <p className="mt-1 text-slate-800">{s.text}</p>
        </li>
      ))}
    </ol>
  );
}

export function HistoryContent() {
  return (
    <ArtPage
      title="Histoire du Vovinam Viet Vo Dao"
      lead="Né à Hanoï à la fin des années 1930, le Vovinam Viet Vo Dao est aujourd'hui pratiqué sur tous les continents. Les grandes dates de son histoire."
    >
      <ArtSection id="vietnam" title="Au Vietnam : la naissance d'une école">
        <Timeline steps={origins} label="Chronologie au Vietnam, de 1912 à 1964" />
      </ArtSection>
      <ArtSection id="monde" title="En France et dans le monde">
        <Timeline steps={world} label="Chronologie en France et dans le monde, des années 1970 à 2012" />
      </ArtSection>
      <ArtSection id="sources" title="Une histoire encore discutée">
        <p>
          Les récits de ces premières années ont longtemps été transmis oralement, et certaines dates varient d'une
          source à l'autre : nous indiquons alors une période plutôt qu'un jour précis. Si vous disposez de documents
          sur l'histoire du Vovinam en France, le club sera heureux de les découvrir.
        </p>
      </ArtSection>
    </ArtPage>
  );
}

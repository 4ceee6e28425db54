/**
 * The content of the art page « Les grades »: written on the server
 * (`renderServerHtml` in the route's loader) and kept as is by the browser (`ServerHtml`),
 * which never loads this code (a `.server` module). Nothing here reacts to the visitor; links
 * are `SiteLink`s.
 */
import { ArtPage, ArtSection, Vi } from "~/components/art-page";
import { Belt } from "~/components/belt";
import { BELT_COLOURS, describeBelt } from "~/lib/members/belt-colours";
import { SiteLink } from "~/components/layout/site-link";
import type { Grade, GradeLine } from "~/lib/members/grades.server";

/** What a row of the table shows. */
type GradeRow = GradeLine & Pick<Grade, "description">;

const meanings = [
  {
    colour: BELT_COLOURS.blue,
    name: "Le bleu",
    text: "la mer et l'espoir : celui du débutant qui commence son apprentissage.",
  },
  {
    colour: BELT_COLOURS.yellow,
    name: "Le jaune",
    text: "la terre : l'art est désormais assimilé, il fait partie du pratiquant.",
  },
  { colour: BELT_COLOURS.red, name: "Le rouge", text: "le feu et le sang : l'ardeur du maître qui transmet." },
  { colour: BELT_COLOURS.white, name: "Le blanc", text: "la pureté et l'infini : l'aboutissement de la voie." },
];

export function GradesContent({ grades }: { grades: GradeRow[] }) {
  return (
    <ArtPage
      title="Les grades du Vovinam Viet Vo Dao"
      lead="De la ceinture bleu clair du débutant à la ceinture blanche du patriarche, la couleur de la ceinture marque le chemin parcouru."
    >
      <ArtSection id="tableau" title="Les ceintures, de la première à la plus haute">
        <p>
          Voici le tableau des grades tel que le club l'utilise, dans l'ordre du système traditionnel de 1964. Les « cap
          » sont les barrettes jaunes des ceintures bleues ; les barrettes rouges de la ceinture jaune, puis la ceinture
          rouge, se comptent en « dang » (<Vi>đẳng</Vi>, degré).
        </p>
        {grades.length > 0 ? (
          <ol className="mt-6 divide-y divide-slate-200 rounded-xl border border-slate-200" data-testid="grade-list">
            {grades.map((g) => (
              <li key={g.id} className="grid items-center gap-3 p-4 sm:grid-cols-[12rem_1fr] sm:gap-6">
                <Belt
                  beltColor={g.beltColor}
                  stripeColor={g.stripeColor}
                  stripeCount={g.stripeCount}
                  borderColor={g.borderColor}
                  label={`${describeBelt(g)} : ${g.vietnameseName}`}
                  className="h-auto w-44 max-w-full"
                />
                <div>
                  <h3 className="text-lg font-semibold text-club-900">
                    <span className="sr-only">Grade {g.position} : </span>
                    <Vi>{g.vietnameseName}</Vi>
                    <span className="font-normal text-slate-700"> · {g.frenchName}</span>
                  </h3>
                  {g.level ? (
                    <p className="text-sm font-semibold tracking-wide text-club-700 uppercase">{g.level}</p>
                  ) : null}
                  {g.description ? <p className="mt-1 text-slate-700">{g.description}</p> : null}
                </div>
              </li>
            ))}
          </ol>
        ) : (
          <p>Le tableau des grades du club n'est pas encore renseigné.</p>
        )}
      </ArtSection>

      <ArtSection id="couleurs" title="Ce que disent les couleurs">
        <p>Le sens le plus souvent donné aux couleurs des ceintures :</p>
        <ul className="space-y-3">
          {meanings.map((m) => (
            <li key={m.name} className="flex items-start gap-3">
              <span
                aria-hidden="true"
                className="mt-1 inline-block h-5 w-5 shrink-0 rounded-full border border-slate-500"
                style={{ backgroundColor: m.colour }}
              />
              <span>
                <strong>{m.name}</strong> évoque {m.text}
              </span>
            </li>
          ))}
        </ul>
      </ArtSection>

      <ArtSection id="examens" title="Passer un grade">
        <p>
          Les premières ceintures, du bleu clair aux barrettes jaunes de la ceinture bleue, se préparent et se passent
          au club, quand l'enseignant estime que le pratiquant est prêt : la technique compte, mais aussi l'assiduité et
          l'attitude. Au-delà, les examens du 1er au 4e dang relèvent de la Fédération Française de Karaté et
          Disciplines Associées (FFKDA), qui les fait passer lors d'examens organisés par ses ligues régionales.
        </p>
        <p>
          Les fédérations ne s'accordent pas toutes sur les noms des grades ni sur le temps minimum entre deux passages
          : le système international, adopté en 1998 puis révisé en 2008 et en 2012, fait par exemple porter une
          ceinture noire (<Vi>huyền đai</Vi>) là où le système traditionnel donne la ceinture jaune. Ce tableau est donc
          celui du club : ses responsables le tiennent à jour. Pour toute question sur votre progression, adressez-vous
          à votre enseignant ou <SiteLink to="/contact">écrivez-nous</SiteLink>.
        </p>
      </ArtSection>
    </ArtPage>
  );
}

/**
 * First-start content of "La vie du club": the comic strips, and a few
 * example articles that show the managers what a news article looks like.
 *
 * Rules (« nothing invented »):
 * - Nothing here states a fact about the club: no news and no event is
 *   published. A new club's news and calendar are empty until its managers
 *   write them; those pages then say what will appear there.
 * - The examples are drafts (status "brouillon", no publication date), their
 *   titles start with `EXAMPLE_PREFIX`: only the managers see them (articles
 *   list, preview), never a public page, the sitemap, the feed or home.
 * - No event is seeded, not even as an example: the events table has no
 *   draft state, and a closure or a class the club never announced would
 *   cancel or invent classes (class-sessions.server.ts).
 * - A seeded text never writes a weekday with a date (seed.server.test.ts
 *   checks every seeded text against the real weekday, whatever the day of
 *   the first start).
 * - The comic strips (fiction, no club fact) are dated from the first start: the site does not
 *   claim to have published them before it existed; the newest first is the last by position.
 * - Everything here is ordinary content that the managers edit or delete.
 */
import { articles, comics } from "#db/schema";
import { slugify } from "../../content/articles.server";
import { db } from "../db.server";
import { sanitizeRichText } from "../../content/sanitize.server";

/** The start of every example's title: « Exemple : … ». */
export const EXAMPLE_PREFIX = "Exemple : ";

const EXAMPLE_NOTE = `<p><em>Ceci est un exemple d'article, enregistré en brouillon : seuls les gestionnaires du site le voient. Remplacez les passages entre crochets par les informations du club, changez le titre, puis publiez-le ; ou supprimez-le.</em></p>`;

const exampleArticles = [
  {
    title: `${EXAMPLE_PREFIX}reprise des cours à la rentrée`,
    summary: "Un modèle d'annonce de rentrée : groupes, horaires, cours d'essai et documents d'inscription.",
    body: `${EXAMPLE_NOTE}
<p>Les cours reprennent le [date de reprise] pour [les groupes concernés]. Les anciens comme les nouveaux sont les bienvenus.</p>
<h2>Vous découvrez le Vovinam Viet Vo Dao ?</h2>
<p>[Conditions du cours d'essai, tenue conseillée.]</p>
<h2>Pour s'inscrire</h2>
<p>Tous les documents sont sur la page <a href="/inscription-documents">Inscription et documents</a>. Les horaires sont sur la page <a href="/tarifs-horaires">Tarifs et horaires</a>.</p>`,
  },
  {
    title: `${EXAMPLE_PREFIX}retour sur un passage de grades`,
    summary: "Un modèle de compte rendu : le déroulement, les félicitations aux candidats, les remerciements.",
    body: `${EXAMPLE_NOTE}
<p>Le [date], [nombre] candidats ont présenté leur passage de grade devant [le jury].</p>
<p>[Ce qui a été présenté : techniques de base, quyền, self-défense…]</p>
<h2>Merci à tous</h2>
<p>[Remerciements aux familles, aux partenaires et aux bénévoles.]</p>`,
  },
];

export function contentSeed(now: Date = new Date()) {
  const articleRows = exampleArticles.map((n) => ({
    slug: slugify(n.title),
    title: n.title,
    summary: n.summary,
    body: sanitizeRichText(n.body),
    status: "brouillon",
    publishedAt: null,
  }));

  const comicRows = [
    {
      title: "La tenue bleue",
      src: "/comics/la-tenue-bleue.svg",
      alt: COMIC_ALTS.tenue,
      position: 1,
      publishedAt: now,
    },
    {
      title: "Les fameux ciseaux",
      src: "/comics/les-fameux-ciseaux.svg",
      alt: COMIC_ALTS.ciseaux,
      position: 2,
      publishedAt: now,
    },
    {
      title: "Être fort pour être utile",
      src: "/comics/etre-fort-pour-etre-utile.svg",
      alt: COMIC_ALTS.utile,
      position: 3,
      publishedAt: now,
    },
  ];

  return { articles: articleRows, comics: comicRows };
}

/** Full descriptions of the seeded strips (their alt text). */
export const COMIC_ALTS = {
  tenue:
    "Bande dessinée en quatre cases. Case 1 : Léo, un débutant, arrive au dojo tout fier dans un kimono noir et dit « Bonjour ! J'ai acheté une tenue toute neuve ! ». Le professeur, en tenue bleue, répond « Bienvenue ! Euh… chez nous, la tenue est bleue. ». " +
    "Case 2 : Léo demande « Bleue ? Comme le ciel ? » et le professeur explique « Comme la mer : elle représente l'espoir. ». " +
    "Case 3 : la semaine suivante, Léo revient habillé de bleu des pieds à la tête : tenue bleue, bandeau bleu, lunettes bleues, gourde bleue. Il s'exclame « Et voilà : tout bleu ! ». " +
    "Case 4 : debout sur le grand tapis bleu du dojo, Léo se confond avec le tapis et on ne voit plus que ses yeux. Le professeur cherche partout : « Léo ? Léo ? ». Une petite voix répond depuis le tapis : « Je suis là ! Camouflage parfait ! ».",
  ciseaux:
    "Bande dessinée en quatre cases. Case 1 : le professeur annonce aux élèves « Aujourd'hui : les fameux ciseaux du Vovinam ! ». " +
    "Case 2 : Mai, une jeune élève, lève fièrement une paire de ciseaux d'écolier à bouts ronds : « J'ai apporté les miens ! ». " +
    "Case 3 : le professeur, amusé, montre la technique en sautant, les jambes en ciseaux autour d'un gros mannequin en mousse qui bascule sur le tapis : « Non, non… des ciseaux avec les jambes ! ». " +
    "Case 4 : à la maison, Mai est allongée par terre et essaie de couper le ruban d'un cadeau avec ses jambes. Sa maman, un rouleau de papier cadeau à la main, soupire « Mai, prends plutôt les ciseaux du tiroir ! ». Mai répond « Impossible, maman : je révise mon passage de grade ! ».",
  utile:
    "Bande dessinée en quatre cases. Case 1 : au dojo, le professeur rappelle la devise du club : « Être fort pour être utile ». Karim, un élève, serre le poing avec détermination. " +
    "Case 2 : le samedi, sur le parking du supermarché, Karim voit sa grand-mère avec un chariot plein de courses et lui dit « Mamie, laisse-moi faire ! ». " +
    "Case 3 : Karim porte tous les sacs, une pastèque et un pack de bouteilles d'eau, en position du cavalier, en murmurant « Position du cavalier… on respire… ». Sa grand-mère demande « Tu es sûr, mon grand ? ». " +
    "Case 4 : devant l'immeuble de la grand-mère, une affiche indique « Ascenseur en panne » et une flèche montre « 5e étage ». Karim, en sueur, souffle « Être fort… pour être… utile… ». La grand-mère, légère, monte déjà l'escalier en faisant tinter ses clés : « Courage, c'est moi qui porte les clés ! ».",
} as const;

export async function seedContent(): Promise<void> {
  const seed = contentSeed();
  await db.insert(articles).values(seed.articles);
  await db.insert(comics).values(seed.comics);
}

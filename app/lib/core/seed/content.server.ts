/**
 * First-start content of "La vie du club": a few news articles, the coming
 * events (dates computed from the day of the seed) and the comic strips.
 * Everything here is ordinary content that the managers edit or delete.
 */
import { articles, comics, events } from "#db/schema";
import { slugify } from "../../content/articles.server";
import { db } from "../db.server";
import { allDayRange } from "../../content/events.server";
import { addDays, formatDayMonth, isoWeekday, parisDate, parisTime } from "../time";
import { sanitizeRichText } from "../../content/sanitize.server";

/** The first day >= `day` that falls on `weekday` (1 = lundi … 7 = dimanche). */
function onOrAfter(day: string, weekday: number): string {
  return addDays(day, (weekday - isoWeekday(day) + 7) % 7);
}

/** The most recent `month`/`dayOfMonth` strictly before `today` (a day key). */
function mostRecent(today: string, month: number, dayOfMonth: number): string {
  const year = Number(today.slice(0, 4));
  const candidate = `${year}-${String(month).padStart(2, "0")}-${String(dayOfMonth).padStart(2, "0")}`;
  return candidate < today ? candidate : `${year - 1}${candidate.slice(4)}`;
}

/** The Christmas-holiday closure that has not ended yet: Saturday before the 21st to the first Sunday of January. */
function christmasClosure(today: string): { first: string; last: string } {
  for (let year = Number(today.slice(0, 4)) - 1; ; year++) {
    const first = onOrAfter(`${year}-12-14`, 6);
    const last = onOrAfter(`${year + 1}-01-01`, 7);
    if (last >= today) return { first, last };
  }
}

/** The Téléthon (first weekend of December) still to come: its Saturday. */
function nextTelethon(today: string): string {
  for (let year = Number(today.slice(0, 4)); ; year++) {
    const saturday = onOrAfter(`${year}-12-01`, 6);
    if (saturday > addDays(today, 3)) return saturday;
  }
}

export function contentSeed(now: Date = new Date()) {
  const today = parisDate(now);
  const year = Number(today.slice(0, 4));
  const seasonStartYear = Number(today.slice(5, 7)) >= 9 ? year : year - 1;
  const season = `${seasonStartYear}-${seasonStartYear + 1}`;

  const telethon = nextTelethon(today);
  const stage = onOrAfter(addDays(today, 14), 6);
  const closure = christmasClosure(today);
  // A class-like session never falls inside the club's own closure.
  const parentsChildrenCandidate = onOrAfter(addDays(today, 28), 6);
  const parentsChildren =
    parentsChildrenCandidate >= closure.first && parentsChildrenCandidate <= closure.last
      ? onOrAfter(addDays(closure.last, 1), 6)
      : parentsChildrenCandidate;
  const generalAssembly = onOrAfter(addDays(today, 40), 5);
  const competition = onOrAfter(addDays(today, 49), 7);
  const grading = onOrAfter(addDays(today, 84), 6);

  const juneGrading = mostRecent(today, 6, 20);
  const rentree = mostRecent(today, 9, 1);
  const openDay = mostRecent(today, 9, 12);
  const regionalStage = mostRecent(today, 10, 11);
  const telethonNews = addDays(today, -6);

  const newsItems = [
    {
      title: "Passage de grades de juin : bravo à tous les candidats !",
      day: juneGrading,
      summary:
        "Dernier rendez-vous de la saison, le passage de grades a réuni enfants, adolescents et adultes au dojo. Retour sur un après-midi exigeant et chaleureux.",
      body: `<p>Samedi, le dojo était plein pour le traditionnel passage de grades de fin de saison. Devant un jury composé des enseignants du club, les candidats ont présenté les techniques de base, leurs quyền, les exercices de self-défense et, pour les plus avancés, les fameux ciseaux.</p>
<p>Les plus jeunes ont montré une belle concentration pendant leur salut et leur premier quyền, et plusieurs adultes ont franchi une étape importante vers la ceinture jaune.</p>
<h2>Merci à tous</h2>
<p>Merci aux familles venues encourager les candidats, et aux pratiquants plus gradés qui ont servi de partenaires toute l'après-midi. Les résultats détaillés ont été remis à chacun à l'issue de la séance.</p>
<p>Rendez-vous à la rentrée de septembre pour continuer à progresser ensemble !</p>`,
    },
    {
      title: `Rentrée ${season} : reprise des cours`,
      day: rentree,
      summary:
        "Les cours reprennent pour tous les groupes. Débutants bienvenus : deux cours d'essai gratuits avant de s'inscrire.",
      body: `<p>Les cours reprennent aux horaires habituels pour les enfants, les adolescents et les adultes. Les anciens comme les nouveaux sont les bienvenus.</p>
<h2>Vous découvrez le Vovinam ?</h2>
<p>Venez essayer : <strong>les deux premiers cours sont gratuits</strong> et sans engagement. Une tenue de sport souple suffit pour commencer ; on pratique pieds nus.</p>
<h2>Pour s'inscrire</h2>
<ul>
<li>le formulaire d'inscription rempli et signé ;</li>
<li>le certificat médical ou l'attestation du questionnaire de santé, selon votre situation ;</li>
<li>le règlement de la cotisation (paiement possible en trois fois, Pass'Sport accepté).</li>
</ul>
<p>Tous les documents sont sur la page <a href="/inscription-documents">Inscription et documents</a>. Des questions ? <a href="/contact">Écrivez-nous</a>.</p>`,
    },
    {
      title: "Forum des associations : merci de votre visite !",
      day: openDay,
      summary:
        "Démonstrations, questions des familles et premières inscriptions : le club était présent au forum des associations de la ville.",
      body: `<p>Comme chaque année, le club tenait un stand au forum des associations. Entre deux démonstrations de techniques de base et de self-défense, les bénévoles ont répondu aux nombreuses questions des parents et des futurs pratiquants.</p>
<blockquote><p>« Est-ce qu'il faut être souple pour commencer ? » Non : la souplesse vient avec l'entraînement !</p></blockquote>
<p>Vous n'avez pas pu passer nous voir ? Il n'est pas trop tard : les cours d'essai sont possibles toute l'année. Consultez les <a href="/tarifs-horaires">horaires des cours</a> et venez nous rencontrer au dojo.</p>`,
    },
    {
      title: "Stage régional : une journée de technique et de partage",
      day: regionalStage,
      summary:
        "Une dizaine de pratiquants du club ont participé au stage régional, aux côtés de clubs de toute l'Île-de-France.",
      body: `<p>Une dizaine de pratiquants du club ont rejoint le stage régional de Viet Vo Dao. Au programme : révision des techniques de base, travail des enchaînements de ciseaux (<em>đòn chân tấn công</em>) et préparation des quyền du prochain passage de grades.</p>
<p>Ces stages sont l'occasion de pratiquer avec d'autres clubs et de profiter de l'expérience d'enseignants venus de toute la région. Une belle journée, fatigante mais pleine de bonne humeur.</p>
<p>Les prochains stages sont annoncés dans le <a href="/la-vie-du-club/calendrier">calendrier du club</a>.</p>`,
    },
    {
      title: "Téléthon : le club fait une démonstration",
      day: telethonNews,
      summary: `Le ${formatDayMonth(telethon)}, les pratiquants du club présentent le Vovinam au profit du Téléthon. Venez nombreux !`,
      body: `<p>Cette année encore, le club participe au Téléthon. <strong>Le ${formatDayMonth(telethon)}, de 10 h à 12 h</strong>, enfants et adultes présenteront les techniques du Vovinam Viet Vo Dao : salut, quyền, self-défense et quelques ciseaux spectaculaires.</p>
<p>Une urne sera à disposition pour vos dons, intégralement reversés à l'AFM-Téléthon.</p>
<p>Fidèles à notre devise, « Être fort pour être utile », nous comptons sur vous pour venir encourager les pratiquants !</p>`,
    },
  ];

  const articleRows = newsItems.map((n) => ({
    slug: slugify(n.title),
    title: n.title,
    summary: n.summary,
    body: sanitizeRichText(n.body),
    status: "publie",
    publishedAt: parisTime(n.day, "18:00"),
  }));

  const eventRows = [
    {
      title: "Stage technique : ciseaux et self-défense",
      description:
        "Stage ouvert à tous les pratiquants du club à partir de la ceinture bleue. Révision des ciseaux (đòn chân tấn công) et des dégagements de saisies. Apportez de quoi vous hydrater.",
      startsAt: parisTime(stage, "14:00"),
      endsAt: parisTime(stage, "17:00"),
      allDay: false,
      place: "Gymnase Casalis, dojo",
      category: "stage",
      membersOnly: false,
    },
    {
      title: "Démonstration au profit du Téléthon",
      description:
        "Les pratiquants du club présentent le Vovinam Viet Vo Dao : techniques de base, quyền, self-défense. Entrée libre, dons reversés à l'AFM-Téléthon.",
      startsAt: parisTime(telethon, "10:00"),
      endsAt: parisTime(telethon, "12:00"),
      allDay: false,
      place: "Gymnase Casalis, hall d'entrée",
      category: "demonstration",
      membersOnly: false,
    },
    {
      title: "Fermeture du club pendant les vacances de Noël",
      description: "Pas de cours pendant les vacances scolaires de fin d'année. Bonnes fêtes à tous !",
      ...allDayRange(closure.first, closure.last),
      allDay: true,
      place: "",
      category: "fermeture",
      membersOnly: false,
    },
    {
      title: "Séance parents-enfants",
      description:
        "Les parents sont invités à monter sur le tatami avec leurs enfants (6-11 ans) le temps d'un cours. Tenue de sport souple, pieds nus.",
      startsAt: parisTime(parentsChildren, "10:00"),
      endsAt: parisTime(parentsChildren, "11:00"),
      allDay: false,
      place: "Gymnase Casalis, dojo",
      category: "cours",
      membersOnly: false,
    },
    {
      title: "Coupe régionale Île-de-France",
      description:
        "Compétition de techniques (quyền) et de combat. Les compétiteurs du club reçoivent les horaires de passage et le lieu exact par e-mail ; le public est bienvenu pour les encourager.",
      ...allDayRange(competition),
      allDay: true,
      place: "Île-de-France (lieu communiqué aux compétiteurs)",
      category: "competition",
      membersOnly: false,
    },
    {
      title: "Passage de grades de mi-saison",
      description:
        "Pour les pratiquants que les enseignants ont proposés. Tenue complète et ceinture actuelle obligatoires. Les familles sont les bienvenues.",
      startsAt: parisTime(grading, "14:00"),
      endsAt: parisTime(grading, "17:30"),
      allDay: false,
      place: "Gymnase Casalis, dojo",
      category: "passage-de-grades",
      membersOnly: false,
    },
    {
      title: "Assemblée générale de l'association",
      description:
        "Bilan moral et financier de la saison, projets, élection du bureau. Tous les adhérents (et les parents des adhérents mineurs) sont invités ; un pot amical suivra.",
      startsAt: parisTime(generalAssembly, "19:30"),
      endsAt: parisTime(generalAssembly, "21:30"),
      allDay: false,
      place: "Gymnase Casalis, salle de réunion",
      category: "autre",
      membersOnly: true,
    },
  ];

  const comicRows = [
    {
      title: "La tenue bleue",
      src: "/comics/la-tenue-bleue.svg",
      alt: COMIC_ALTS.tenue,
      position: 1,
      publishedAt: parisTime(addDays(today, -75), "12:00"),
    },
    {
      title: "Les fameux ciseaux",
      src: "/comics/les-fameux-ciseaux.svg",
      alt: COMIC_ALTS.ciseaux,
      position: 2,
      publishedAt: parisTime(addDays(today, -40), "12:00"),
    },
    {
      title: "Être fort pour être utile",
      src: "/comics/etre-fort-pour-etre-utile.svg",
      alt: COMIC_ALTS.utile,
      position: 3,
      publishedAt: parisTime(addDays(today, -8), "12:00"),
    },
  ];

  return { articles: articleRows, events: eventRows, comics: comicRows };
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
  await db.insert(events).values(seed.events);
  await db.insert(comics).values(seed.comics);
}
